// Daily digests waiting to go: one entry per closure event a person will read in their next
// digest, found by due time on gsi1 (one partition, DIGESTS; a few thousand entries a day).
import { db } from '../db/db';

export interface DigestEntry {
  uid: string;
  dueAt: number;
  eventId: string;
  eventType: string;
  closureId: string;
  occurredAt: number;
  via: string;
  movedOutOf?: string;
}

/** Kept a week past its due time in case the schedule was down; then the table's TTL drops it. */
const KEEP_SECONDS = 7 * 24 * 3600;

/** Idempotent: the same event for the same person and digest writes the same item. */
export async function addDigestEntry(entry: DigestEntry): Promise<void> {
  await db().entities.digestEntry.put({ ...entry, expiresAt: entry.dueAt + KEEP_SECONDS }).go();
}

/** Every entry due by `now`, oldest first. */
export async function dueDigestEntries(now: number): Promise<DigestEntry[]> {
  const { data } = await db()
    .entities.digestEntry.query.due({})
    .lte({ dueAt: now, uid: '\uffff', eventId: '\uffff' })
    .go({ pages: 'all' });
  return data.map(({ uid, dueAt, eventId, eventType, closureId, occurredAt, via, movedOutOf }) => ({ uid, dueAt, eventId, eventType, closureId, occurredAt, via, ...(movedOutOf ? { movedOutOf } : {}) }));
}

export async function removeDigestEntries(entries: readonly DigestEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db().entities.digestEntry.delete(entries.map(({ uid, dueAt, eventId }) => ({ uid, dueAt, eventId }))).go();
}
