import { describe, expect, it } from 'vitest';
import { cellsAlong } from '../../../lambdas/core/directions/closures';
import { MAX_TRIP_CELLS, offGraphLocations, planTrip, TripClosures, type TripRequest } from '../../../lambdas/core/directions/trip';
import { closureRecord, FAR_AWAY, FORBES, forbesEngine, MemoryClosures, NEWELL_NORTH, NOW, PARKES } from './support';

const trip = (overrides: Partial<TripRequest> = {}): TripRequest => ({
  locations: [FORBES, PARKES],
  avoidLocations: [],
  avoidPolygons: [],
  avoidClosures: true,
  ...overrides,
});

async function plan(closures: ReturnType<typeof closureRecord>[], overrides: Partial<TripRequest> = {}) {
  const source = new MemoryClosures(closures);
  const result = await planTrip(forbesEngine(), new TripClosures(source, NOW), trip(overrides));
  return { result, source };
}

const plain = () => forbesEngine().route([FORBES, PARKES]);

describe('planTrip: closures on the Newell Highway north of Forbes', () => {
  it('goes around an active closure, names it as avoided and takes longer', async () => {
    const { result } = await plan([closureRecord('newell', [NEWELL_NORTH])]);
    expect(result.avoidedClosureIds).toEqual(['newell']);
    expect(result.crossesClosureIds).toEqual([]);
    expect(result.distance).toBeGreaterThan(plain().distance + 5_000);
    expect(result.duration).toBeGreaterThan(plain().duration);
    expect(result.steps.at(-1)?.instruction).toBe('Arrive at your destination');
  });

  it('with avoidClosures false takes the plain route and reports the closure it crosses', async () => {
    const { result } = await plan([closureRecord('newell', [NEWELL_NORTH])], { avoidClosures: false });
    expect(result.distance).toBeCloseTo(plain().distance, 0);
    expect(result.crossesClosureIds).toEqual(['newell']);
    expect(result.avoidedClosureIds).toEqual([]);
  });

  it.each([
    ['scheduled for later', { view: 'SCHEDULED' as const, scheduledFor: NOW + 3600 }],
    ['deleted', { view: 'DELETED' as const, active: false, deletedAt: NOW - 60 }],
    ['archived', { view: 'ARCHIVED' as const, active: false, archivedAt: NOW - 60 }],
    ['reopened', { view: 'RECENTLY_OPENED' as const, condition: 'opened' as const, openedAt: NOW - 60 }],
    ['open with changed conditions', { condition: 'changed' as const }],
  ])('does not avoid a closure that is %s', async (_, state) => {
    const { result } = await plan([closureRecord('newell', [NEWELL_NORTH], state)]);
    expect(result.distance).toBeCloseTo(plain().distance, 0);
    expect(result.avoidedClosureIds).toEqual([]);
    expect(result.crossesClosureIds).toEqual([]);
  });

  it('avoids a scheduled closure whose start has passed, before the schedule moves it', async () => {
    const { result } = await plan([closureRecord('started', [NEWELL_NORTH], { view: 'SCHEDULED', scheduledFor: NOW - 60 })]);
    expect(result.avoidedClosureIds).toEqual(['started']);
  });

  it('reads only the cells along the route', async () => {
    const far = closureRecord('far', [FAR_AWAY]);
    const { result, source } = await plan([far]);
    expect(result.avoidedClosureIds).toEqual([]);
    expect(source.cellsRead.length).toBeGreaterThan(0);
    expect(source.cellsRead.length).toBeLessThan(10);
    for (const cell of far.cells) expect(source.cellsRead).not.toContain(cell);
    expect(source.cellsRead).toContain(closureRecord('newell', [NEWELL_NORTH]).geohash4);
    expect(source.boundsRead).toEqual([]);
  });

  it('finds a closure on the detour too (in another cell) and goes around both', async () => {
    const first = await plan([closureRecord('newell', [NEWELL_NORTH])]);
    const detour = JSON.parse(JSON.stringify(first.result.geometry.coordinates)) as [number, number][];
    // A stretch of the detour well away from the Newell, snapped as staff would draw it.
    const middle = Math.floor(detour.length / 2);
    const onDetour = forbesEngine().snap([
      { lng: detour[middle][0], lat: detour[middle][1] },
      { lng: detour[middle + 2][0], lat: detour[middle + 2][1] },
    ]).geometry.coordinates as [number, number][];
    const closures = [closureRecord('newell', [NEWELL_NORTH]), closureRecord('detour', [onDetour])];
    const { result, source } = await plan(closures);
    expect(source.cellsRead).toContain(closures[1].geohash4);
    expect(result.avoidedClosureIds).toContain('newell');
    expect(result.distance).toBeGreaterThan(plain().distance);
    // The detour closure was not on the plain route, so it is not "avoided"; the route found a third way.
    expect(result.crossesClosureIds).toEqual([]);
    expect(result.distance).toBeGreaterThan(first.result.distance);
  });

  it('when the trip cannot keep off a closure (both ends are on it), says it crosses it', async () => {
    const beyondBothEnds = [{ lat: -33.42, lng: 147.99 }, FORBES, PARKES, { lat: -33.1, lng: 148.2 }];
    const whole = forbesEngine().route(beyondBothEnds).geometry.coordinates as [number, number][];
    const { result } = await plan([closureRecord('everything', [whole])]);
    expect(result.distance).toBeCloseTo(plain().distance, 0);
    expect(result.crossesClosureIds).toEqual(['everything']);
    expect(result.avoidedClosureIds).toEqual([]);
  });

  it('a closure ending exactly where the trip starts and ends is driven away from, not crossed', async () => {
    const whole = plain().geometry.coordinates as [number, number][];
    const { result } = await plan([closureRecord('between', [whole])]);
    expect(result.crossesClosureIds).toEqual([]);
    expect(result.avoidedClosureIds).toEqual(['between']);
  });

  it('keeps off avoid locations and avoid polygons', async () => {
    const [lng, lat] = NEWELL_NORTH[2];
    const near = await plan([], { avoidLocations: [{ lat, lng }] });
    expect(near.result.distance).toBeGreaterThan(plain().distance + 5_000);
    const d = 0.01;
    const box = [[lng - d, lat - d], [lng + d, lat - d], [lng + d, lat + d], [lng - d, lat + d], [lng - d, lat - d]];
    const inside = await plan([], { avoidPolygons: [{ type: 'Polygon', coordinates: [box] }] });
    expect(inside.result.distance).toBeGreaterThan(plain().distance + 5_000);
  });

  it('names the location that is too far from a road', async () => {
    await expect(plan([], { locations: [FORBES, { lat: -34.5, lng: 152.5 }] })).rejects.toThrow('Location 2 is too far from a road');
  });
});

