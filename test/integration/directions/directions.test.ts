// Directions, end to end on the local stack: directions around closures drawn through the real
// createClosure mutation, the states that do and do not close a road, the spec's errors, long
// trips, and the place search.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable, type Auth } from '../../support/api';
import {
  closeRoad,
  deleteClosure,
  directions,
  FORBES_TOWN,
  NEWELL_NORTH,
  PARKES_TOWN,
  route,
  SEARCH_PLACES,
  SYDNEY,
  type DirectionsResult,
} from './support';

let staff: Auth;
const trip = { locations: [FORBES_TOWN, PARKES_TOWN] };
let plain: DirectionsResult;
const created: string[] = [];

beforeAll(async () => {
  useStackTable();
  staff = { token: (await signIn('staff@forbes.example')).accessToken };
  plain = await route({ ...trip, avoidClosures: false });
});

afterAll(async () => {
  // Leave the Newell open for the other test files of this run.
  for (const id of created) await deleteClosure(staff, id).catch(() => undefined);
});

async function close(extra: Record<string, unknown> = {}) {
  const closure = await closeRoad(staff, NEWELL_NORTH, extra);
  created.push(closure.id);
  return closure;
}

describe('a closure on the Newell Highway north of Forbes', () => {
  it('Forbes to Parkes goes around it on a longer detour and names it; with avoidance off it crosses it', async () => {
    const closure = await close();
    expect(closure.view).toBe('ACTIVE');

    const around = await route(trip);
    expect(around.avoidedClosureIds).toContain(closure.id);
    expect(around.crossesClosureIds).not.toContain(closure.id);
    expect(around.distance).toBeGreaterThan(plain.distance + 5_000);
    expect(around.duration).toBeGreaterThan(plain.duration);

    const through = await route({ ...trip, avoidClosures: false });
    expect(through.crossesClosureIds).toContain(closure.id);
    expect(through.avoidedClosureIds).toEqual([]);
    expect(through.distance).toBeLessThan(around.distance);
    expect(through.distance).toBeCloseTo(plain.distance, 0);

    // An explicit null means the default: avoid.
    expect((await route({ ...trip, avoidClosures: null })).avoidedClosureIds).toContain(closure.id);

    await deleteClosure(staff, closure.id);
    const reopened = await route(trip);
    expect(reopened.avoidedClosureIds).not.toContain(closure.id);
    expect(reopened.crossesClosureIds).not.toContain(closure.id);
    expect(reopened.distance).toBeCloseTo(plain.distance, 0);
  });

  it('the plain route runs along the Newell Highway, with turn-by-turn steps', () => {
    const geometry = JSON.parse(plain.geometry) as { type: string; coordinates: number[][] };
    expect(geometry.type).toBe('LineString');
    expect(geometry.coordinates.length).toBeGreaterThan(10);
    expect(plain.distance).toBeGreaterThan(30_000);
    expect(plain.distance).toBeLessThan(45_000);
    expect(plain.steps.map((s) => s.name)).toContain('Newell Highway');
    expect(plain.steps.at(-1)).toMatchObject({ instruction: 'Arrive at your destination', distance: 0 });
    const stepTotal = plain.steps.reduce((sum, s) => sum + s.distance, 0);
    expect(stepTotal).toBeCloseTo(plain.distance, -1);
  });

  it('a closure scheduled for later is not avoided', async () => {
    const tomorrow = Math.floor(Date.now() / 1000) + 86_400;
    const scheduled = await close({ scheduledFor: tomorrow, estimatedReopening: tomorrow + 3600 });
    expect(scheduled.view).toBe('SCHEDULED');
    const result = await route(trip);
    expect(result.avoidedClosureIds).not.toContain(scheduled.id);
    expect(result.crossesClosureIds).not.toContain(scheduled.id);
    expect(result.distance).toBeCloseTo(plain.distance, 0);
    await deleteClosure(staff, scheduled.id);
  });

  it('a scheduled closure whose start has passed is avoided before the schedule moves it', async () => {
    const soon = Math.floor(Date.now() / 1000) + 3600;
    const scheduled = await close({ scheduledFor: soon });
    const { dynamoClient, tableName } = await import('../../../lambdas/adapters/db/client');
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `CLOSURE#${scheduled.id}`, sk: 'CLOSURE' },
        UpdateExpression: 'SET scheduledFor = :past',
        ExpressionAttributeValues: { ':past': soon - 7200 },
      }),
    );
    const result = await route(trip);
    expect(result.avoidedClosureIds).toContain(scheduled.id);
    await deleteClosure(staff, scheduled.id);
  });

  it('a deleted closure is not avoided', async () => {
    const closure = await close();
    await deleteClosure(staff, closure.id);
    const result = await route(trip);
    expect(result.avoidedClosureIds).not.toContain(closure.id);
    expect(result.crossesClosureIds).not.toContain(closure.id);
    expect(result.distance).toBeCloseTo(plain.distance, 0);
  });

  it('a closure with changed conditions (the road stays open) is not avoided', async () => {
    const changed = await close({ condition: 'changed' });
    const result = await route(trip);
    expect(result.avoidedClosureIds).not.toContain(changed.id);
    expect(result.distance).toBeCloseTo(plain.distance, 0);
    await deleteClosure(staff, changed.id);
  });
});

