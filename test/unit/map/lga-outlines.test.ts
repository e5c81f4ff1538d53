// The boundaries a map draws: the LGAs around the view rather than the whole bundle, and a cover
// that stays put (the same object, so nothing is re-sent to the map) while the view is inside it.
import { readFileSync } from 'node:fs';
import type * as GeoJSON from 'geojson';
import { describe, expect, it } from 'vitest';
import { bboxOfGeometry, FORBES_BBOX, type Bbox } from '../../../web/src/features/map/geo';
import { boundaryIndex, containsBbox, grownBbox, nextCover, outlinesWithin } from '../../../web/src/features/map/lga-outlines';

const square = (code: string, west: number, south: number, size: number): GeoJSON.Feature => ({
  type: 'Feature',
  properties: { code },
  geometry: { type: 'Polygon', coordinates: [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]]] },
});

describe('the cover around a view', () => {
  it('is the view grown by its own width and height on every side', () => {
    expect(grownBbox([147, -34, 148, -33.5])).toEqual([146, -34.5, 149, -33]);
    expect(containsBbox([146, -34.5, 149, -33], [147, -34, 148, -33.5])).toBe(true);
    expect(containsBbox([146, -34.5, 149, -33], [145.9, -34, 148, -33.5])).toBe(false);
  });

  it('stays the same object while the view pans inside it, and moves once the view leaves it', () => {
    const first = nextCover(null, [147, -34, 148, -33.5]);
    expect(nextCover(first, [147.5, -34.2, 148.5, -33.7])).toBe(first);
    const moved = nextCover(first, [148.5, -34, 149.5, -33.5]);
    expect(moved).not.toBe(first);
    expect(moved).toEqual([147.5, -34.5, 150.5, -33]);
  });
});

describe('the bundle read once', () => {
  it("flags the home council, keeps every feature's box and every LGA's code and box", () => {
    const index = boundaryIndex({ features: [square('12900', 147, -34, 1), square('10050', 148.5, -34, 1)] }, '10050');
    expect(index.features.map((f) => f.properties?.home)).toEqual([false, true]);
    expect(index.featureBoxes).toEqual([[147, -34, 148, -33], [148.5, -34, 149.5, -33]]);
    expect(index.boxes).toEqual([{ code: '12900', bbox: [147, -34, 148, -33] }, { code: '10050', bbox: [148.5, -34, 149.5, -33] }]);
    expect(index.homeBbox).toEqual([148.5, -34, 149.5, -33]);
    expect(boundaryIndex({ features: [square('12900', 147, -34, 1)] }, '99999').homeBbox).toEqual(FORBES_BBOX);
  });
});

describe('the outlines within a cover', () => {
  it('keeps the features whose box meets the cover, in order, and never one without coordinates', () => {
    const features = [square('a', 147, -34, 1), square('b', 152, -34, 1), { type: 'Feature', properties: { code: 'empty' }, geometry: { type: 'Polygon', coordinates: [] } } as GeoJSON.Feature, square('c', 148.5, -33.2, 1)];
    const boxes = features.map((f) => bboxOfGeometry(f.geometry));
    const drawn = outlinesWithin(features, boxes, [146.5, -34.5, 149, -33]);
    expect(drawn.features.map((f) => f.properties?.code)).toEqual(['a', 'c']);
  });

  it("draws Forbes' home view with its neighbours and a small share of Australia's boundaries", () => {
    const bundle = JSON.parse(readFileSync('data/lga/australia-lga.geojson', 'utf8')) as GeoJSON.FeatureCollection;
    const boxes = bundle.features.map((f) => bboxOfGeometry(f.geometry));
    const drawn = outlinesWithin(bundle.features, boxes, nextCover(null, FORBES_BBOX));
    const codes = drawn.features.map((f) => String(f.properties?.lga_code));
    // Forbes and the councils around it (Parkes, Lachlan, Weddin, Cabonne, Cowra, Bland).
    expect(codes).toEqual(expect.arrayContaining(['12900', '16200', '14600', '18100', '11400', '12350', '10800']));
    const points = (features: GeoJSON.Feature[]) => features.reduce((n, f) => n + JSON.stringify((f.geometry as GeoJSON.Polygon).coordinates).split('],[').length, 0);
    expect(drawn.features.length).toBeLessThan(40);
    expect(points(drawn.features) / points(bundle.features)).toBeLessThan(0.1);
    // A view of the whole state covers every LGA it shows.
    const state: Bbox = [141, -37.5, 153.6, -28.2];
    const stateCodes = new Set(outlinesWithin(bundle.features, boxes, nextCover(null, state)).features.map((f) => String(f.properties?.lga_code)));
    expect(stateCodes.size).toBeGreaterThanOrEqual(129);
    for (const f of bundle.features) if (String(f.properties?.ste_code) === '1') expect(stateCodes.has(String(f.properties?.lga_code))).toBe(true);
  });
});
