import { describe, expect, it } from 'vitest';
import type { LgaFeatureCollection } from '../../lga-data/bundle-store';
import { findLgaAt, geometryContains, ringContains } from '../lga-locate';

const square = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];

const bundle: LgaFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    // A council with a hole, and the council filling the hole (as Albury/Greater Hume style enclaves do).
    { type: 'Feature', properties: { code: '10000', name: 'Ring Shire' }, geometry: { type: 'Polygon', coordinates: [square(147, -34, 149, -32), square(147.5, -33.5, 148.5, -32.5)] } },
    { type: 'Feature', properties: { code: '10001', name: 'Hole City' }, geometry: { type: 'Polygon', coordinates: [square(147.5, -33.5, 148.5, -32.5)] } },
    { type: 'Feature', properties: { code: '10002', name: 'Islands' }, geometry: { type: 'MultiPolygon', coordinates: [[square(150, -35, 150.5, -34.5)], [square(151, -35, 151.5, -34.5)]] } },
  ],
};

describe('findLgaAt', () => {
  it('finds the council whose outer ring holds the point', () => {
    expect(findLgaAt(bundle, 147.2, -33.9)).toEqual({ code: '10000', name: 'Ring Shire' });
  });
  it('skips a council when the point is in its hole and finds the enclave', () => {
    expect(findLgaAt(bundle, 148, -33)).toEqual({ code: '10001', name: 'Hole City' });
  });
  it('looks into every part of a MultiPolygon', () => {
    expect(findLgaAt(bundle, 151.2, -34.7)?.code).toBe('10002');
    expect(findLgaAt(bundle, 150.7, -34.7)).toBeNull();
  });
  it('returns null outside every council and refuses non-numbers', () => {
    expect(findLgaAt(bundle, 130, -20)).toBeNull();
    expect(() => findLgaAt(bundle, Number.NaN, -33)).toThrow('Invalid coordinates');
  });
  it('handles a concave ring and ignores unknown geometry', () => {
    const u = [[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3], [0, 0]];
    expect(ringContains(u, 0.5, 2)).toBe(true);
    expect(ringContains(u, 1.5, 2)).toBe(false);
    expect(geometryContains({ type: 'Point', coordinates: [0, 0] }, 0, 0)).toBe(false);
  });
});
