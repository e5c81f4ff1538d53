// Bulk writes of benchmark closures. Production writes each closure in its own transaction
// (closure + map index pointer items + activity + counters, lambdas/adapters/closures/store.ts); seeding
// 100k that way would cost 100k round trips. Here the same closure, closureCell and closureMapCell
// items (built by the same functions, so the sparse map keys are the production ones) go through
// ElectroDB's batch put (BatchWriteItem, 25 items a request, several requests in flight), the
// per-LGA view counters are written once per stage with their final counts, and the activity
// items are left out: they live only in the closure's own partition (no gsi keys), so they
// cannot change what a viewport query reads.
import type { ClosureRecord } from '../../lambdas/core/closures/types';
import { counterName, itemOf } from '../../lambdas/adapters/closures/store';
import type { MapIndex } from '../../lambdas/adapters/closures/map-index';
import { db } from '../../lambdas/adapters/db/db';
import { getRoadEngine } from '../../lambdas/core/roads/engine';
import { random, RoadSampler, type ClosureFactory } from './closure-fixtures';
import { LgaLookup, type LgaInfo } from './lga-lookup';

const CONCURRENT_BATCHES = 8;
const MAX_ATTEMPTS = 8;

/** Batch put, retrying what DynamoDB hands back unprocessed (ElectroDB returns it, it does not retry). */
async function putAll<T>(items: T[], put: (items: T[]) => Promise<{ unprocessed: unknown[] }>): Promise<void> {
  let pending = items;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_ATTEMPTS) throw new Error(`${pending.length} items still unprocessed after ${MAX_ATTEMPTS} attempts`);
    const { unprocessed } = await put(pending);
    pending = unprocessed as T[];
    if (pending.length) await new Promise((r) => setTimeout(r, 50 * attempt));
  }
}

export async function writeClosures(closures: { closure: ClosureRecord; index: MapIndex }[]): Promise<number> {
  const { closure, closureCell, closureMapCell } = db().entities;
  const closureItems = closures.map((c) => itemOf(c.closure, c.index));
  const cellItems = closures.flatMap(({ index }) => index.coarse);
  const mapCellItems = closures.flatMap(({ index }) => index.fine);
  await Promise.all([
    putAll(closureItems, (items) => closure.put(items as never[]).go({ concurrent: CONCURRENT_BATCHES })),
    putAll(cellItems, (items) => closureCell.put(items).go({ concurrent: CONCURRENT_BATCHES / 2 })),
    putAll(mapCellItems, (items) => closureMapCell.put(items).go({ concurrent: CONCURRENT_BATCHES / 2 })),
  ]);
  return closureItems.length + cellItems.length + mapCellItems.length;
}

/** Counter items with their final values: what the transactions' increments would have summed to. */
export async function writeViewCounters(counts: Map<string, number>): Promise<void> {
  const items = [...counts].map(([key, count]) => {
    const [view, scope] = key.split('|');
    return { name: counterName(view), scope, count };
  });
  await putAll(items, (batch) => db().entities.counter.put(batch).go({ concurrent: CONCURRENT_BATCHES }));
}

/** LGA items as local/seed.ts writes them (the fallback reads their bbox). */
export async function writeLgas(lgas: readonly LgaInfo[]): Promise<void> {
  const items = lgas.map((l) => ({ code: l.code, name: l.name, state: l.state, centroid: l.centroid, bbox: [...l.bbox] }));
  await putAll(items, (batch) => db().entities.lga.put(batch).go({ concurrent: CONCURRENT_BATCHES }));
}

/**
 * The benches' closure source: the road engine, the LGA boundaries (their items written to the
 * table) and a closure factory on the seeded random stream, as the viewport bench and its
 * experiments build it.
 */
export async function seededClosureFactory(seed: number): Promise<ClosureFactory> {
  const engine = getRoadEngine();
  const lgas = new LgaLookup();
  await writeLgas(lgas.lgas);
  const next = random(seed);
  return { next, sampler: new RoadSampler(engine.graph, next), lgas, engine, now: Math.floor(Date.now() / 1000) };
}
