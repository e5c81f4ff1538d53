// Closure persistence (docs/data.md#entities). Every change is ONE TransactWriteItems: the closure
// (with an optimistic version check), its extra-cell index items, the activity entry and the
// per-LGA view counters. Dashboards read the counters; nothing here scans the table.
import { randomBytes } from 'node:crypto';
import { conflict } from '../../core/errors';
import type { StoredView } from '../../core/closure-views';
import type { ClosureChange } from '../../core/closures/state';
import type { ActivityEntry, ClosureRecord, Region } from '../../core/closures/types';
import { mapIndexOf, storedPointersOf, type MapIndex } from './map-index';
import { db } from '../db/db';

export const counterName = (view: string) => `closures#${view}`;

type ClosureItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof db>['entities']['closure']['get']>['go']>>['data']>;

/** The stored item as the domain record (lists default to empty, views typed). */
export function toRecord(item: ClosureItem | Record<string, unknown>): ClosureRecord {
  const c = item as ClosureItem;
  return {
    ...(c as unknown as ClosureRecord),
    view: c.view as StoredView,
    regions: (c.regions ?? []) as Region[],
    media: c.media ?? [],
    cells: c.cells ?? [c.geohash4],
    version: c.version ?? 1,
    subscriberCount: c.subscriberCount ?? 0,
  };
}

export async function getClosure(id: string, consistent = false): Promise<ClosureRecord | undefined> {
  const { data } = await db().entities.closure.get({ id }).go({ consistent });
  return data ? toRecord(data) : undefined;
}

/** BatchGet (ElectroDB splits into requests of 100 and retries unprocessed keys). */
export async function getClosures(ids: readonly string[]): Promise<ClosureRecord[]> {
  if (ids.length === 0) return [];
  const { data } = await db()
    .entities.closure.get(ids.map((id) => ({ id })))
    .go({ preserveBatchOrder: false });
  return data.filter((d): d is NonNullable<typeof d> => Boolean(d)).map(toRecord);
}

/** Items of the stored closure: undefined attributes are left out so `put` removes them. */
export function itemOf(c: ClosureRecord, index: MapIndex = mapIndexOf(c)) {
  const clean = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as ClosureRecord;
  return { ...clean, ...index.fields, regions: c.regions as unknown };
}

/**
 * An activity's sort key within its second (`timestamp`, taken when the request began): the
 * milliseconds since that second began, counted when the entry is written, then a random suffix
 * for uniqueness. Counting from the timestamp, not the clock's own milliseconds, keeps time order
 * when a change is written in the second after its timestamp (the clock's 005 would sort before
 * an earlier change's 990). Padded to nine digits (over a day), so they sort as strings.
 */
export const activityN = (timestamp: number, nowMs = Date.now()) =>
  `${String(Math.max(0, nowMs - timestamp * 1000)).padStart(9, '0')}${randomBytes(3).toString('hex')}`;

export const CONFLICT_MESSAGE = 'This closure was changed by someone else. Please reload and try again.';

type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];
/** Further writes that must hold together with a closure change (media references, …). */
export type ExtraWrites = (entities: TransactionEntities) => ReturnType<TransactionEntities['closure']['delete']>['commit'] extends (...a: never[]) => infer R ? R[] : never;

export async function saveClosureChange(change: ClosureChange, extraWrites?: ExtraWrites): Promise<ClosureRecord> {
  const { before, geometry, activity } = change;
  let { after } = change;
  // Subscriptions ADD to subscriberCount without touching version (notifications adapter), so the
  // put also expects the count it read; when only the count moved, take the new count and retry.
  for (let attempt = 0; ; attempt++) {
    const outcome = await writeClosureChange(before, after, geometry, activity, extraWrites);
    if (outcome === 'saved') return after;
    const current = before && outcome === 'condition' && attempt < 3 ? await getClosure(after.id) : undefined;
    if (!current || current.version !== before!.version) throw conflict(before ? CONFLICT_MESSAGE : 'A closure with this id already exists');
    before!.subscriberCount = current.subscriberCount;
    after = { ...after, subscriberCount: current.subscriberCount };
  }
}