describe('TripClosures', () => {
  it('switches to the per-LGA read when a trip outgrows the cell budget', async () => {
    const source = new MemoryClosures([closureRecord('newell', [NEWELL_NORTH])]);
    const closures = new TripClosures(source, NOW);
    // Back and forth across the state: far more cells than one trip may read.
    const acrossTheState: [number, number][] = Array.from({ length: 14 }, (_, i) => [i % 2 ? 152.5 : 141.5, -29.5 - i * 0.4]);
    expect(cellsAlong(acrossTheState).size).toBeGreaterThan(MAX_TRIP_CELLS);
    const found = await closures.along(acrossTheState);
    expect(source.cellsRead).toEqual([]);
    expect(source.boundsRead).toHaveLength(1);
    expect(found.map((c) => c.id)).toEqual(['newell']);
    // A line inside what was read is not read again.
    expect(await closures.along([[148, -33.4], [148.2, -33.1]])).toEqual([]);
    expect(source.boundsRead).toHaveLength(1);
  });

  it('reads each cell once per trip', async () => {
    const source = new MemoryClosures([]);
    const closures = new TripClosures(source, NOW);
    await closures.along(NEWELL_NORTH);
    const first = source.cellsRead.length;
    await closures.along(NEWELL_NORTH);
    expect(first).toBeGreaterThan(0);
    expect(source.cellsRead).toHaveLength(first);
  });
});

describe('offGraphLocations', () => {
  it('lists the stops with no road of the loaded graph within 5 km (where an external router may take over)', () => {
    const melbourne = { lat: -37.8136, lng: 144.9631 };
    const townStreet = { lat: FORBES.lat + 0.02, lng: FORBES.lng }; // ~2 km off the highway
    expect(offGraphLocations(forbesEngine(), [FORBES, townStreet, PARKES])).toEqual([]);
    expect(offGraphLocations(forbesEngine(), [FORBES, melbourne, { lat: -34.5, lng: 152.5 }])).toEqual([1, 2]);
  });
});
