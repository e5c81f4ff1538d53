// Closures end to end on the local stack: create → public map, geohash cells, validation that
// saves nothing, snapping with the spec's errors, reopen/delete/restore, region deletion,
// staff lists with pagination and counts from counters, activities for every change.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ngeohash from 'ngeohash';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../../support/api';
import {
  ACTIVITIES,
  BY_LGA,
  DELETE,
  DELETE_REGION,
  FORBES,
  GET,
  IN_BOUNDS,
  REOPEN,
  RESTORE,
  UPDATE,
  closureInput,
  createClosure,
  errorOf,
  lineAt,
  matrixCallers,
  type Callers,
} from './support';

let c: Callers;
const now = () => Math.floor(Date.now() / 1000);

async function table() {
  const { dynamoClient, tableName } = await import('../../../lambdas/adapters/db/client');
  return { client: dynamoClient(), name: tableName() };
}

/** Moves a closure's clock-dependent facts into the past, as time passing would. */
async function backdate(id: string, set: Record<string, number | string>) {
  const { client, name } = await table();
  const names = Object.fromEntries(Object.keys(set).map((k) => [`#${k}`, k]));
  const values = Object.fromEntries(Object.entries(set).map(([k, v]) => [`:${k}`, v]));
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: { pk: `CLOSURE#${id}`, sk: 'CLOSURE' },
      UpdateExpression: `SET ${Object.keys(set).map((k) => `#${k} = :${k}`).join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

let spot = 0;
/** A fresh place inside Forbes LGA for each closure, so viewport checks see only their own. */
function freshSpot(): [number, number] {
  spot++;
  return [147.6 + ((spot * 0.037) % 0.38), -33.5 + ((spot * 0.029) % 0.19)];
}

const around = ([lng, lat]: [number, number], d = 0.01) => ({ west: lng - d, south: lat - d, east: lng + d, north: lat + d });

beforeAll(async () => {
  useStackTable();
  c = await matrixCallers();
});

describe('create and the public map', () => {
  it('creates a closure that an anonymous caller finds by closuresInBounds and closure(id)', async () => {
    const created = await createClosure(c.auth.staff);
    expect(created).toMatchObject({ lgaCode: FORBES, active: true, condition: 'closed', view: 'ACTIVE', type: { value: 'flood', text: 'Flooding' } });
    expect(created.geohash).toHaveLength(9);
    expect(created.formattedAddress).toContain('NSW');
    expect(created.nearestLocation.name).toBe('Newell Highway');
    expect(JSON.parse(created.regions[0].geometry).type).toBe('LineString');

    const bounds = { west: 147.92, south: -33.43, east: 147.97, north: -33.40 };
    const found = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds }, { apiKey: true });
    expect(found.errors).toBeUndefined();
    expect(found.data!.closuresInBounds.map((x) => x.id)).toContain(created.id);
    const elsewhere = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: { west: 148.3, south: -33.2, east: 148.35, north: -33.15 } });
    expect(elsewhere.data!.closuresInBounds.map((x) => x.id)).not.toContain(created.id);

    const one = await gql<{ closure: any }>(GET, { id: created.id }, { apiKey: true });
    expect(one.data!.closure).toMatchObject({ id: created.id, reason: 'Water over the road' });
  });

  it('finds a closure crossing two geohash cells from either cell', async () => {
    // Longitude 147.65625 is a precision-4 cell edge.
    const geometry = JSON.stringify({ type: 'LineString', coordinates: [[147.64, -33.56], [147.67, -33.561]] });
    const created = await createClosure(c.auth.staff, { regions: [{ geometry }] });
    const west = ngeohash.encode(-33.56, 147.64, 4);
    const east = ngeohash.encode(-33.561, 147.67, 4);
    expect(west).not.toBe(east);
    for (const cell of [west, east]) {
      const [s, w, n, e] = ngeohash.decode_bbox(cell);
      // Strictly inside one cell, and only just meeting the line's bbox.
      const bounds = cell === west ? { west: 147.63, south: s + 0.001, east: Math.min(e - 0.001, 147.65), north: n - 0.001 } : { west: Math.max(w + 0.001, 147.66), south: s + 0.001, east: 147.69, north: n - 0.001 };
      expect(ngeohash.bboxes(bounds.south, bounds.west, bounds.north, bounds.east, 4)).toEqual([cell]);
      const res = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds });
      expect(res.data!.closuresInBounds.map((x) => x.id)).toContain(created.id);
    }
    const { queryClosuresInBounds } = await import('../../../lambdas/adapters/closures/bounds');
    const result = await queryClosuresInBounds({ west: 147.66, south: -33.6, east: 147.69, north: -33.5 });
    expect(result.strategy).toBe('cells');
    expect(result.closures.map((x) => x.id)).toContain(created.id);
    expect(result.itemsRead).toBeGreaterThan(0);
  });

  it('refuses a one-vertex region and saves nothing', async () => {
    const { readViewCounters } = await import('../../../lambdas/adapters/closures/store');
    const before = await readViewCounters(FORBES, ['ACTIVE']);
    const res = await gql(`mutation($input: ClosureInput!) { createClosure(input: $input) { id } }`, {
      input: closureInput({ regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[147.9, -33.4]] }) }] }),
    }, c.auth.staff);
    expect(errorOf(res)).toMatchObject({ errorType: 'ValidationError', message: 'A polyline path needs at least two vertices' });
    expect(await readViewCounters(FORBES, ['ACTIVE'])).toEqual(before);
    const outside = await gql(`mutation($input: ClosureInput!) { createClosure(input: $input) { id } }`, {
      input: closureInput({ regions: [{ geometry: lineAt(148.1753, -33.1372) }] }),
    }, c.auth.staff);
    expect(errorOf(outside)).toMatchObject({ errorType: 'ValidationError', message: 'This road is in Parkes, not Forbes: staff can only work on roads of their own council' });
  });

  it('asks to zoom in, or falls back to LGA lists, for huge viewports', async () => {
    const nsw = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: { west: 141, south: -37.5, east: 153.6, north: -28.2 } });
    expect(nsw.errors).toBeUndefined();
    expect(nsw.data!.closuresInBounds.length).toBeGreaterThan(0);
    expect(nsw.data!.closuresInBounds.every((x) => x.view === 'ACTIVE' || x.view === 'RECENTLY_OPENED')).toBe(true);
  });
});