describe('avoid areas', () => {
  const [lng, lat] = NEWELL_NORTH[2];

  it('keeps off an avoid polygon given as GeoJSON', async () => {
    const d = 0.01;
    const polygon = { type: 'Polygon', coordinates: [[[lng - d, lat - d], [lng + d, lat - d], [lng + d, lat + d], [lng - d, lat + d], [lng - d, lat - d]]] };
    const result = await route({ ...trip, avoidPolygons: JSON.stringify(polygon) });
    expect(result.distance).toBeGreaterThan(plain.distance + 5_000);
  });

  it('keeps 50 m away from an avoid location', async () => {
    const result = await route({ ...trip, avoidLocations: [{ lat, lng }] });
    expect(result.distance).toBeGreaterThan(plain.distance + 5_000);
  });

  it('rejects an avoid polygon that is not one and changes nothing', async () => {
    const res = await directions({ ...trip, avoidPolygons: JSON.stringify({ type: 'LineString', coordinates: [[148, -33], [148.1, -33.1]] }) });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Avoid areas must be GeoJSON polygons inside Australia' });
  });
});

describe('long trips and errors', () => {
  it('Forbes to Sydney works across the state', async () => {
    const result = await route({ locations: [FORBES_TOWN, SYDNEY] });
    expect(result.distance).toBeGreaterThan(300_000);
    expect(result.distance).toBeLessThan(500_000);
    expect(result.duration).toBeGreaterThan(3 * 3600);
    expect(result.steps.length).toBeGreaterThan(3);
  });

  it('goes through waypoints in order', async () => {
    const result = await route({ locations: [FORBES_TOWN, PARKES_TOWN, FORBES_TOWN], avoidClosures: false });
    expect(result.distance).toBeGreaterThan(2 * plain.distance - 1_000);
    expect(result.steps.map((s) => s.instruction)).toContain('Arrive at waypoint 1');
  });

  it.each([[[]], [[FORBES_TOWN]]])('fewer than 2 locations: "You must provide at least 2 locations" (%#)', async (locations) => {
    const res = await directions({ locations });
    expect(res.data?.directions ?? null).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'You must provide at least 2 locations' });
  });

  it('names a location in the sea', async () => {
    const res = await directions({ locations: [FORBES_TOWN, PARKES_TOWN, { lat: -34.5, lng: 152.5 }] });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Location 3 is too far from a road' });
  });

  it('names a location outside Australia', async () => {
    const res = await directions({ locations: [FORBES_TOWN, { lat: 51.5, lng: -0.12 }] });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Location 2 is outside Australia' });
  });

  it('takes at most 25 locations', async () => {
    const res = await directions({ locations: Array(26).fill(FORBES_TOWN) });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'You can provide at most 25 locations' });
  });
});

describe('searchPlaces', () => {
  it('finds localities by prefix, with LGA and coordinate', async () => {
    const res = await gql<{ searchPlaces: any[] }>(SEARCH_PLACES, { query: 'forb' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.searchPlaces[0]).toMatchObject({ name: 'Forbes', state: 'NSW', lgaCode: '12900', lgaName: 'Forbes' });
    expect(res.data!.searchPlaces[0].coordinate.lat).toBeCloseTo(-33.38, 1);
  });

  it('forgives a typo and respects the limit', async () => {
    const res = await gql<{ searchPlaces: any[] }>(SEARCH_PLACES, { query: 'Parkse', limit: 2 });
    expect(res.data!.searchPlaces.map((p) => p.name)[0]).toBe('Parkes');
    expect(res.data!.searchPlaces).toHaveLength(2);
  });

  it('rejects an empty query', async () => {
    const res = await gql(SEARCH_PLACES, { query: '  ' });
    expect(res.errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: 'Enter a place to search for' });
  });
});
