// Closure geometry: regions are GeoJSON LineStrings (WGS 84, [lng, lat]) inside Australia's reach.
// From them come the position shown on the map, its geohash and the precision-4 cells a closure is
// indexed in, so viewport queries find it from any cell it touches
// (docs/data.md#the-public-map-index).
import ngeohash from 'ngeohash';
import { z } from 'zod';
import { validationError } from '../errors';
import type { LatLng, LineStringGeometry, Position, Region } from './types';

/** The LGA data's extent (Cocos Islands to Norfolk Island, Tasmania to Torres Strait). */
export const AUSTRALIA = { west: 96, south: -44, east: 168, north: -9 } as const;
export const MAX_REGIONS = 20;
/** Keeps a closure item well inside DynamoDB's 400 KB item limit. */
export const MAX_VERTICES = 5000;
/** Each extra cell is an index item written in the closure's transaction (at most 100 items). */
export const MAX_CELLS_PER_CLOSURE = 40;
export const CELL_PRECISION = 4;

export const MESSAGES = {
  tooFewVertices: 'A polyline path needs at least two vertices',
  notLineString: 'A region must be a GeoJSON LineString',
  invalidCoordinates: 'Invalid coordinates',
  noRegions: 'A closure needs at least one region',
  tooManyRegions: `A closure can have at most ${MAX_REGIONS} regions`,
  tooManyVertices: `A closure can have at most ${MAX_VERTICES} vertices`,
  tooLong: 'The closure is too long. Please split it into shorter closures.',
} as const;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export const isInAustralia = (lng: number, lat: number) =>
  lng >= AUSTRALIA.west && lng <= AUSTRALIA.east && lat >= AUSTRALIA.south && lat <= AUSTRALIA.north;

const positionSchema = z
  .array(z.number({ invalid_type_error: MESSAGES.invalidCoordinates }).finite(MESSAGES.invalidCoordinates), {
    invalid_type_error: MESSAGES.invalidCoordinates,
  })
  .min(2, MESSAGES.invalidCoordinates)
  .max(3, MESSAGES.invalidCoordinates)
  .refine(([lng, lat]) => isInAustralia(lng, lat), MESSAGES.invalidCoordinates)
  // Altitude is dropped; 6 decimals (~0.1 m) is beyond what a road closure needs.
  .transform(([lng, lat]): Position => [round6(lng), round6(lat)]);

export const lineStringSchema = z
  .object(
    {
      type: z.literal('LineString', { errorMap: () => ({ message: MESSAGES.notLineString }) }),
      coordinates: z.array(z.unknown(), { invalid_type_error: MESSAGES.notLineString }).min(2, MESSAGES.tooFewVertices),
    },
    { invalid_type_error: MESSAGES.notLineString },
  )
  // Vertex count is checked before the coordinates so a one-vertex line gets the spec's message.
  .pipe(z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema).max(MAX_VERTICES, MESSAGES.tooManyVertices) }))
  .transform((g): LineStringGeometry => ({ type: 'LineString', coordinates: g.coordinates }));

/** AWSJSON may reach a resolver as a JSON string or already parsed. */
export const jsonValue = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }, schema);

export type Bbox = [west: number, south: number, east: number, north: number];

export function bboxOf(lines: readonly LineStringGeometry[]): Bbox {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const line of lines) {
    for (const [lng, lat] of line.coordinates) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return box;
}