describe('snapToRoads', () => {
  const SNAP = `query($points: [CoordinateInput!]!) { snapToRoads(points: $points) { geometry distance } }`;

  it('follows the road between two points', async () => {
    const res = await gql<{ snapToRoads: any }>(SNAP, { points: [{ lat: -33.42686, lng: 147.92986 }, { lat: -33.41147, lng: 147.95997 }] }, c.auth.staff);
    expect(res.errors).toBeUndefined();
    const geometry = JSON.parse(res.data!.snapToRoads.geometry);
    expect(geometry.type).toBe('LineString');
    expect(geometry.coordinates.length).toBeGreaterThan(2);
    expect(res.data!.snapToRoads.distance).toBeGreaterThan(3000);
  });

  it('gives the spec messages for 172, 443 and 442, and needs a signed-in caller', async () => {
    const cases: [{ lat: number; lng: number }[], string][] = [
      [[{ lat: -33.42686, lng: 147.92986 }, { lat: -33.42686, lng: 148.13 }], 'Distance between points is more than 10km. Please mark points closer together.'],
      [[{ lat: -33.42686, lng: 147.92986 }, { lat: -33.37686, lng: 147.92986 }], 'Too far from a road. Please zoom in and try again.'],
      [[{ lat: -33.829072, lng: 148.705788 }, { lat: -33.833492, lng: 148.68639 }], 'No path found. Points may be too far apart.'],
    ];
    for (const [points, message] of cases) {
      const res = await gql(SNAP, { points }, c.auth.resident);
      expect(errorOf(res)).toMatchObject({ errorType: 'ValidationError', message });
    }
    const anonymous = await gql(SNAP, { points: cases[0][0] }, { apiKey: true });
    expect(errorOf(anonymous)?.errorType).toBe('Unauthorized');
  });

  it('reverse geocodes publicly and returns null far from anything', async () => {
    const res = await gql<{ reverseGeocode: string | null }>(`query { reverseGeocode(lat: -33.41147, lng: 147.95997) }`);
    expect(res.data!.reverseGeocode).toBe('Newell Highway, Forbes, NSW');
    const sea = await gql<{ reverseGeocode: string | null }>(`query { reverseGeocode(lat: -40, lng: 160) }`);
    expect(sea.errors).toBeUndefined();
    expect(sea.data!.reverseGeocode).toBeNull();
  });
});

