// Vector tiles cut on the fly from the project's own GeoJSON, so the local base map needs no
// outside network. Each source is read and indexed on its first request only (the NSW road file
// alone is 6 MB), and every tile made is kept in memory.
import type * as GeoJSON from 'geojson';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';

export interface TileSourceDef {
  file: string;
  /** Layer name inside the tile (the style's source-layer). */
  layer: string;
  minzoom: number;
  maxzoom: number;
  /** Only these properties go into the tiles: smaller tiles, no stray attributes. */
  keep: string[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export const TILE_SOURCES: Record<string, TileSourceDef> = {
  roads: { file: 'data/roads/nsw-major-roads.geojson', layer: 'roads', minzoom: 4, maxzoom: 14, keep: ['name', 'ref', 'class'] },
  lga: { file: 'data/lga/australia-lga.geojson', layer: 'lga', minzoom: 3, maxzoom: 12, keep: ['lga_code', 'lga_name'] },
  places: { file: 'data/places/nsw-localities.geojson', layer: 'places', minzoom: 5, maxzoom: 14, keep: ['name', 'kind'] },
};

interface FeatureLike {
  type: 'Feature';
  properties: Record<string, unknown> | null;
  geometry: unknown;
}

const indexes = new Map<string, Promise<GeoJSONVT>>();
const tiles = new Map<string, Uint8Array>();
/** Tiles are small; the cap only guards a long-running dev server against an unbounded crawl. */
const MAX_CACHED_TILES = 20_000;

/**
 * Reads a source's GeoJSON (a path relative to the project root, or absolute) and indexes it
 * for cutting tiles up to `maxZoom` (default: the source's own maxzoom).
 */
export async function loadTileIndex(def: TileSourceDef, maxZoom = def.maxzoom): Promise<GeoJSONVT> {
  const raw = JSON.parse(await readFile(path.resolve(ROOT, def.file), 'utf8')) as { features: FeatureLike[] };
  const features = raw.features.map((f) => ({
    type: 'Feature' as const,
    geometry: f.geometry,
    properties: Object.fromEntries(def.keep.filter((k) => f.properties?.[k] != null).map((k) => [k, f.properties![k]])),
  }));
  return new GeoJSONVT({ type: 'FeatureCollection', features } as GeoJSON.FeatureCollection, {
    maxZoom,
    indexMaxZoom: 6,
    tolerance: 3,
    buffer: 64,
  });
}

/**
 * One tile as protobuf bytes; null where the index has no tile, and with `skipEmpty` also where
 * the tile has no feature left (the dev server answers those with an empty layer).
 */
export function encodeTile(index: GeoJSONVT, def: TileSourceDef, z: number, x: number, y: number, skipEmpty = false): Uint8Array | null {
  const tile = index.getTile(z, x, y);
  if (!tile || (skipEmpty && tile.features.length === 0)) return null;
  return fromGeojsonVt({ [def.layer]: tile }, { version: 2, extent: 4096 });
}

function indexFor(name: string, def: TileSourceDef): Promise<GeoJSONVT> {
  let index = indexes.get(name);
  if (!index) {
    index = loadTileIndex(def);
    // A failed read must not poison the cache: the next request tries again.
    index.catch(() => indexes.delete(name));
    indexes.set(name, index);
  }
  return index;
}

/** The tile as protobuf bytes; an empty Uint8Array where the source has nothing; null for an unknown source or zoom. */
export async function getTile(source: string, z: number, x: number, y: number): Promise<Uint8Array | null> {
  const def = TILE_SOURCES[source];
  if (!def || z < 0 || z > def.maxzoom || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return null;
  const key = `${source}/${z}/${x}/${y}`;
  const cached = tiles.get(key);
  if (cached) return cached;
  const bytes = encodeTile(await indexFor(source, def), def, z, x, y) ?? new Uint8Array(0);
  if (tiles.size >= MAX_CACHED_TILES) tiles.delete(tiles.keys().next().value!);
  tiles.set(key, bytes);
  return bytes;
}
