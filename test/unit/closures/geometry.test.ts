import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../lambdas/core/validation';
import {
  cellCountEstimate,
  cellsCovering,
  indexGeometry,
  lineStringSchema,
  MAX_CELLS_PER_CLOSURE,
  midpointAlong,
  positionOf,
} from '../../../lambdas/core/closures/geometry';
import { ClosureInput } from '../../../lambdas/core/closures/input';

const line = (...coordinates: [number, number][]) => ({ type: 'LineString' as const, coordinates });
const region = (...coordinates: [number, number][]) => ({ geometry: line(...coordinates) });

describe('region validation', () => {
  it('refuses a one-vertex region with the spec message', () => {
    expect(() => parseArgs(lineStringSchema, { type: 'LineString', coordinates: [[148.0, -33.4]] })).toThrow(
      'A polyline path needs at least two vertices',
    );
  });

  it('refuses coordinates outside Australia and non-LineStrings', () => {
    expect(() => parseArgs(lineStringSchema, line([0, 51.5], [0.1, 51.5]))).toThrow('Invalid coordinates');
    expect(() => parseArgs(lineStringSchema, { type: 'Point', coordinates: [148, -33] })).toThrow('A region must be a GeoJSON LineString');
  });

  it('accepts a JSON string (AWSJSON) and drops altitude', () => {
    const input = parseArgs(ClosureInput, {
      lgaCode: '12900',
      type: 'flood',
      regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[148, -33.4, 210], [148.01, -33.41, 212]] }) }],
    });
    expect(input.regions[0].geometry.coordinates).toEqual([[148, -33.4], [148.01, -33.41]]);
  });

  it('checks types, reopening after start and unique region ids', () => {
    const base = { lgaCode: '12900', type: 'flood', regions: [region([148, -33.4], [148.01, -33.41])] };
    expect(() => parseArgs(ClosureInput, { ...base, type: 'volcano' })).toThrow('Invalid closure type');
    expect(() => parseArgs(ClosureInput, { ...base, scheduledFor: 2_000_000_000, estimatedReopening: 1_999_999_999 })).toThrow(
      'Estimated reopening must be after the scheduled start',
    );
    expect(() => parseArgs(ClosureInput, { ...base, regions: [] })).toThrow('A closure needs at least one region');
    expect(() =>
      parseArgs(ClosureInput, { ...base, regions: [{ ...base.regions[0], id: 'a' }, { ...base.regions[0], id: 'a' }] }),
    ).toThrow('Region ids must be unique');
  });
});

describe('position and cells', () => {
  it('puts the position half-way along the longest region', () => {
    const short = line([148, -33.4], [148.001, -33.4]);
    const long = line([148, -33.5], [148.1, -33.5], [148.2, -33.5]);
    expect(midpointAlong(long).lng).toBeCloseTo(148.1, 3);
    expect(positionOf([{ geometry: short }, { geometry: long }])).toMatchObject({ lat: -33.5 });
  });

  it('indexes a closure in every precision-4 cell it touches, its own cell first', () => {
    // Crosses the boundary between two precision-4 cells (longitude 147.65625).
    const g = indexGeometry([region([147.6, -33.56], [147.7, -33.56])]);
    expect(g.geohash).toHaveLength(9);
    expect(g.geohash4).toBe(g.geohash.slice(0, 4));
    expect(g.cells).toContain(g.geohash4);
    expect(g.cells).toHaveLength(2);
    expect(g.extraCells).toHaveLength(1);
    const extra = g.extraCells[0];
    expect(extra.geohash4).not.toBe(g.geohash4);
    expect(extra.geohash7.startsWith(extra.geohash4)).toBe(true);
    for (const [lng, lat] of [[147.6, -33.56], [147.7, -33.56]]) expect(g.cells).toContain(ngeohash.encode(lat, lng, 4));
  });

  it('refuses a closure spanning too many cells', () => {
    expect(() => indexGeometry([region([140, -33], [150, -33])])).toThrow('The closure is too long');
  });

  it('estimates viewport covers from above', () => {
    const bounds = { west: 147.3, south: -33.8, east: 148.4, north: -33.0 };
    expect(cellCountEstimate(bounds)).toBeGreaterThanOrEqual(cellsCovering(bounds).length);
    expect(cellCountEstimate({ west: 141, south: -37, east: 153, north: -28 })).toBeGreaterThan(MAX_CELLS_PER_CLOSURE);
  });
});
