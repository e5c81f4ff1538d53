// The public pages' initial JavaScript (budget 150 kB gzip, docs/performance.md): the chunks the
// entry HTML loads (the entry and its static imports) plus the page's own lazy chunk and its static
// imports, before the MapLibre chunk. Read from the production build's manifest (npm run
// build:web).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { against, type SectionOutcome } from './support/report';

export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const DIST = path.resolve(import.meta.dirname, '../dist/web');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The source module of each public page's lazy chunk (keys of the manifest, relative to web/). */
export const PUBLIC_PAGES: Record<string, string> = {
  '/home': 'src/app/routes/home.tsx',
  '/map': 'src/features/public-map/PublicMapPage.tsx',
  '/help': 'src/features/help/components/HelpPage.tsx',
};

const isMapLibre = (chunk: ManifestChunk) => /maplibre-gl/.test(chunk.file);

function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(key) || isMapLibre(chunk) || !chunk.file.endsWith('.js')) return;
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

export interface InitialJs {
  page: string;
  chunks: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

export function readManifest(dist = DIST): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The page's initial chunks and their gzip sizes (level 9, as a CDN compresses). */
export function initialJsOf(manifest: Manifest, page: string, dist = DIST): InitialJs {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('The build manifest has no index.html entry');
  const keys = new Set<string>();
  staticClosure(manifest, entry, keys);
  const source = PUBLIC_PAGES[page];
  if (!source || !manifest[source]) throw new Error(`No chunk for ${page} (${source}) in the build manifest`);
  staticClosure(manifest, source, keys);
  const chunks = [...keys].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length };
  });
  return { page, chunks, gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0) };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function benchInitialJs(): Promise<SectionOutcome> {
  if (!existsSync(path.join(DIST, '.vite/manifest.json'))) return { skipped: 'no production build in dist/web: run npm run build:web first' };
  const manifest = readManifest();
  const rows = Object.keys(PUBLIC_PAGES).map((page) => initialJsOf(manifest, page));
  const lines = ['page    | chunks | initial JS (gzip) | budget', '------- | ------ | ----------------- | ------'];
  for (const row of rows) lines.push(`${row.page.padEnd(7)} | ${String(row.chunks.length).padStart(6)} | ${kB(row.gzipBytes).padStart(17)} | ${kB(INITIAL_JS_BUDGET_BYTES)}`);
  const largest = [...rows[1]!.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5);
  lines.push('', `largest on /map: ${largest.map((c) => `${c.file.replace('assets/', '')} ${kB(c.gzipBytes)}`).join(', ')}`);
  return {
    printed: lines.join('\n'),
    inputs: 'the production build in dist/web (npm run build:web), gzip level 9 as a CDN compresses; not synthetic',
    figures: rows.map((row) => against(`${row.page}: initial JS (gzip), ${row.chunks.length} chunks`, kB(row.gzipBytes), `≤ ${kB(INITIAL_JS_BUDGET_BYTES)}`, row.gzipBytes <= INITIAL_JS_BUDGET_BYTES)),
  };
}