export const bboxesMeet = (a: Bbox, b: Bbox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

const RAD = Math.PI / 180;
function metres(a: Position, b: Position): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLng = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function lineLength(line: LineStringGeometry): number {
  let total = 0;
  for (let i = 1; i < line.coordinates.length; i++) total += metres(line.coordinates[i - 1], line.coordinates[i]);
  return total;
}

/** The point half-way along a line (so it lies on the closed road, unlike a centroid). */
export function midpointAlong(line: LineStringGeometry): LatLng {
  const half = lineLength(line) / 2;
  let walked = 0;
  const c = line.coordinates;
  for (let i = 1; i < c.length; i++) {
    const step = metres(c[i - 1], c[i]);
    if (walked + step >= half && step > 0) {
      const t = (half - walked) / step;
      return { lng: round6(c[i - 1][0] + (c[i][0] - c[i - 1][0]) * t), lat: round6(c[i - 1][1] + (c[i][1] - c[i - 1][1]) * t) };
    }
    walked += step;
  }
  return { lng: c[0][0], lat: c[0][1] };
}

/** Midpoint along the longest region: where the closure's marker goes. */
export function positionOf(regions: readonly Pick<Region, 'geometry'>[]): LatLng {
  let longest = regions[0].geometry;
  let longestLength = -1;
  for (const { geometry } of regions) {
    const length = lineLength(geometry);
    if (length > longestLength) {
      longest = geometry;
      longestLength = length;
    }
  }
  return midpointAlong(longest);
}

/**
 * Every precision-4 cell a line touches. Each segment's bounding box is covered, which is a
 * superset of the cells the segment crosses: an extra index item costs little, a missed cell
 * would hide the closure from a viewport that shows it.
 */
export function cellsOf(lines: readonly LineStringGeometry[], precision = CELL_PRECISION): Set<string> {
  const cells = new Set<string>();
  for (const box of segmentBoxes(lines)) {
    // Checked before covering, so one very long segment cannot make a huge cover.
    if (cellCountEstimate(box, precision) > MAX_CELLS_PER_CLOSURE) throw validationError(MESSAGES.tooLong);
    for (const cell of cellsCovering(box, precision)) cells.add(cell);
    if (cells.size > MAX_CELLS_PER_CLOSURE) throw validationError(MESSAGES.tooLong);
  }
  return cells;
}

/** The bounding box of each segment of the lines (a one-point line gives its point's box). */
export function* segmentBoxes(lines: readonly LineStringGeometry[]): Generator<Bounds> {
  for (const line of lines) {
    const c = line.coordinates;
    for (let i = 0; i < c.length; i++) {
      const a = c[i];
      const b = c[Math.min(i + 1, c.length - 1)];
      yield { west: Math.min(a[0], b[0]), south: Math.min(a[1], b[1]), east: Math.max(a[0], b[0]), north: Math.max(a[1], b[1]) };
    }
  }
}

export interface IndexedGeometry {
  position: LatLng;
  geohash: string;
  geohash4: string;
  geohash7: string;
  cells: string[];
  /** The cells other than the position's own, each with a geohash7 inside it for the sort key. */
  extraCells: { geohash4: string; geohash7: string }[];
  bbox: Bbox;
}

/** Position, geohashes and cells of a closure's regions (already validated). */
export function indexGeometry(regions: readonly Pick<Region, 'geometry'>[]): IndexedGeometry {
  const lines = regions.map((r) => r.geometry);
  const position = positionOf(regions);
  const geohash = ngeohash.encode(position.lat, position.lng, 9);
  const geohash4 = geohash.slice(0, 4);
  const cellSet = cellsOf(lines);
  cellSet.add(geohash4);
  // A vertex inside the cell gives it a meaningful geohash7; a cell only crossed gets its centre's.
  const vertexIn = new Map<string, string>();
  for (const line of lines) {
    for (const [lng, lat] of line.coordinates) {
      const hash7 = ngeohash.encode(lat, lng, 7);
      if (!vertexIn.has(hash7.slice(0, 4))) vertexIn.set(hash7.slice(0, 4), hash7);
    }
  }
  const cells = [...cellSet].sort();
  const extraCells = cells
    .filter((cell) => cell !== geohash4)
    .map((cell) => {
      const centre = ngeohash.decode(cell);
      return { geohash4: cell, geohash7: vertexIn.get(cell) ?? ngeohash.encode(centre.latitude, centre.longitude, 7) };
    });
  return { position, geohash, geohash4, geohash7: geohash.slice(0, 7), cells, extraCells, bbox: bboxOf(lines) };
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The precision-4 cells covering a viewport. */
export function cellsCovering(bounds: Bounds, precision = CELL_PRECISION): string[] {
  return ngeohash.bboxes(bounds.south, bounds.west, bounds.north, bounds.east, precision);
}

/** An upper bound of how many cells cover a box (ngeohash.bboxes would build them all). */
export function cellCountEstimate(bounds: Bounds, precision = CELL_PRECISION): number {
  const bits = precision * 5;
  const lngBits = Math.ceil(bits / 2);
  const cellWidth = 360 / 2 ** lngBits;
  const cellHeight = 180 / 2 ** (bits - lngBits);
  const across = Math.floor((bounds.east - bounds.west) / cellWidth) + 2;
  const down = Math.floor((bounds.north - bounds.south) / cellHeight) + 2;
  return across * down;
}
