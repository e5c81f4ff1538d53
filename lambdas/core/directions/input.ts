// Input schemas of the directions and place-search queries (every input bounded:
// docs/api.md#conventions). Messages name the offending location, because a trip of 25 stops is
// hard to debug otherwise.
import type { Polygon } from 'geojson';
import { z } from 'zod';
import { isInAustralia, jsonValue } from '../closures/geometry';

/** Spec §5 and §8. */
export const AT_LEAST_TWO_LOCATIONS = 'You must provide at least 2 locations';
/** The road engine and Amazon Location both take at most 25 stops (origin and destination included). */
export const MAX_LOCATIONS = 25;
export const MAX_AVOID_LOCATIONS = 20;
export const MAX_AVOID_POLYGONS = 20;
/** Per polygon and in total: edgesInPolygon is linear in vertices, and so is the request to Amazon. */
export const MAX_POLYGON_VERTICES = 1000;
export const MAX_TOTAL_POLYGON_VERTICES = 5000;

export const MESSAGES = {
  tooManyLocations: `You can provide at most ${MAX_LOCATIONS} locations`,
  tooManyAvoidLocations: `You can avoid at most ${MAX_AVOID_LOCATIONS} locations`,
  tooManyAvoidPolygons: `You can avoid at most ${MAX_AVOID_POLYGONS} areas`,
  tooManyPolygonVertices: `An avoid area can have at most ${MAX_POLYGON_VERTICES} vertices`,
  tooManyVertices: `Avoid areas can have at most ${MAX_TOTAL_POLYGON_VERTICES} vertices in total`,
  invalidPolygon: 'Avoid areas must be GeoJSON polygons inside Australia',
  invalidCoordinates: 'Invalid coordinates',
  outsideAustralia: (label: string) => `${label} is outside Australia`,
  vehicleMass: 'Vehicle mass must be between 0.5 and 100 tonnes',
} as const;

const number = z.number({ invalid_type_error: MESSAGES.invalidCoordinates, required_error: MESSAGES.invalidCoordinates }).finite(MESSAGES.invalidCoordinates);
const coordinate = z.object({ lat: number, lng: number }, { invalid_type_error: MESSAGES.invalidCoordinates }).strict();
export type Coordinate = z.infer<typeof coordinate>;

/** A list of points, each checked to be in Australia and named by its 1-based place in the list. */
const pointsIn = (label: string, list: z.ZodArray<typeof coordinate>) =>
  list.superRefine((points, ctx) => {
    points.forEach((p, i) => {
      if (!isInAustralia(p.lng, p.lat)) ctx.addIssue({ code: 'custom', message: MESSAGES.outsideAustralia(`${label} ${i + 1}`) });
    });
  });

const locations = pointsIn(
  'Location',
  z
    .array(coordinate, { required_error: AT_LEAST_TWO_LOCATIONS, invalid_type_error: AT_LEAST_TWO_LOCATIONS })
    .min(2, AT_LEAST_TWO_LOCATIONS)
    .max(MAX_LOCATIONS, MESSAGES.tooManyLocations),
);

const avoidLocations = pointsIn('Avoid location', z.array(coordinate).max(MAX_AVOID_LOCATIONS, MESSAGES.tooManyAvoidLocations));

interface GeoJsonLike {
  type?: unknown;
  coordinates?: unknown;
  geometry?: unknown;
  features?: unknown;
}

/** Polygons (each a list of rings) of a Polygon, MultiPolygon, Feature, FeatureCollection or an array of them. */
function polygonsOf(value: unknown, depth = 0): unknown[][] | null {
  if (depth > 2 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    const out: unknown[][] = [];
    for (const item of value) {
      const found = polygonsOf(item, depth + 1);
      if (!found) return null;
      out.push(...found);
    }
    return out;
  }
  const v = value as GeoJsonLike;
  if (v.type === 'Polygon') return Array.isArray(v.coordinates) ? [v.coordinates] : null;
  if (v.type === 'MultiPolygon') return Array.isArray(v.coordinates) && v.coordinates.every(Array.isArray) ? (v.coordinates as unknown[][]) : null;
  if (v.type === 'Feature') return polygonsOf(v.geometry, depth + 1);
  if (v.type === 'FeatureCollection' && Array.isArray(v.features)) return polygonsOf(v.features, depth);
  return null;
}

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) && (p.length === 2 || p.length === 3) && p.every((n) => typeof n === 'number' && Number.isFinite(n)) && isInAustralia(p[0], p[1]);

/** A ring of at least 3 distinct corners, closed (an open ring is closed for the caller). */
function ringOf(value: unknown): [number, number][] | null {
  if (!Array.isArray(value) || !value.every(isPosition)) return null;
  const ring = value.map(([lng, lat]) => [lng, lat] as [number, number]);
  const [first, last] = [ring[0], ring[ring.length - 1]];
  if (ring.length > 0 && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring.length >= 4 ? ring : null;
}

export const avoidPolygonsSchema = jsonValue(z.unknown()).transform((value, ctx): Polygon[] => {
  if (value === null || value === undefined) return [];
  const polygons = polygonsOf(value);
  if (!polygons) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPolygon });
    return z.NEVER;
  }
  if (polygons.length > MAX_AVOID_POLYGONS) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.tooManyAvoidPolygons });
    return z.NEVER;
  }
  let total = 0;
  const out: Polygon[] = [];
  for (const rings of polygons) {
    const parsed = rings.map(ringOf);
    const vertices = parsed.reduce((sum, r) => sum + (r?.length ?? 0), 0);
    total += vertices;
    if (vertices > MAX_POLYGON_VERTICES) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.tooManyPolygonVertices });
      return z.NEVER;
    }
    if (parsed.length === 0 || parsed.some((r) => r === null)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPolygon });
      return z.NEVER;
    }
    out.push({ type: 'Polygon', coordinates: parsed as [number, number][][] });
  }
  if (total > MAX_TOTAL_POLYGON_VERTICES) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.tooManyVertices });
    return z.NEVER;
  }
  return out;
});

export const DirectionsArgs = z
  .object({
    locations,
    avoidLocations: avoidLocations.nullish().transform((v) => v ?? []),
    avoidPolygons: avoidPolygonsSchema.optional(),
    // GraphQL's default (true) applies when the argument is left out; an explicit null means the same.
    avoidClosures: z.boolean({ invalid_type_error: 'avoidClosures must be true or false' }).nullish().transform((v) => v ?? true),
    // Gross vehicle mass in tonnes (the profile's bounds): keeps off unsealed roads closed to it.
    vehicleMass: z
      .number({ invalid_type_error: MESSAGES.vehicleMass })
      .finite(MESSAGES.vehicleMass)
      .min(0.5, MESSAGES.vehicleMass)
      .max(100, MESSAGES.vehicleMass)
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .strict()
  .transform((args) => ({ ...args, avoidPolygons: args.avoidPolygons ?? [] }));
export type DirectionsArgsValue = z.infer<typeof DirectionsArgs>;

export const MAX_PLACE_RESULTS = 25;
export const DEFAULT_PLACE_RESULTS = 10;

export const SearchPlacesArgs = z
  .object({
    query: z.string({ required_error: 'Enter a place to search for' }).trim().min(1, 'Enter a place to search for').max(100, 'The search is too long (maximum 100 characters)'),
    limit: z
      .number()
      .int('Invalid limit')
      .min(1, 'Invalid limit')
      .max(MAX_PLACE_RESULTS, 'Invalid limit')
      .nullish()
      .transform((v) => v ?? DEFAULT_PLACE_RESULTS),
  })
  .strict();