describe('state changes', () => {
  it('reopen: condition opened, openedAt set, estimatedReopening cleared, listed under RECENTLY_OPENED', async () => {
    const created = await createClosure(c.auth.staff, { estimatedReopening: now() + 86_400, regions: [{ geometry: lineAt(...freshSpot()) }] });
    const res = await gql<{ reopenClosure: any }>(REOPEN, { id: created.id }, c.auth.staff);
    expect(res.errors).toBeUndefined();
    const reopened = res.data!.reopenClosure;
    expect(reopened).toMatchObject({ condition: 'opened', view: 'RECENTLY_OPENED', estimatedReopening: null, active: true });
    expect(reopened.openedAt).toBeGreaterThanOrEqual(created.createdAt);
    const list = await gql<{ closuresByLga: any }>(BY_LGA, { lgaCode: FORBES, view: 'RECENTLY_OPENED', limit: 100 }, c.auth.staff);
    expect(list.data!.closuresByLga.items.map((x: any) => x.id)).toContain(created.id);
    const again = await gql(REOPEN, { id: created.id }, c.auth.staff);
    expect(errorOf(again)).toMatchObject({ errorType: 'Conflict', message: 'The closure is already open' });
  });

  it('delete hides it from the public, restore brings it back; staff still see the deleted one', async () => {
    const place = freshSpot();
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(...place) }] });
    const deleted = await gql<{ deleteClosure: any }>(DELETE, { id: created.id }, c.auth.staff);
    expect(deleted.data!.deleteClosure).toMatchObject({ active: false, view: 'DELETED' });
    expect(deleted.data!.deleteClosure.deletedAt).toBeGreaterThan(0);
    const publicRead = await gql(GET, { id: created.id }, { apiKey: true });
    expect(errorOf(publicRead)).toMatchObject({ errorType: 'NotFound', message: `Closure ${created.id} not found` });
    const residentRead = await gql(GET, { id: created.id }, c.auth.resident);
    expect(errorOf(residentRead)?.errorType).toBe('NotFound');
    const staffRead = await gql<{ closure: any }>(GET, { id: created.id }, c.auth.staffNoRole);
    expect(staffRead.data!.closure.view).toBe('DELETED');
    const map = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: around(place) });
    expect(map.data!.closuresInBounds.map((x) => x.id)).not.toContain(created.id);

    const restored = await gql<{ restoreClosure: any }>(RESTORE, { id: created.id }, c.auth.staff);
    expect(restored.data!.restoreClosure).toMatchObject({ active: true, view: 'ACTIVE', deletedAt: null });
    const mapAgain = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: around(place) });
    expect(mapAgain.data!.closuresInBounds.map((x) => x.id)).toContain(created.id);
  });

  it('updates regions (re-indexing cells) and deletes a region', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(147.64, -33.3) }] });
    const kept = created.regions[0];
    const far = JSON.stringify({ type: 'LineString', coordinates: [[147.70, -33.30], [147.72, -33.31]] });
    const res = await gql<{ updateClosure: any }>(UPDATE, {
      id: created.id,
      input: closureInput({ type: 'roadworks', reason: null, regions: [{ id: kept.id, geometry: kept.geometry }, { geometry: far }] }),
    }, c.auth.staff);
    expect(res.errors).toBeUndefined();
    const updated = res.data!.updateClosure;
    expect(updated).toMatchObject({ type: { value: 'roadworks', text: 'Roadworks' }, reason: null });
    expect(updated.regions[0].id).toBe(kept.id);
    const { client, name } = await table();
    const cellOfFar = ngeohash.encode(-33.30, 147.71, 4);
    const primary = (await client.send(new GetCommand({ TableName: name, Key: { pk: `CLOSURE#${created.id}`, sk: 'CLOSURE' } }))).Item!;
    expect(primary.cells).toContain(cellOfFar);
    const farOnly = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: { west: 147.705, south: -33.31, east: 147.72, north: -33.30 } });
    expect(farOnly.data!.closuresInBounds.map((x) => x.id)).toContain(created.id);

    const removed = await gql<{ deleteClosureRegion: any }>(DELETE_REGION, { closureId: created.id, regionId: updated.regions[1].id }, c.auth.staff);
    expect(removed.data!.deleteClosureRegion.regions.map((r: any) => r.id)).toEqual([kept.id]);
    const farGone = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: { west: 147.705, south: -33.31, east: 147.72, north: -33.30 } });
    expect(farGone.data!.closuresInBounds.map((x) => x.id)).not.toContain(created.id);
    const last = await gql(DELETE_REGION, { closureId: created.id, regionId: kept.id }, c.auth.staff);
    expect(errorOf(last)?.message).toBe('A closure needs at least one region. Delete the closure instead.');
    const missing = await gql(DELETE_REGION, { closureId: 'no-such-closure', regionId: kept.id }, c.auth.staff);
    expect(errorOf(missing)).toMatchObject({ errorType: 'NotFound', message: 'Closure no-such-closure not found' });

    const activities = await gql<{ closureActivities: any[] }>(ACTIVITIES, { id: created.id }, c.auth.staff);
    expect(activities.data!.closureActivities.map((a) => a.action)).toEqual(['region_deleted', 'updated', 'created']);
    const [, update] = activities.data!.closureActivities;
    expect(JSON.parse(update.payload)).toMatchObject({ type: { from: 'flood', to: 'roadworks' } });
    expect(update.user.email).toBe('staff@forbes.example');
  });

  it('writes an activity entry for every change', async () => {
    const created = await createClosure(c.auth.staff, { regions: [{ geometry: lineAt(...freshSpot()) }] });
    await gql(DELETE, { id: created.id }, c.auth.staff);
    await gql(RESTORE, { id: created.id }, c.auth.admin);
    await gql(REOPEN, { id: created.id }, c.auth.staff);
    const res = await gql<{ closureActivities: any[] }>(ACTIVITIES, { id: created.id }, c.auth.staff);
    expect(res.data!.closureActivities.map((a) => a.action)).toEqual(['reopened', 'restored', 'deleted', 'created']);
    expect(res.data!.closureActivities[1].user.email).toBe('admin@example.com');
  });
});

