// The Amazon Location adapter against recorded CalculateRoutes payloads (the one mock allowed:
// the service cannot run here). The embedded engine is never replaced by it locally.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CalculateRoutesCommand, CalculateRoutesCommandOutput } from '@aws-sdk/client-geo-routes';
import { afterEach, describe, expect, it } from 'vitest';
import { amazonLocationRoutesEnabled, amazonTrip, MESSAGES, type RoutesClient } from '../../../lambdas/adapters/directions/amazon-location';
import {
  avoidAreas,
  calculateRoutesInput,
  CLOSURE_CORRIDOR_RADIUS_M,
  MAX_AREA_POINTS,
  MAX_AVOID_AREAS,
  parseCalculateRoutes,
} from '../../../lambdas/adapters/directions/amazon-location-shapes';
import { routeClosureOf } from '../../../lambdas/core/directions/closures';
import { TripClosures, type TripRequest } from '../../../lambdas/core/directions/trip';
import type { Position } from '../../../lambdas/core/roads/geo';
import { closureRecord, FORBES, MemoryClosures, NEWELL_NORTH, NOW, PARKES } from './support';

const fixture = (name: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/amazon-location/${name}`, import.meta.url)), 'utf8')) as CalculateRoutesCommandOutput;
const plain = fixture('calculate-routes-plain.json');
const avoiding = fixture('calculate-routes-avoiding.json');
const violated = fixture('calculate-routes-violated.json');

const square: Position[] = [
  [148.1, -33.2],
  [148.11, -33.2],
  [148.11, -33.19],
  [148.1, -33.19],
  [148.1, -33.2],
];

describe('CalculateRoutes request', () => {
  it('has the stops, simple geometry, default steps and the avoid areas in the documented shapes', () => {
    const middle = { lat: -33.25, lng: 148.1 };
    const { areas } = avoidAreas({
      avoidPolygons: [{ type: 'Polygon', coordinates: [square] }],
      avoidLocations: [{ lat: -33.3, lng: 148.05 }],
      closures: [routeClosureOf(closureRecord('newell', [NEWELL_NORTH]))],
    });
    const input = calculateRoutesInput([FORBES, middle, PARKES], areas);
    expect(input).toEqual(JSON.parse(readFileSync(fileURLToPath(new URL('../../fixtures/amazon-location/request-forbes-parkes.json', import.meta.url)), 'utf8')));
    expect(input.Origin).toEqual([FORBES.lng, FORBES.lat]);
    expect(input.Destination).toEqual([PARKES.lng, PARKES.lat]);
    expect(input.Waypoints).toEqual([{ Position: [middle.lng, middle.lat] }]);
    expect(input).toMatchObject({ TravelMode: 'Car', LegGeometryFormat: 'Simple', TravelStepType: 'Default', OptimizeRoutingFor: 'FastestRoute' });
    expect(input.LegAdditionalFeatures).toEqual(expect.arrayContaining(['TravelStepInstructions', 'Summary']));
    const [polygon, box, corridor] = input.Avoid!.Areas!;
    expect(polygon.Geometry!.Polygon).toHaveLength(1);
    expect(polygon.Geometry!.Polygon![0].length).toBeGreaterThanOrEqual(4);
    const [w, s, e, n] = box.Geometry!.BoundingBox!;
    expect(w).toBeLessThan(e);
    expect(s).toBeLessThan(n);
    expect(corridor.Geometry!.Corridor!.Radius).toBe(CLOSURE_CORRIDOR_RADIUS_M);
    expect(Number.isInteger(corridor.Geometry!.Corridor!.Radius)).toBe(true);
    expect(corridor.Geometry!.Corridor!.LineString!.length).toBeGreaterThanOrEqual(2);
    expect(corridor.Geometry!.Corridor!.LineString!.every((p) => p.length === 2)).toBe(true);
  });

  it('leaves out Waypoints and Avoid when there are none', () => {
    const input = calculateRoutesInput([FORBES, PARKES], []);
    expect(input).not.toHaveProperty('Waypoints');
    expect(input).not.toHaveProperty('Avoid');
  });

  it('keeps under the area limit and small corridors, naming the closures left out', () => {
    const many = Array.from({ length: MAX_AVOID_AREAS + 10 }, (_, i) =>
      routeClosureOf(closureRecord(`c${i}`, [[[148 + i * 0.001, -33.3], [148 + i * 0.001, -33.31]]])),
    );
    const result = avoidAreas({ avoidPolygons: [], avoidLocations: [{ lat: -33.3, lng: 148 }], closures: many });
    expect(result.areas).toHaveLength(MAX_AVOID_AREAS);
    expect(result.closureIds).toHaveLength(MAX_AVOID_AREAS - 1);
    expect(result.droppedClosureIds).toEqual(many.slice(MAX_AVOID_AREAS - 1).map((c) => c.id));

    const zigzag: Position[] = Array.from({ length: 1000 }, (_, i) => [148 + i * 0.0005, -33.3 - (i % 2) * 0.001]);
    const long = avoidAreas({ avoidPolygons: [], avoidLocations: [], closures: [routeClosureOf(closureRecord('long', [zigzag]))] });
    expect(long.areas.length).toBeGreaterThan(1);
    expect(long.areas.every((a) => a.Geometry!.Corridor!.LineString!.length <= MAX_AREA_POINTS)).toBe(true);
  });
});

describe('CalculateRoutes response', () => {
  it('becomes the Directions shape: geometry, metres, seconds and worded steps', () => {
    const route = parseCalculateRoutes(plain)!;
    expect(route.coordinates).toHaveLength(51);
    expect(route.coordinates[0]).toEqual([148.0083389, -33.3877232]);
    expect(route.distance).toBe(33104);
    expect(route.duration).toBe(1458);
    expect(route.steps[0]).toEqual({ instruction: 'Head northeast on Lachlan St. Go for 3.1 km.', name: 'Lachlan St', distance: 3094, duration: 221 });
    expect(route.steps[1].name).toBe('Newell Hwy');
    expect(route.steps.at(-1)?.instruction).toBe('Arrive at Clarinda St.');
    expect(route.violations).toEqual([]);
  });

  it('words a step that came without an instruction', () => {
    const route = parseCalculateRoutes(avoiding)!;
    expect(route.steps[1]).toMatchObject({ instruction: 'Turn left onto Henry Parkes Way', name: 'Henry Parkes Way', distance: 61732 });
  });

  it('reports violation notices', () => {
    expect(parseCalculateRoutes(violated)!.violations).toEqual(['ViolatedBlockedRoad']);
  });

  it('is null when the service found no route', () => {
    expect(parseCalculateRoutes({ Routes: [], Notices: [] })).toBeNull();
  });
});

class RecordedRoutes implements RoutesClient {
  requests: CalculateRoutesCommand['input'][] = [];
  constructor(private readonly answer: (input: CalculateRoutesCommand['input']) => CalculateRoutesCommandOutput | Error) {}
  async send(command: CalculateRoutesCommand) {
    this.requests.push(command.input);
    const answer = this.answer(command.input);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const request = (overrides: Partial<TripRequest> = {}): TripRequest => ({
  locations: [FORBES, PARKES],
  avoidLocations: [],
  avoidPolygons: [],
  avoidClosures: true,
  ...overrides,
});
const withClosure = () => new TripClosures(new MemoryClosures([closureRecord('newell', [NEWELL_NORTH])]), NOW);
const hasAreas = (input: CalculateRoutesCommand['input']) => Boolean(input.Avoid?.Areas?.length);

describe('amazonTrip', () => {
  afterEach(() => {
    delete process.env.AMAZON_LOCATION_ROUTES;
  });

  it('is off unless the deployment sets AMAZON_LOCATION_ROUTES=1', () => {
    expect(amazonLocationRoutesEnabled()).toBe(false);
    process.env.AMAZON_LOCATION_ROUTES = '1';
    expect(amazonLocationRoutesEnabled()).toBe(true);
  });

  it('asks with the closures as avoid corridors and without, and names the closure avoided', async () => {
    const routes = new RecordedRoutes((input) => (hasAreas(input) ? avoiding : plain));
    const result = await amazonTrip(request(), withClosure(), routes);
    expect(routes.requests).toHaveLength(2);
    expect(routes.requests.filter(hasAreas)).toHaveLength(1);
    expect(result.avoidedClosureIds).toEqual(['newell']);
    expect(result.crossesClosureIds).toEqual([]);
    expect(result.distance).toBe(62613);
    expect(result.geometry.type).toBe('LineString');
    expect(result.violations).toEqual([]);
  });

  it('reports a closure the service routed through anyway, with its violation notice', async () => {
    const routes = new RecordedRoutes((input) => (hasAreas(input) ? violated : plain));
    const result = await amazonTrip(request(), withClosure(), routes);
    expect(result.crossesClosureIds).toEqual(['newell']);
    expect(result.avoidedClosureIds).toEqual([]);
    expect(result.violations).toEqual(['ViolatedBlockedRoad']);
  });

  it('with avoidClosures false asks once and reports the closure crossed', async () => {
    const routes = new RecordedRoutes(() => plain);
    const result = await amazonTrip(request({ avoidClosures: false }), withClosure(), routes);
    expect(routes.requests).toHaveLength(1);
    expect(routes.requests[0]).not.toHaveProperty('Avoid');
    expect(result.crossesClosureIds).toEqual(['newell']);
    expect(result.avoidedClosureIds).toEqual([]);
  });

  it.each([
    ['ThrottlingException', 'RateLimited', MESSAGES.throttled],
    ['ValidationException', 'ValidationError', MESSAGES.invalid],
    ['AccessDeniedException', 'Internal', MESSAGES.unavailable],
    ['InternalServerException', 'Internal', MESSAGES.unavailable],
  ])('turns %s into a %s with the function’s own message', async (name, errorType, message) => {
    const failure = Object.assign(new Error('internal detail from the service'), { name });
    const routes = new RecordedRoutes(() => failure);
    const error = await amazonTrip(request(), withClosure(), routes).catch((e: Error) => e);
    expect(error).toMatchObject({ name: errorType, message });
  });

  it('says no route was found when the service returns none', async () => {
    const routes = new RecordedRoutes(() => ({ Routes: [], Notices: [], LegGeometryFormat: 'Simple', PricingBucket: 'Core', $metadata: {} }));
    await expect(amazonTrip(request(), withClosure(), routes)).rejects.toMatchObject({ name: 'ValidationError', message: MESSAGES.noRoute });
  });
});
