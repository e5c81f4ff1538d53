// Pre-cuts the local base map (local/map) into static files for the AWS web deployment:
// <out>/map-style.json (and one style file per other base layer, e.g. map-style-minimal.json) and
// <out>/tiles/{source}/{z}/{x}/{y}.pbf, with the same tile and style
// code the dev server runs. Tiles stop at a max zoom (the style says so, and MapLibre overzooms
// beyond it) and empty tiles are not written: a missing tile is a 403/404 that MapLibre draws as
// empty. Run after the web build: vite empties dist/web.
//
//   tsx scripts/build-map-tiles.ts [--out dist/web] [--max-zoom N (all sources; default per source)]
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BASE_LAYER_IDS, MAP_STYLE_PATHS, buildMapStyle, sourceMaxZoom } from '../local/map/style';
import { encodeTile, loadTileIndex, TILE_SOURCES, type TileSourceDef } from '../local/map/tiles';

/**
 * z11 keeps roads and places sharp enough to overzoom; LGA polygons cover the whole continent,
 * so every level more quadruples their tile count (z11 alone would be 26k files) while the
 * dashed outline gains nothing the app's own LGA overlay does not draw.
 */
export const DEFAULT_MAX_ZOOM: Record<string, number> = { roads: 11, lga: 10, places: 11 };

export interface BuildMapTilesOptions {
  outDir: string;
  /** A cap for every source, or per source name. */
  maxZoom?: number | Record<string, number>;
  /** Defaults to the dev server's sources; tests pass a small file. */
  sources?: Record<string, TileSourceDef>;
}

export interface MapTilesStats {
  files: number;
  bytes: number;
  sources: Record<string, { files: number; bytes: number; maxzoom: number }>;
}

async function writeSource(name: string, def: TileSourceDef, maxzoom: number, tilesDir: string) {
  const index = await loadTileIndex(def, maxzoom);
  const stats = { files: 0, bytes: 0, maxzoom };
  // Depth-first from the world tile: a tile with nothing in it has nothing under it either.
  const visit = async (z: number, x: number, y: number): Promise<void> => {
    const bytes = encodeTile(index, def, z, x, y, true);
    if (!bytes) return;
    // Below the source's minzoom MapLibre never asks, but the descent passes through.
    if (z >= def.minzoom) {
      const dir = path.join(tilesDir, name, String(z), String(x));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${y}.pbf`), bytes);
      stats.files++;
      stats.bytes += bytes.byteLength;
    }
    if (z === maxzoom) return;
    for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) await visit(z + 1, x * 2 + dx, y * 2 + dy);
  };
  await visit(0, 0, 0);
  return stats;
}

export async function buildMapTiles(options: BuildMapTilesOptions): Promise<MapTilesStats> {
  const maxZoom = options.maxZoom ?? DEFAULT_MAX_ZOOM;
  const sources = options.sources ?? TILE_SOURCES;
  const tilesDir = path.join(options.outDir, 'tiles');
  // Stale tiles of an earlier, larger build would otherwise be uploaded too.
  await rm(tilesDir, { recursive: true, force: true });
  await mkdir(options.outDir, { recursive: true });
  const result: MapTilesStats = { files: 1, bytes: 0, sources: {} };
  for (const [name, def] of Object.entries(sources)) {
    const stats = await writeSource(name, def, sourceMaxZoom(name, { maxzoom: maxZoom }), tilesDir);
    result.sources[name] = stats;
    result.files += stats.files;
    result.bytes += stats.bytes;
  }
  // Root-relative tile URLs: the deployment (lib/web-deployment.ts) makes them absolute with the
  // site's origin, which only exists at deploy time.
  for (const baseLayer of BASE_LAYER_IDS) {
    const style = JSON.stringify(buildMapStyle('', { maxzoom: maxZoom, baseLayer }));
    await writeFile(path.join(options.outDir, MAP_STYLE_PATHS[baseLayer].slice(1)), style);
    if (baseLayer !== 'streets') result.files += 1;
    result.bytes += Buffer.byteLength(style);
  }
  return result;
}

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const outDir = path.resolve(argument('--out') ?? 'dist/web');
  const given = argument('--max-zoom');
  const maxZoom = given === undefined ? DEFAULT_MAX_ZOOM : Number(given);
  if (typeof maxZoom === 'number' && !(Number.isInteger(maxZoom) && maxZoom >= 0 && maxZoom <= 16)) {
    throw new Error(`--max-zoom must be 0..16 (got ${given})`);
  }
  const started = Date.now();
  const stats = await buildMapTiles({ outDir, maxZoom });
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  for (const [name, s] of Object.entries(stats.sources)) console.log(`${name}: ${s.files} tiles, ${mb(s.bytes)}, z${s.maxzoom}`);
  console.log(`${stats.files} files, ${mb(stats.bytes)} in ${path.relative(process.cwd(), outDir) || '.'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
