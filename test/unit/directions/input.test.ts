import { describe, expect, it } from 'vitest';
import {
  AT_LEAST_TWO_LOCATIONS,
  DirectionsArgs,
  MAX_AVOID_LOCATIONS,
  MAX_AVOID_POLYGONS,
  MAX_POLYGON_VERTICES,
  MESSAGES,
  SearchPlacesArgs,
} from '../../../lambdas/core/directions/input';
import { parseArgs } from '../../../lambdas/core/validation';

const forbes = { lat: -33.3877, lng: 148.0083 };
const parkes = { lat: -33.1375, lng: 148.1755 };
const square = (lng: number, lat: number, d = 0.01) => [
  [lng - d, lat - d],
  [lng + d, lat - d],
  [lng + d, lat + d],
  [lng - d, lat + d],
  [lng - d, lat - d],
];
const parse = (args: Record<string, unknown>) => parseArgs(DirectionsArgs, args);
const messageOf = (args: Record<string, unknown>) => {
  try {
    parse(args);
    return null;
  } catch (error) {
    expect((error as Error).name).toBe('ValidationError');
    return (error as Error).message;
  }
};

describe('DirectionsArgs', () => {
  it('needs at least 2 locations (spec §5)', () => {
    expect(messageOf({ locations: [] })).toBe(AT_LEAST_TWO_LOCATIONS);
    expect(messageOf({ locations: [forbes] })).toBe(AT_LEAST_TWO_LOCATIONS);
    expect(messageOf({ locations: null })).toBe(AT_LEAST_TWO_LOCATIONS);
    expect(messageOf({})).toBe(AT_LEAST_TWO_LOCATIONS);
  });

  it('takes at most 25 locations', () => {
    expect(messageOf({ locations: Array(25).fill(forbes) })).toBeNull();
    expect(messageOf({ locations: Array(26).fill(forbes) })).toBe(MESSAGES.tooManyLocations);
  });

  it('names a location outside Australia', () => {
    expect(messageOf({ locations: [forbes, { lat: 51.5, lng: -0.12 }] })).toBe('Location 2 is outside Australia');
    expect(messageOf({ locations: [forbes, parkes], avoidLocations: [forbes, { lat: 0, lng: 0 }] })).toBe('Avoid location 2 is outside Australia');
  });

  it('rejects coordinates that are not numbers and unknown fields', () => {
    expect(messageOf({ locations: [forbes, { lat: 'x', lng: 148 }] })).toBe(MESSAGES.invalidCoordinates);
    expect(messageOf({ locations: [forbes, { lat: Number.NaN, lng: 148 }] })).toBe(MESSAGES.invalidCoordinates);
    expect(messageOf({ locations: [forbes, parkes], extra: 1 })).not.toBeNull();
  });

  it('defaults avoidClosures to true, also for an explicit null, and the avoid lists to empty', () => {
    expect(parse({ locations: [forbes, parkes] })).toEqual({ locations: [forbes, parkes], avoidLocations: [], avoidPolygons: [], avoidClosures: true });
    expect(parse({ locations: [forbes, parkes], avoidClosures: null, avoidLocations: null, avoidPolygons: null }).avoidClosures).toBe(true);
    expect(parse({ locations: [forbes, parkes], avoidClosures: false }).avoidClosures).toBe(false);
  });

  it('takes at most 20 avoid locations', () => {
    expect(messageOf({ locations: [forbes, parkes], avoidLocations: Array(MAX_AVOID_LOCATIONS).fill(forbes) })).toBeNull();
    expect(messageOf({ locations: [forbes, parkes], avoidLocations: Array(MAX_AVOID_LOCATIONS + 1).fill(forbes) })).toBe(MESSAGES.tooManyAvoidLocations);
  });

  it('reads avoid polygons from AWSJSON: Polygon, MultiPolygon, Feature, FeatureCollection or a list', () => {
    const polygon = { type: 'Polygon', coordinates: [square(148.05, -33.3)] };
    const multi = { type: 'MultiPolygon', coordinates: [[square(148.05, -33.3)], [square(148.1, -33.2)]] };
    const feature = { type: 'Feature', properties: {}, geometry: polygon };
    const collection = { type: 'FeatureCollection', features: [feature, { type: 'Feature', properties: {}, geometry: multi }] };
    const count = (avoidPolygons: unknown) => parse({ locations: [forbes, parkes], avoidPolygons }).avoidPolygons.length;
    expect(count(JSON.stringify(polygon))).toBe(1);
    expect(count(polygon)).toBe(1);
    expect(count(JSON.stringify(multi))).toBe(2);
    expect(count(JSON.stringify(feature))).toBe(1);
    expect(count(JSON.stringify(collection))).toBe(3);
    expect(count(JSON.stringify([polygon, multi]))).toBe(3);
  });

  it('closes an open ring and drops altitudes', () => {
    const open = square(148.05, -33.3).slice(0, 4).map(([x, y]) => [x, y, 200]);
    const [polygon] = parse({ locations: [forbes, parkes], avoidPolygons: JSON.stringify({ type: 'Polygon', coordinates: [open] }) }).avoidPolygons;
    expect(polygon.coordinates[0]).toHaveLength(5);
    expect(polygon.coordinates[0][4]).toEqual(polygon.coordinates[0][0]);
    expect(polygon.coordinates[0][0]).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{nope'],
    ['a line', JSON.stringify({ type: 'LineString', coordinates: [[148, -33], [148.1, -33.1]] })],
    ['a ring of two corners', JSON.stringify({ type: 'Polygon', coordinates: [[[148, -33], [148.1, -33.1], [148, -33]]] })],
    ['corners outside Australia', JSON.stringify({ type: 'Polygon', coordinates: [square(0, 0)] })],
    ['text coordinates', JSON.stringify({ type: 'Polygon', coordinates: [[['148', '-33'], [148.1, -33.1], [148.2, -33], ['148', '-33']]] })],
  ])('rejects avoid polygons that are %s', (_, avoidPolygons) => {
    expect(messageOf({ locations: [forbes, parkes], avoidPolygons })).toBe(MESSAGES.invalidPolygon);
  });

  it('bounds the number and size of avoid polygons', () => {
    const many = { type: 'MultiPolygon', coordinates: Array.from({ length: MAX_AVOID_POLYGONS + 1 }, (_, i) => [square(148 + i * 0.01, -33.3, 0.004)]) };
    expect(messageOf({ locations: [forbes, parkes], avoidPolygons: JSON.stringify(many) })).toBe(MESSAGES.tooManyAvoidPolygons);
    const ring = Array.from({ length: MAX_POLYGON_VERTICES + 1 }, (_, i) => {
      const a = (i / MAX_POLYGON_VERTICES) * 2 * Math.PI;
      return [148 + 0.01 * Math.cos(a), -33.3 + 0.01 * Math.sin(a)];
    });
    expect(messageOf({ locations: [forbes, parkes], avoidPolygons: JSON.stringify({ type: 'Polygon', coordinates: [ring] }) })).toBe(MESSAGES.tooManyPolygonVertices);
    const heavy = Array.from({ length: 6 }, () => ({ type: 'Polygon', coordinates: [ring.slice(0, 999).concat([ring[0]])] }));
    expect(messageOf({ locations: [forbes, parkes], avoidPolygons: JSON.stringify(heavy) })).toBe(MESSAGES.tooManyVertices);
  });
});

describe('SearchPlacesArgs', () => {
  it('needs a query of 1 to 100 characters and a limit of 1 to 25 (default 10)', () => {
    expect(parseArgs(SearchPlacesArgs, { query: ' Forbes ' })).toEqual({ query: 'Forbes', limit: 10 });
    expect(parseArgs(SearchPlacesArgs, { query: 'F', limit: 25 }).limit).toBe(25);
    expect(() => parseArgs(SearchPlacesArgs, { query: '   ' })).toThrow('Enter a place to search for');
    expect(() => parseArgs(SearchPlacesArgs, { query: 'x'.repeat(101) })).toThrow('The search is too long');
    expect(() => parseArgs(SearchPlacesArgs, { query: 'Forbes', limit: 26 })).toThrow('Invalid limit');
    expect(() => parseArgs(SearchPlacesArgs, { query: 'Forbes', limit: 0 })).toThrow('Invalid limit');
  });
});