async function writeClosureChange(
  before: ClosureChange['before'],
  after: ClosureRecord,
  geometry: ClosureChange['geometry'],
  activity: ClosureChange['activity'],
  extraWrites?: ExtraWrites,
): Promise<'saved' | 'condition' | 'other'> {
  const index = mapIndexOf(after);
  const item = itemOf(after, index);
  const result = await db()
    .transaction.write((entities) => {
      const { closure, closureCell, closureMapCell, closureActivity, counter } = entities;
      const writes = [...(extraWrites?.(entities) ?? [])];
      writes.push(
        before
          ? closure
              .put(item as never)
              .where(({ version, subscriberCount }, { eq }) => `${eq(version, before.version)} AND ${eq(subscriberCount, before.subscriberCount)}`)
              .commit()
          : closure.create(item as never).commit(),
      );
      // The map index's pointer items: gone when the closure leaves the map, back when it returns,
      // rewritten when its regions move.
      const stored = before ? storedPointersOf(before) : { coarse: [], fine: [] };
      const keepCoarse = new Set(index.coarse.map((p) => p.geohash4));
      const keepFine = new Set(index.fine.map((p) => p.cell));
      for (const cell of stored.coarse) if (!keepCoarse.has(cell)) writes.push(closureCell.delete({ closureId: after.id, geohash4: cell }).commit());
      for (const cell of stored.fine) if (!keepFine.has(cell)) writes.push(closureMapCell.delete({ closureId: after.id, cell }).commit());
      const refresh = Boolean(geometry) || !before || before.mapCell === undefined || stored.coarse.length !== index.coarse.length || stored.fine.length !== index.fine.length;
      if (refresh) {
        for (const pointer of index.coarse) writes.push(closureCell.put(pointer).commit());
        for (const pointer of index.fine) writes.push(closureMapCell.put(pointer).commit());
      }
      writes.push(
        closureActivity
          .create({
            closureId: activity.closureId,
            timestamp: activity.timestamp,
            n: activityN(activity.timestamp),
            action: activity.action,
            user: activity.user,
            payload: activity.payload,
          })
          .commit(),
      );
      if (before?.view !== after.view) {
        if (before) writes.push(counter.update({ name: counterName(before.view), scope: before.lgaCode }).add({ count: -1 }).commit());
        writes.push(counter.update({ name: counterName(after.view), scope: after.lgaCode }).add({ count: 1 }).commit());
      }
      return writes;
    })
    .go();
  if (!result.canceled) return 'saved';
  const conditionFailed = (result.data as { code?: string }[]).some((r) => r.code === 'ConditionalCheckFailed');
  return conditionFailed ? 'condition' : 'other';
}

export interface StoredActivity extends ActivityEntry {
  n: string;
}

export async function listActivities(closureId: string, limit = 200): Promise<StoredActivity[]> {
  const { data } = await db().entities.closureActivity.query.byClosure({ closureId }).go({ order: 'desc', limit });
  return data as StoredActivity[];
}

/** Counter values of one LGA for the given views (missing counters are 0). */
export async function readViewCounters(lgaCode: string, views: readonly string[]): Promise<Record<string, number>> {
  const { data } = await db()
    .entities.counter.get(views.map((view) => ({ name: counterName(view), scope: lgaCode })))
    .go();
  const counts: Record<string, number> = Object.fromEntries(views.map((v) => [v, 0]));
  for (const c of data) if (c) counts[c.name.slice('closures#'.length)] = Math.max(0, c.count ?? 0);
  return counts;
}

/** LGAs with at least one closure in a view: one Query of the counter's partition. */
export async function lgasWithClosures(view: string): Promise<string[]> {
  const { data } = await db().entities.counter.query.byName({ name: counterName(view) }).go({ pages: 'all' });
  return data.filter((c) => (c.count ?? 0) > 0).map((c) => c.scope);
}
