// In-app notifications (docs/data.md#entities: USER#{uid} / NOTE#{timestamp}#{id}, expiresAt TTL).
import { notFound, validationError } from '../../core/errors';
import { chunk, notificationNotFound, NOTIFICATION_TTL_SECONDS, timestampOfId } from '../../core/notifications/rules';
import { db } from '../db/db';

export interface NotificationRecord {
  uid: string;
  id: string;
  timestamp: number;
  eventId?: string;
  title: string;
  body?: string;
  redirectTo?: string;
  resourceId?: string;
  image?: string;
  icon?: string;
  seen?: number;
  read?: number;
  data?: unknown;
  expiresAt?: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const BATCH_WRITE_SIZE = 25;

export const withTtl = (n: Omit<NotificationRecord, 'expiresAt'>): NotificationRecord => ({ ...n, expiresAt: n.timestamp + NOTIFICATION_TTL_SECONDS });

/** BatchWrites (each with its BatchGet) in flight at once: bounded, so a big LGA cannot flood the table. */
export const FANOUT_CONCURRENCY = 8;

/** Runs `work` over the items with at most `limit` running at once; results keep the items' order. */
export async function withConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** BatchWrite with retries of what DynamoDB hands back unprocessed. */
async function putBatch(batch: readonly NotificationRecord[]): Promise<void> {
  let pending = batch;
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    const { unprocessed } = (await db().entities.notification.put(pending as never).go()) as unknown as { unprocessed: { uid: string; id: string }[] };
    const left = new Set(unprocessed.map((u) => `${u.uid}/${u.id}`));
    pending = pending.filter((n) => left.has(`${n.uid}/${n.id}`));
    if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
  }
  if (pending.length) throw new Error(`${pending.length} notifications could not be written`);
}

/** One batch of at most 25: the ones not stored yet (BatchGet first), written. */
async function writeNewBatch(batch: readonly NotificationRecord[]): Promise<NotificationRecord[]> {
  const { data: existing } = await db()
    .entities.notification.get(batch.map((n) => ({ uid: n.uid, timestamp: n.timestamp, id: n.id })))
    .go({ attributes: ['uid', 'id'] });
  const have = new Set(existing.filter(Boolean).map((n) => `${n!.uid}/${n!.id}`));
  const fresh = batch.filter((n) => !have.has(`${n.uid}/${n.id}`));
  await putBatch(fresh);
  return fresh;
}

/**
 * Writes the notifications that do not exist yet, 25 per BatchWrite with at most
 * FANOUT_CONCURRENCY batches in flight, and returns only those: ids are deterministic per
 * (event, user), so a replayed event finds its items and writes nothing (BatchWrite cannot be
 * conditional, hence the BatchGet first; a read/seen mark is never reset).
 */
export async function writeNewNotifications(items: readonly NotificationRecord[]): Promise<NotificationRecord[]> {
  return (await withConcurrency(chunk(items, BATCH_WRITE_SIZE), FANOUT_CONCURRENCY, writeNewBatch)).flat();
}

/**
 * A writer for one delivery's groups of notifications: each call writes its group 25 per
 * BatchWrite, and all calls together keep at most FANOUT_CONCURRENCY BatchWrites in flight.
 * `first` (the mark was just claimed): written without reading; else only the missing ones.
 */
export function notificationWriter(first: boolean): (records: readonly NotificationRecord[]) => Promise<NotificationRecord[]> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const limited = async <R>(work: () => Promise<R>): Promise<R> => {
    while (running >= FANOUT_CONCURRENCY) await new Promise<void>((resume) => waiting.push(resume));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
  const writeBatch = (batch: readonly NotificationRecord[]) => (first ? putBatch(batch).then(() => [...batch]) : writeNewBatch(batch));
  return async (records) => (await Promise.all(chunk(records, BATCH_WRITE_SIZE).map((batch) => limited(() => writeBatch(batch))))).flat();
}

/** When a delivery was claimed (the timestamp its first claimDelivery passed), if it was. */
export async function deliveryClaimedAt(eventId: string, part: string): Promise<number | undefined> {
  const { data } = await db().entities.fanoutMark.get({ eventId, part }).go({ attributes: ['claimedAt'] });
  return data?.claimedAt;
}

/**
 * Claims the delivery of one event to one group of recipients (a conditional put of its mark).
 * True: the first delivery, nothing of it is stored yet. False: a retry or replay, which must
 * check what exists (writeNewNotifications).
 */
export async function claimDelivery(eventId: string, part: string, recipients: number, timestamp: number): Promise<boolean> {
  try {
    await db().entities.fanoutMark.create({ eventId, part, recipients, claimedAt: timestamp, expiresAt: timestamp + NOTIFICATION_TTL_SECONDS }).go();
    return true;
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message)) || (error as { cause?: { name?: string } }).cause?.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export interface NotificationPage {
  items: NotificationRecord[];
  nextToken: string | null;
}

/** Newest first; expired items the TTL sweeper has not removed yet are left out. */
export async function listNotifications(uid: string, opts: { unreadOnly: boolean; limit: number; nextToken?: string | null }): Promise<NotificationPage> {
  const now = nowSeconds();
  let query = db()
    .entities.notification.query.byUser({ uid })
    .where(({ expiresAt }, { gt, notExists }) => `${notExists(expiresAt)} OR ${gt(expiresAt, now)}`);
  if (opts.unreadOnly) query = query.where(({ read }, { notExists }) => notExists(read));
  try {
    const { data, cursor } = await query.go({ order: 'desc', count: opts.limit, cursor: opts.nextToken ?? null });
    return { items: data as NotificationRecord[], nextToken: cursor ?? null };
  } catch (error) {
    if (opts.nextToken && error instanceof Error && /cursor/i.test(error.message)) throw validationError('Invalid nextToken');
    throw error;
  }
}

async function getOwn(uid: string, id: string): Promise<NotificationRecord> {
  const timestamp = timestampOfId(id);
  if (timestamp === undefined) throw notFound(notificationNotFound(id));
  const { data } = await db().entities.notification.get({ uid, timestamp, id }).go();
  if (!data) throw notFound(notificationNotFound(id));
  return data as NotificationRecord;
}

export async function markRead(uid: string, id: string): Promise<NotificationRecord> {
  const current = await getOwn(uid, id);
  if (current.read && current.seen) return current;
  const now = nowSeconds();
  const read = current.read ?? now;
  const seen = current.seen ?? now;
  await db().entities.notification.patch({ uid, timestamp: current.timestamp, id }).set({ read, seen }).go();
  return { ...current, read, seen };
}

/** Marks every unread (or unseen) notification of the user; returns how many changed. */
async function markAll(uid: string, mark: 'read' | 'seen'): Promise<number> {
  const now = nowSeconds();
  const { data } = await db()
    .entities.notification.query.byUser({ uid })
    .where((attr, { notExists }) => notExists(attr[mark]))
    .go({ pages: 'all', attributes: ['uid', 'timestamp', 'id', 'seen'] });
  for (const group of chunk(data, 10)) {
    await Promise.all(
      group.map((n) => {
        const set = mark === 'read' ? { read: now, seen: n.seen ?? now } : { seen: now };
        return db()
          .entities.notification.patch({ uid, timestamp: n.timestamp, id: n.id })
          .set(set)
          .go()
          .catch((error: Error) => {
            // Expired by TTL between the query and the write: nothing left to mark.
            if (error.message.includes('conditional')) return;
            throw error;
          });
      }),
    );
  }
  return data.length;
}

export const markAllRead = (uid: string) => markAll(uid, 'read');
export const markAllSeen = (uid: string) => markAll(uid, 'seen');
