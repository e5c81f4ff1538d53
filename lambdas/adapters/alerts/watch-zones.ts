// A person's watch zones in the table (docs/alerts.md#watch-zones). Saving a new zone is one
// transaction with the person's zone counter, which enforces the limit atomically (two saves at
// once with 4 zones make 5, not 6); saving an existing id replaces its shape and name and keeps its
// channels, so a repeated save makes one zone. A closure event reads the zones stored under the
// coarse cells near it.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound, validationError } from '../../core/errors';
import { zoneChannelsOf, type ZoneChannels } from '../../core/alerts/channels';
import { homeCellOf, homeCellsNear, MAX_WATCH_ZONES, ZONE_MESSAGES, zoneBbox, type ZoneShape } from '../../core/alerts/watch-zones';
import type { Bbox } from '../../core/closures/geometry';
import type { Position } from '../../core/closures/types';
import { dynamoClient } from '../db/client';
import { db } from '../db/db';
import { inBatches, queryPages, type Item } from '../db/geo-cells';

/** Scope = uid: how many zones this person watches. */
const USER_WATCH_ZONES_COUNTER = 'userWatchZones';

export interface WatchZone {
  uid: string;
  zoneId: string;
  name: string;
  shape: ZoneShape;
  place?: string;
  channels: ZoneChannels;
  createdAt: number;
  updatedAt: number;
}

export interface WatchZoneDraft {
  zoneId: string;
  name: string;
  shape: ZoneShape;
  place?: string;
}

function shapeOf(item: Item): ZoneShape {
  return item.shape === 'circle'
    ? { kind: 'circle', center: item.center as Position, radiusM: Number(item.radiusM) }
    : { kind: 'polygon', ring: (item.ring ?? []) as Position[] };
}

export function watchZoneOf(item: Item): WatchZone {
  return {
    uid: String(item.uid),
    zoneId: String(item.zoneId),
    name: String(item.name),
    shape: shapeOf(item),
    ...(item.place ? { place: String(item.place) } : {}),
    channels: zoneChannelsOf(item),
    createdAt: Number(item.createdAt),
    updatedAt: Number(item.updatedAt),
  };
}

const shapeAttributes = (draft: WatchZoneDraft) => ({
  name: draft.name,
  shape: draft.shape.kind,
  homeCell: homeCellOf(zoneBbox(draft.shape)),
  ...(draft.shape.kind === 'polygon' ? { ring: draft.shape.ring } : { center: draft.shape.center, radiusM: draft.shape.radiusM }),
  ...(draft.place ? { place: draft.place } : {}),
});

const isCanceled = (error: unknown): error is Error & { CancellationReasons?: { Code?: string }[] } =>
  error instanceof Error && error.name === 'TransactionCanceledException';

export async function watchZonesOf(uid: string): Promise<WatchZone[]> {
  const { data } = await db().entities.watchZone.query.byUser({ uid }).go({ pages: 'all' });
  return data.map((item) => watchZoneOf(item as Item)).sort((a, b) => a.createdAt - b.createdAt || a.zoneId.localeCompare(b.zoneId));
}

/** Replaces the shape and name of a zone the person has; false when they have none by that id. */
async function replaceShape(uid: string, draft: WatchZoneDraft): Promise<boolean> {
  const attributes = shapeAttributes(draft);
  // A polygon that becomes a circle (or back) leaves nothing of the old shape behind.
  const stale = draft.shape.kind === 'polygon' ? (['center', 'radiusM'] as const) : (['ring'] as const);
  try {
    await db().entities.watchZone.patch({ uid, zoneId: draft.zoneId }).set(attributes).remove([...stale, ...(draft.place ? [] : (['place'] as const))]).go();
    return true;
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) return false;
    throw error;
  }
}

export async function saveWatchZone(uid: string, draft: WatchZoneDraft): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await replaceShape(uid, draft)) return;
    const { watchZone, counter } = db().entities;
    try {
      await dynamoClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: watchZone.create({ uid, zoneId: draft.zoneId, ...shapeAttributes(draft) }).params() as never },
            {
              Update: counter
                .update({ name: USER_WATCH_ZONES_COUNTER, scope: uid })
                .add({ count: 1 })
                .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, MAX_WATCH_ZONES)}`)
                .params() as never,
            },
          ],
        }),
      );
      return;
    } catch (error) {
      if (!isCanceled(error)) throw error;
      const [zone, limit] = (error.CancellationReasons ?? []).map((r) => r.Code);
      // A save of the same id won the race: this one replaces its shape (the loop's next turn).
      if (zone === 'ConditionalCheckFailed') continue;
      if (limit === 'ConditionalCheckFailed') throw validationError(ZONE_MESSAGES.tooMany);
      if (attempt === 2) throw conflict('Failed to save the area. Please try again.');
    }
  }
  throw conflict('Failed to save the area. Please try again.');
}

/** Deletes one of the person's zones; one already gone (a second click) is fine. */
export async function deleteWatchZone(uid: string, zoneId: string): Promise<void> {
  const { watchZone, counter } = db().entities;
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: watchZone.remove({ uid, zoneId }).params() as never },
          { Update: counter.update({ name: USER_WATCH_ZONES_COUNTER, scope: uid }).add({ count: -1 }).params() as never },
        ],
      }),
    );
  } catch (error) {
    if (isCanceled(error) && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return;
    throw error;
  }
}

/** Sets a zone's channels (the person's own zone only: the key is theirs). */
export async function setWatchZoneChannels(uid: string, zoneId: string, channels: Partial<ZoneChannels>): Promise<void> {
  const set = Object.fromEntries(Object.entries(channels).filter(([, v]) => v !== undefined));
  try {
    await db().entities.watchZone.patch({ uid, zoneId }).set(set).go();
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) throw notFound(ZONE_MESSAGES.notFound);
    throw error;
  }
}

/** Every zone stored under a cell near the box: the candidates a closure there may meet. */
export async function watchZonesNear(bbox: Bbox): Promise<WatchZone[]> {
  const cells = homeCellsNear(bbox);
  const pages = await inBatches(cells, (homeCell) => queryPages(db().entities.watchZone.query.near({ homeCell }).params() as never));
  return pages.flatMap((page) => page.items.filter((item) => item.__edb_e__ === 'watchZone').map(watchZoneOf));
}
