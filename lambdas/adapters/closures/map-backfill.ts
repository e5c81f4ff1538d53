// Brings closures written before the sparse, two-precision map index to its shape: each record
// without `mapCell` is rewritten in one transaction (version-checked) with its map keys (set only
// while on the map), its coarse pointers (with box; deleted when the closure is off the map) and
// its fine pointers. Walks the per-LGA staff lists (gsi1) of every stored view, never a scan, and
// skips records already done, so it can run again at any time; a counter marks it complete so
// the local stack's start-up runs it once. In AWS: `npm run backfill:map-index` (docs/operations.md#backfills).
import { STORED_VIEWS } from '../../core/closure-views';
import type { ClosureRecord } from '../../core/closures/types';
import { tableName } from '../db/client';
import { db } from '../db/db';
import { itemOf, lgasWithClosures, toRecord } from './store';
import { mapIndexOf, storedPointersOf } from './map-index';
import { inBatches, queryPages } from '../db/geo-cells';
import { lgaPartition } from './query';

const DONE = { name: 'migrations#closure-map-index', scope: 'v1' };

async function rewrite(c: ClosureRecord): Promise<boolean> {
  const index = mapIndexOf(c);
  const stored = storedPointersOf(c);
  const keep = new Set(index.coarse.map((p) => p.geohash4));
  const result = await db()
    .transaction.write(({ closure, closureCell, closureMapCell }) => [
      closure
        .put(itemOf(c, index) as never)
        .where(({ version }, { eq }) => eq(version, c.version))
        .commit(),
      ...stored.coarse.filter((cell) => !keep.has(cell)).map((cell) => closureCell.delete({ closureId: c.id, geohash4: cell }).commit()),
      ...index.coarse.map((p) => closureCell.put(p).commit()),
      ...index.fine.map((p) => closureMapCell.put(p).commit()),
    ])
    .go();
  // A closure changed meanwhile was written by the current code, which already indexes it.
  return !result.canceled;
}

/** Rewrites every closure not yet in the new index; returns how many. */
export async function backfillMapIndex(options: { force?: boolean } = {}): Promise<{ rewritten: number; skipped: boolean }> {
  if (!options.force) {
    const { data } = await db().entities.counter.get(DONE).go();
    if (data) return { rewritten: 0, skipped: true };
  }
  const lists = (await Promise.all(STORED_VIEWS.map(async (view) => (await lgasWithClosures(view)).map((code) => ({ code, view }))))).flat();
  let rewritten = 0;
  await inBatches(lists, async ({ code, view }) => {
    const { items } = await queryPages({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :view)',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': lgaPartition(code), ':view': `${view}#` },
    });
    const closures = (db().entities.closure.parse({ Items: items })?.data ?? []).map(toRecord).filter((c) => c.mapCell === undefined);
    for (const c of closures) if (await rewrite(c)) rewritten++;
  });
  await db().entities.counter.put({ ...DONE, count: rewritten }).go();
  return { rewritten, skipped: false };
}