describe('closuresByLga views, pages and counts', () => {
  async function everything(view: string, limit: number) {
    const ids: string[] = [];
    let nextToken: string | null = null;
    let count = -1;
    let pages = 0;
    do {
      const res: any = await gql(BY_LGA, { lgaCode: FORBES, view, limit, nextToken }, c.auth.staff);
      expect(res.errors).toBeUndefined();
      const page = res.data.closuresByLga;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((x: any) => x.id));
      nextToken = page.nextToken;
      count = page.count;
      pages++;
    } while (nextToken && pages < 50);
    return { ids, count, pages };
  }

  it('lists each view in pages whose total matches the count (counters for stored views)', async () => {
    const t = now();
    const make = (o: Record<string, unknown>) => createClosure(c.auth.staff, { regions: [{ geometry: lineAt(...freshSpot()) }], ...o });
    const scheduled = await make({ scheduledFor: t + 86_400, type: 'event' });
    const reopeningLater = await make({ estimatedReopening: t + 86_400 });
    const overdue = await make({ estimatedReopening: t - 3600 });
    const stale = await make({});
    await backdate(stale.id, { updatedAt: t - 8 * 86_400, gsi1sk: `ACTIVE#${t - 8 * 86_400}` });
    const deleted = await make({});
    await gql(DELETE, { id: deleted.id }, c.auth.staff);
    const toArchive = await make({});
    await gql(REOPEN, { id: toArchive.id }, c.auth.staff);
    const { getClosure } = await import('../../../lambdas/adapters/closures/store');
    const { archiveReopenedClosure } = await import('../../../lambdas/adapters/closures/commands');
    const { setLocalEventSink } = await import('../../../lambdas/adapters/platform/events');
    setLocalEventSink(() => undefined);
    await archiveReopenedClosure((await getClosure(toArchive.id))!);

    const { readViewCounters } = await import('../../../lambdas/adapters/closures/store');
    const counters = await readViewCounters(FORBES, ['ACTIVE', 'SCHEDULED', 'ARCHIVED', 'DELETED', 'RECENTLY_OPENED']);
    const expectations: [string, string][] = [
      ['SCHEDULED', scheduled.id],
      ['REOPENING_SCHEDULED', reopeningLater.id],
      ['REOPENING_OVERDUE', overdue.id],
      ['STALE', stale.id],
      ['DELETED', deleted.id],
      ['ARCHIVED', toArchive.id],
      ['ACTIVE', overdue.id],
    ];
    for (const [view, id] of expectations) {
      const { ids, count, pages } = await everything(view, 2);
      expect(ids, view).toContain(id);
      expect(new Set(ids).size, view).toBe(ids.length);
      expect(count, view).toBe(ids.length);
      if (view in counters) expect(count, view).toBe(counters[view]);
      if (ids.length > 2) expect(pages, view).toBeGreaterThan(1);
    }
    const active = await everything('ACTIVE', 100);
    expect(active.ids).not.toContain(scheduled.id);
    expect(active.ids).not.toContain(deleted.id);
    expect((await everything('REOPENING_SCHEDULED', 100)).ids).not.toContain(overdue.id);
    expect((await everything('STALE', 100)).ids).not.toContain(overdue.id);
  });

  it('moves a scheduled closure to ACTIVE once its time has passed (map at once, lists and counters on read)', async () => {
    const place = freshSpot();
    const scheduled = await createClosure(c.auth.staff, { scheduledFor: now() + 3600, regions: [{ geometry: lineAt(...place) }] });
    expect(scheduled).toMatchObject({ view: 'SCHEDULED', scheduled: true });
    const hidden = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: around(place) });
    expect(hidden.data!.closuresInBounds.map((x) => x.id)).not.toContain(scheduled.id);
    const shown = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: around(place), includeScheduled: true });
    expect(shown.data!.closuresInBounds.map((x) => x.id)).toContain(scheduled.id);

    await backdate(scheduled.id, { scheduledFor: now() - 5 });
    const onMap = await gql<{ closuresInBounds: any[] }>(IN_BOUNDS, { bounds: around(place) });
    expect(onMap.data!.closuresInBounds.map((x) => x.id)).toContain(scheduled.id);
    const list = await gql<{ closuresByLga: any }>(BY_LGA, { lgaCode: FORBES, view: 'ACTIVE', limit: 100 }, c.auth.staff);
    expect(list.data!.closuresByLga.items.map((x: any) => x.id)).toContain(scheduled.id);
    const activities = await gql<{ closureActivities: any[] }>(ACTIVITIES, { id: scheduled.id }, c.auth.staff);
    expect(activities.data!.closureActivities[0]).toMatchObject({ action: 'started', user: { uid: 'system' } });
  });

  it('refuses a token from another LGA and a bad view', async () => {
    const bad = await gql(BY_LGA, { lgaCode: FORBES, view: 'ACTIVE', nextToken: Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', gsi1pk: 'LGA#10050#CLOSURES', gsi1sk: 'z' })).toString('base64url') }, c.auth.staff);
    expect(errorOf(bad)).toMatchObject({ errorType: 'ValidationError', message: 'Invalid nextToken' });
  });
});

