// The claim pack of a disaster event (docs/drfa.md#the-claim-pack): one zip with a PDF summary,
// each register as CSV, all of them in one workbook (one sheet each, the totals last), and the
// closures' lines as GeoJSON. Further parts (the photo register and the original photos) come in
// as registers and entries of their own: `PackParts`. Pure: the caller stores the zip.
import { strToU8, zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { claimRegisters, registerCsv, type PackData, type Register } from './pack-registers';
import { claimSummaryPdf } from './pack-pdf';

/** A file of the pack: its path in the zip and its bytes. */
export interface PackEntry {
  path: string;
  body: Uint8Array;
  /** Already compressed (JPEG photos): stored as it is rather than deflated again. */
  stored?: boolean;
}

/**
 * What other parts of the product add to a pack: registers (a CSV and a workbook sheet each,
 * before the totals sheet) and files as they are. The photo register and the original photos
 * arrive here (lambdas/api/comms/claim-pack.ts, `photoParts`).
 */
export interface PackParts {
  registers?: Register[];
  entries?: PackEntry[];
}

/** "drfa-claim-12900-agrn-1034-lachlan-river-flood" */
export function packBaseName(d: PackData): string {
  const slug = d.event.name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
  return `drfa-claim-${d.lgaCode}${d.event.agrn ? `-agrn-${d.event.agrn}` : ''}${slug ? `-${slug}` : ''}`;
}

export function closuresGeoJson(d: PackData): string {
  const features = d.closures.map((c) => ({
    type: 'Feature',
    id: c.id,
    geometry: c.geometry,
    properties: {
      closureId: c.id,
      type: c.typeText,
      road: c.road,
      locality: c.locality,
      address: c.address,
      roadSegmentId: c.segment?.roadSegmentId ?? null,
      chainageStartKm: c.segment?.chainageStartKm ?? null,
      chainageEndKm: c.segment?.chainageEndKm ?? null,
      lengthMetres: c.lengthMetres,
      firstInEffect: new Date(c.firstClosed * 1000).toISOString(),
      inEffectUntil: c.closedUntil == null ? null : new Date(c.closedUntil * 1000).toISOString(),
      closedHours: Math.round((c.closedSeconds / 3600) * 100) / 100,
      changedConditionsHours: Math.round((c.changedSeconds / 3600) * 100) / 100,
      deleted: c.deletedAt != null,
      deletedAt: c.deletedAt == null ? null : new Date(c.deletedAt * 1000).toISOString(),
      event: d.event.name,
      agrn: d.event.agrn ?? null,
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features }, null, 1);
}

async function workbook(registers: Register[]): Promise<Uint8Array> {
  const sheets = registers.map((r) => ({
    sheet: r.sheet.slice(0, 31),
    stickyRowsCount: 1,
    // Wide enough for the longest value, within reason (long texts wrap in the cell when opened).
    columns: r.header.map((h, i) => ({ width: Math.min(50, Math.max(10, h.length + 2, ...r.rows.map((row) => String(row[i] ?? '').length + 2))) })),
    data: [r.header.map((h) => ({ value: h, fontWeight: 'bold' as const })), ...r.rows.map((row) => row.map((v) => (v == null || v === '' ? null : v)))],
  }));
  return new Uint8Array(await writeXlsxFile(sheets).toBuffer());
}

const README = (d: PackData, files: string[]) =>
  [
    `DRFA claim pack: ${d.event.name}${d.event.agrn ? ` (AGRN ${d.event.agrn})` : ''}, ${d.lgaName ?? ''} (LGA ${d.lgaCode}).`,
    `Every time is in ${d.timeZone}. Amounts are Australian dollars. Closures deleted after they happened are kept and marked "Deleted".`,
    '',
    ...files,
    '',
  ].join('\r\n');

/** Every file of the pack, the summary first. */
export async function claimPackEntries(d: PackData, parts: PackParts = {}): Promise<PackEntry[]> {
  const own = claimRegisters(d);
  // The totals sheet stays last, after any register another part brings.
  const registers = [...own.slice(0, -1), ...(parts.registers ?? []), ...own.slice(-1)];
  const base = packBaseName(d);
  const files: PackEntry[] = [
    ...registers.map((r) => ({ path: r.file, body: strToU8(registerCsv(r)) })),
    { path: 'registers.xlsx', body: await workbook(registers) },
    { path: 'closures.geojson', body: strToU8(closuresGeoJson(d)) },
    ...(parts.entries ?? []),
  ];
  const summaryPath = `${base}-summary.pdf`;
  const listing = [summaryPath, 'README.txt', ...files.map((f) => f.path)];
  return [
    { path: summaryPath, body: await claimSummaryPdf(d, listing) },
    { path: 'README.txt', body: strToU8(README(d, listing)) },
    ...files,
  ];
}

/** The zip of the entries (stored times are the pack's generation time). */
export function zipPack(entries: readonly PackEntry[], generated: number): Uint8Array {
  const mtime = new Date(generated * 1000);
  const paths = new Set<string>();
  const tree: Record<string, [Uint8Array, { mtime: Date; level: 0 | 6 }]> = {};
  for (const e of entries) {
    if (paths.has(e.path)) throw new Error(`The claim pack has two files at ${e.path}`);
    paths.add(e.path);
    tree[e.path] = [e.body, { mtime, level: e.stored ? 0 : 6 }];
  }
  return zipSync(tree);
}
