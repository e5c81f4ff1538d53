import { describe, expect, it } from 'vitest';
import { PbfReader } from 'pbf';
import { getTile } from '../../../local/map/tiles';
import { buildMapStyle } from '../../../local/map/style';

// Web Mercator tile containing a point (Forbes, NSW).
function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [x, y];
}

/** Layer names and feature counts of a vector tile (MVT spec: layers are field 3, features field 2, name field 1). */
function readLayers(bytes: Uint8Array): Record<string, number> {
  const layers: Record<string, number> = {};
  new PbfReader(bytes).readFields((tag, _, pbf) => {
    if (tag !== 3) return;
    const layer = { name: '', features: 0 };
    pbf!.readMessage((t, l, p) => {
      if (t === 1) l.name = p!.readString();
      else if (t === 2) l.features++; // left unread: readFields skips it
    }, layer);
    layers[layer.name] = layer.features;
  }, undefined);
  return layers;
}

describe('local vector tiles', () => {
  it('cuts the NSW roads around Forbes into a non-empty roads layer', async () => {
    const [x, y] = tileOf(148.01, -33.38, 10);
    const tile = await getTile('roads', 10, x, y);
    expect(tile).not.toBeNull();
    expect(tile!.byteLength).toBeGreaterThan(100);
    expect(readLayers(tile!).roads).toBeGreaterThan(0);
  });

  it('serves LGA boundaries and places as their own layers', async () => {
    const [x, y] = tileOf(148.01, -33.38, 8);
    expect(readLayers((await getTile('lga', 8, x, y))!).lga).toBeGreaterThan(0);
    expect(readLayers((await getTile('places', 8, x, y))!).places).toBeGreaterThan(0);
  });

  it('returns the same cached bytes for a repeated tile', async () => {
    const [x, y] = tileOf(148.01, -33.38, 9);
    const first = await getTile('roads', 9, x, y);
    expect(await getTile('roads', 9, x, y)).toBe(first);
  });

  it('refuses unknown sources and out-of-range tiles', async () => {
    expect(await getTile('water', 5, 1, 1)).toBeNull();
    expect(await getTile('roads', 3, 8, 0)).toBeNull();
    expect(await getTile('roads', 15, 0, 0)).toBeNull();
  });

  it('gives an empty tile where a source has no data (open ocean)', async () => {
    const tile = await getTile('roads', 6, 0, 0);
    expect(tile).not.toBeNull();
    expect(tile!.byteLength).toBe(0);
  });
});

describe('local map style', () => {
  const style = buildMapStyle('http://127.0.0.1:3999') as {
    glyphs?: string;
    sources: Record<string, { tiles: string[]; attribution: string }>;
    layers: Array<{ id: string; type: string; source?: string; layout?: Record<string, unknown> }>;
  };

  it('points every source at this origin and credits OSM, OpenMapTiles and the ABS', () => {
    for (const source of Object.values(style.sources)) {
      expect(source.tiles[0]).toMatch(/^http:\/\/127\.0\.0\.1:3999\/tiles\/[a-z]+\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
      expect(source.attribution).toContain('© OpenStreetMap contributors, © OpenMapTiles');
      expect(source.attribution).toContain('Australian Bureau of Statistics');
    }
  });

  it('labels places, LGAs and roads without a glyph server', () => {
    expect(style.glyphs).toBeUndefined();
    const labelled = style.layers.filter((l) => l.type === 'symbol').map((l) => l.source);
    expect(new Set(labelled)).toEqual(new Set(['roads', 'places', 'lga']));
  });
});
