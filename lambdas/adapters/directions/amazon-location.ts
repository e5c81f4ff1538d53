// Trips the loaded road graph cannot serve (a stop far from any of its roads, e.g. Forbes to
// Melbourne) go to Amazon Location's CalculateRoutes where a deployment sets
// AMAZON_LOCATION_ROUTES=1. Never locally or in tests: the embedded engine stays the default.
//
// The closures near the trip's straight legs are sent as avoid corridors. Avoidance there is best
// effort, so the answer is checked twice: the response's violation notices, and the returned
// geometry against every closure (closures it runs along are reported in crossesClosureIds). When
// there are closures to avoid, the plain route is asked for in parallel, to name the closures
// avoided.
import {
  GeoRoutesClient,
  CalculateRoutesCommand,
  type CalculateRoutesCommandInput,
  type CalculateRoutesCommandOutput,
} from '@aws-sdk/client-geo-routes';
import { Logger } from '@aws-lambda-powertools/logger';
import { AppError } from '../../core/errors';
import { closuresAlongRoute } from '../../core/directions/overlap';
import type { TripClosures, TripPlan, TripRequest } from '../../core/directions/trip';
import type { RouteClosure } from '../../core/roads/avoid';
import { haversine, type LatLng } from '../../core/roads/geo';
import { avoidAreas, calculateRoutesInput, parseCalculateRoutes, type AmazonRoute } from './amazon-location-shapes';

const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'road-closures' });

export function amazonLocationRoutesEnabled(): boolean {
  return process.env.AMAZON_LOCATION_ROUTES === '1';
}

export interface RoutesClient {
  send(command: CalculateRoutesCommand): Promise<CalculateRoutesCommandOutput>;
}

let client: GeoRoutesClient | undefined;
function defaultClient(): RoutesClient {
  client ??= new GeoRoutesClient({ region: process.env.AMAZON_LOCATION_REGION ?? process.env.AWS_REGION ?? 'ap-southeast-2' });
  return client;
}

export const MESSAGES = {
  noRoute: 'No route found between these locations',
  invalid: 'Directions could not be calculated for these locations',
  throttled: 'Too many directions requests. Please try again in a moment.',
  unavailable: 'Directions are not available right now. Please try again later.',
} as const;

/** Spec §8: the log says "Failed to calculate directions: {message}"; the user gets the function's own message. */
function mapError(error: unknown): AppError {
  const name = (error as { name?: string })?.name;
  logger.error(`Failed to calculate directions: ${(error as Error)?.message ?? String(error)}`, { provider: 'amazon-location', errorName: name });
  if (name === 'ValidationException') return new AppError('ValidationError', MESSAGES.invalid);
  if (name === 'ThrottlingException') return new AppError('RateLimited', MESSAGES.throttled);
  return new AppError('Internal', MESSAGES.unavailable);
}

async function calculate(routes: RoutesClient, input: CalculateRoutesCommandInput): Promise<AmazonRoute> {
  let output: CalculateRoutesCommandOutput;
  try {
    output = await routes.send(new CalculateRoutesCommand(input));
  } catch (error) {
    throw mapError(error);
  }
  const route = parseCalculateRoutes(output);
  if (!route || route.coordinates.length < 2) {
    logger.error('Failed to calculate directions: the response has no route', { provider: 'amazon-location' });
    throw new AppError('ValidationError', MESSAGES.noRoute);
  }
  return route;
}

/** Closures nearest the trip first, so the ones that matter most fit under the area limit. */
function byDistanceToTrip(closures: readonly RouteClosure[], locations: readonly LatLng[]): RouteClosure[] {
  const distance = (c: RouteClosure) => {
    const first = (c.geometry.type === 'MultiLineString' ? c.geometry.coordinates[0] : c.geometry.coordinates)[0];
    return Math.min(...locations.map((l) => haversine(l.lng, l.lat, first[0], first[1])));
  };
  return closures.map((c) => ({ c, d: distance(c) })).sort((a, b) => a.d - b.d).map(({ c }) => c);
}

export interface AmazonTripPlan extends TripPlan {
  /** Violation notice codes of the returned route (avoidance or restrictions not kept). */
  violations: string[];
}

export async function amazonTrip(request: TripRequest, closures: TripClosures, routes: RoutesClient = defaultClient()): Promise<AmazonTripPlan> {
  await closures.aroundLegs(request.locations);
  const known = byDistanceToTrip(closures.all(), request.locations);
  const user = { avoidPolygons: request.avoidPolygons, avoidLocations: request.avoidLocations };
  const plainInput = calculateRoutesInput(request.locations, avoidAreas({ ...user, closures: [] }).areas);
  let plain: AmazonRoute;
  let final: AmazonRoute;
  if (request.avoidClosures && known.length > 0) {
    const avoiding = avoidAreas({ ...user, closures: known });
    if (avoiding.droppedClosureIds.length) logger.warn('closures left out of the avoid areas', { closureIds: avoiding.droppedClosureIds });
    [plain, final] = await Promise.all([calculate(routes, plainInput), calculate(routes, calculateRoutesInput(request.locations, avoiding.areas))]);
  } else {
    plain = final = await calculate(routes, plainInput);
  }
  const crosses = closuresAlongRoute(final.coordinates, known);
  const wouldCross = final === plain ? [] : closuresAlongRoute(plain.coordinates, known);
  if (final.violations.length || (request.avoidClosures && crosses.length)) {
    logger.warn('Amazon Location did not keep every avoidance', { violations: final.violations, crossesClosureIds: crosses });
  }
  return {
    geometry: { type: 'LineString', coordinates: final.coordinates },
    distance: final.distance,
    duration: final.duration,
    steps: final.steps,
    avoidedClosureIds: request.avoidClosures ? wouldCross.filter((id) => !crosses.includes(id)) : [],
    crossesClosureIds: crosses,
    violations: final.violations,
  };
}
