// The static base map build (scripts/build-map-tiles.ts) on the small Forbes road fixture.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMapTiles, type MapTilesStats } from '../../../scripts/build-map-tiles';
import { buildMapStyle } from '../../../local/map/style';
import { encodeTile, getTile, loadTileIndex, TILE_SOURCES } from '../../../local/map/tiles';

const FORBES = fileURLToPath(new URL('../../fixtures/roads/forbes-roads.geojson', import.meta.url));
const sources = { roads: { ...TILE_SOURCES.roads, file: FORBES } };

describe('pre-built base map tiles', () => {
  let out: string;
  let stats: MapTilesStats;
  let files: string[];

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'map-tiles-'));
    stats = await buildMapTiles({ outDir: out, maxZoom: 9, sources });
    files = readdirSync(join(out, 'tiles'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.pbf'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes only non-empty tiles, from the source minzoom to the max zoom, and counts them', () => {
    const zooms = new Set(files.map((f) => Number(f.split('/')[1])));
    expect([...zooms].sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(files.every((f) => f.startsWith('roads/'))).toBe(true);
    expect(stats.sources.roads).toMatchObject({ files: files.length, maxzoom: 9 });
    // The tiles plus one style file per base layer (streets and minimal).
    expect(stats.files).toBe(files.length + 2);
    for (const f of files) expect(readFileSync(join(out, 'tiles', f)).byteLength).toBeGreaterThan(0);
    // Forbes is one small area: one tile per zoom level or a few where roads cross a tile edge.
    expect(files.length).toBeLessThan(40);
  });

  it('writes tiles that decode to the roads layer with the kept properties only', () => {
    for (const f of files) {
      const tile = new VectorTile(new PbfReader(readFileSync(join(out, 'tiles', f))));
      expect(Object.keys(tile.layers)).toEqual(['roads']);
      expect(tile.layers.roads.length).toBeGreaterThan(0);
    }
    const z9 = files.filter((f) => f.startsWith('roads/9/'));
    const names = z9.flatMap((f) => {
      const layer = new VectorTile(new PbfReader(readFileSync(join(out, 'tiles', f)))).layers.roads;
      return Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties);
    });
    expect(names.some((p) => p.name === 'Newell Highway')).toBe(true);
    for (const p of names) expect(Object.keys(p).every((k) => ['name', 'ref', 'class'].includes(k))).toBe(true);
  });

  it('writes the same tiles the dev server cuts, where the source is the same', async () => {
    // Same code path as local/map/tiles.ts: with the same input, the same bytes.
    const index = await loadTileIndex(sources.roads, 9);
    const [first] = files.filter((f) => f.startsWith('roads/9/'));
    const [, z, x, y] = first.replace('.pbf', '').split('/').map(Number);
    expect(Buffer.from(encodeTile(index, sources.roads, z, x, y)!)).toEqual(readFileSync(join(out, 'tiles', first)));
    // The dev server still answers any tile of its own sources, empty ones as an empty body.
    expect(await getTile('roads', 0, 0, 0)).not.toBeNull();
  });

  it('writes a style whose sources point at root-relative tiles and stop at the built zoom', () => {
    const style = JSON.parse(readFileSync(join(out, 'map-style.json'), 'utf8'));
    expect(style.version).toBe(8);
    expect(style.sources.roads).toMatchObject({ type: 'vector', tiles: ['/tiles/roads/{z}/{x}/{y}.pbf'], minzoom: 4, maxzoom: 9 });
    expect(style.sources.lga.maxzoom).toBe(9);
    expect(style.layers.map((l: { id: string }) => l.id)).toEqual(
      (buildMapStyle('').layers as { id: string }[]).map((l) => l.id),
    );
  });

  it('writes the minimal base layer from the same tiles and fonts, greys only', () => {
    const minimal = JSON.parse(readFileSync(join(out, 'map-style-minimal.json'), 'utf8'));
    const streets = JSON.parse(readFileSync(join(out, 'map-style.json'), 'utf8'));
    expect(minimal.name).toBe('Road closures minimal (local)');
    expect(minimal.metadata['road-closures:base-layer']).toBe('minimal');
    expect(minimal.sources).toEqual(streets.sources);
    expect(minimal.layers.map((l: { id: string }) => l.id)).toEqual(streets.layers.map((l: { id: string }) => l.id));
    const fonts = (style: { layers: Array<{ layout?: Record<string, unknown> }> }) => style.layers.map((l) => l.layout?.['text-font'] ?? null);
    expect(fonts(minimal)).toEqual(fonts(streets));
    // Every colour in the minimal style is a grey (r = g = b), so closures are the only colour.
    const colours = JSON.stringify(minimal.layers).match(/#[0-9a-f]{6}/g)!;
    expect(colours.length).toBeGreaterThan(5);
    for (const c of colours) expect(c.slice(1, 3) === c.slice(3, 5) && c.slice(3, 5) === c.slice(5, 7)).toBe(true);
    expect(JSON.stringify(streets.layers)).toContain('#e07b39');
  });

  it('leaves the dev server style at each source own maxzoom, and caps per source on request', () => {
    const local = buildMapStyle('http://127.0.0.1:3000') as { sources: Record<string, { maxzoom: number; tiles: string[] }> };
    expect(local.sources.roads).toMatchObject({ maxzoom: 14, tiles: ['http://127.0.0.1:3000/tiles/roads/{z}/{x}/{y}.pbf'] });
    expect(local.sources.lga.maxzoom).toBe(12);
    const capped = buildMapStyle('', { maxzoom: { lga: 10 } }) as typeof local;
    expect([capped.sources.roads.maxzoom, capped.sources.lga.maxzoom, capped.sources.places.maxzoom]).toEqual([14, 10, 14]);
  });
});
