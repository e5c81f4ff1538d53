// Reads a claim pack as an assessor's tools would: the zip's files, its CSV registers as rows of
// text, and its workbook's sheets (names and cell values) from the XLSX's own XML.
import { strFromU8, unzipSync } from 'fflate';

export type Files = Record<string, Uint8Array>;

export const unzip = (bytes: Uint8Array): Files => unzipSync(bytes);

/** RFC 4180 rows, header first. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** The CSV as objects keyed by its header. */
export function csvRecords(files: Files, path: string): Record<string, string>[] {
  const file = files[path];
  if (!file) throw new Error(`no ${path} in the pack (has ${Object.keys(files).join(', ')})`);
  const [header, ...rows] = parseCsv(strFromU8(file));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Each sheet of the workbook by name: rows of cell values (numbers as numbers). */
export function readXlsx(bytes: Uint8Array): Record<string, (string | number | null)[][]> {
  const x = unzipSync(bytes);
  const text = (p: string) => (x[p] ? strFromU8(x[p]) : '');
  const strings = [...text('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => decode([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const rels = Object.fromEntries([...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship [^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const relsAlt = Object.fromEntries([...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship [^>]*?Target="([^"]+)"[^>]*?Id="([^"]+)"/g)].map((m) => [m[2], m[1]]));
  const sheets: Record<string, (string | number | null)[][]> = {};
  for (const m of text('xl/workbook.xml').matchAll(/<sheet [^>]*?\/>/g)) {
    const name = decode(/name="([^"]+)"/.exec(m[0])![1]);
    const rid = /r:id="([^"]+)"/.exec(m[0])![1];
    const target = (rels[rid] ?? relsAlt[rid]).replace(/^\/?(xl\/)?/, '');
    const rows: (string | number | null)[][] = [];
    for (const r of text(`xl/${target}`).matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)) {
      const row: (string | number | null)[] = [];
      for (const c of r[1].matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const col = [...c[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
        const value = /<v>([\s\S]*?)<\/v>/.exec(c[3] ?? '')?.[1];
        const inline = /<is>[\s\S]*?<t[^>]*>([\s\S]*?)<\/t>/.exec(c[3] ?? '')?.[1];
        const type = /t="([^"]+)"/.exec(c[2])?.[1];
        row[col] = type === 's' ? strings[Number(value)] : type === 'inlineStr' ? decode(inline ?? '') : type === 'str' ? decode(value ?? '') : value == null ? null : Number(value);
      }
      rows.push(Array.from(row, (v) => v ?? null));
    }
    sheets[name] = rows;
  }
  return sheets;
}