describe('dashboard', () => {
  it('shows counts, recent changes (12 h, at most 5) and overdue reopening with its count', async () => {
    const overdue = await createClosure(c.auth.staff, { estimatedReopening: now() - 60, regions: [{ geometry: lineAt(...freshSpot()) }] });
    const res = await gql<{ dashboard: any }>(
      `query($l: String!) { dashboard(lgaCode: $l) { lgaCode closureCounts { active scheduled archived deleted recentlyOpened reopeningScheduled reopeningOverdue stale }
        recentChanges { id updatedAt } overdueReopening { id estimatedReopening } overdueCount } }`,
      { l: FORBES },
      c.auth.staff,
    );
    expect(res.errors).toBeUndefined();
    const d = res.data!.dashboard;
    const { readViewCounters } = await import('../../../lambdas/adapters/closures/store');
    const counters = await readViewCounters(FORBES, ['ACTIVE', 'DELETED']);
    expect(d.closureCounts.active).toBe(counters.ACTIVE);
    expect(d.closureCounts.deleted).toBe(counters.DELETED);
    expect(d.recentChanges.length).toBeLessThanOrEqual(5);
    // Newest first; closures changed in the same second may come in either order.
    expect(d.recentChanges.map((x: any) => x.id)).toContain(overdue.id);
    const changed = d.recentChanges.map((x: any) => x.updatedAt);
    expect([...changed].sort((a, b) => b - a)).toEqual(changed);
    expect(Math.min(...changed)).toBeGreaterThanOrEqual(now() - 12 * 3600);
    expect(d.overdueCount).toBeGreaterThanOrEqual(1);
    expect(d.closureCounts.reopeningOverdue).toBe(d.overdueCount);
    expect(d.overdueReopening.map((x: any) => x.id)).toContain(overdue.id);
    const times = d.overdueReopening.map((x: any) => x.estimatedReopening);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
