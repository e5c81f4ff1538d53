// Embedded-map visit counters: a visitor's marker for the day (a conditional create, so the same
// browser counts once however often or however concurrently it asks), its address's allowance of
// browsers, then one add to a random shard of the council's counter and of the day's counter.
// Reads sum the shards: one query per shard partition (never a scan).
import { MAX_BROWSERS_PER_ADDRESS, VISITOR_MARKER_TTL_SECONDS, DAILY_VISITS_COUNTER, DAY_COUNTER_TTL_SECONDS, VISITS_COUNTER, VISIT_DAYS, allShardNames, dailySeries, dayOf, randomShard, shardName, sumByScope, visitorKeys } from '../../core/comms/visits';
import { db } from '../db/db';
import { listLgas } from '../foundation/lgas';

const VISITOR_MARKER = 'embed_visitor';
const ADDRESS_ALLOWANCE = 'embed_visit_address';

const isConditionFailure = (error: unknown) => /ConditionalCheckFailed|conditional request failed/i.test(`${(error as Error).name} ${(error as Error).message}`);

export interface EmbedVisit {
  lgaCode: string;
  /** The caller's address (core/comms/visits.ts callerAddress) and user agent: hashed, never stored. */
  address: string;
  userAgent: string;
}

/** The council's count: its shards added up. */
export async function embedVisitCount(lgaCode: string): Promise<number> {
  const { data } = await db().entities.counter.get(allShardNames(VISITS_COUNTER).map((name) => ({ name, scope: lgaCode }))).go({ consistent: true });
  return data.reduce((sum, item) => sum + item.count, 0);
}

/** Counts the visit unless this browser was counted today or its address used its allowance; returns whether it counted. */
export async function countEmbedVisit(visit: EmbedVisit, now = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const day = dayOf(now);
  const keys = visitorKeys(visit.lgaCode, day, visit.address, visit.userAgent);
  const expiresAt = now + VISITOR_MARKER_TTL_SECONDS;
  const counter = db().entities.counter;
  try {
    // Each marker and allowance is its own partition: no visitor waits on another's write.
    await counter.create({ name: `${VISITOR_MARKER}#${keys.visitor}`, scope: day, count: 1, expiresAt }).go();
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  try {
    await counter
      .update({ name: `${ADDRESS_ALLOWANCE}#${keys.address}`, scope: day })
      .add({ count: 1 })
      .set({ expiresAt })
      .where(({ count }, { lt, notExists }) => `${notExists(count)} OR ${lt(count, MAX_BROWSERS_PER_ADDRESS)}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  // Plain adds never conflict: concurrent ones on one shard queue up, and none is lost.
  await Promise.all([
    counter.update({ name: shardName(VISITS_COUNTER, randomShard()), scope: visit.lgaCode }).add({ count: 1 }).go(),
    counter.update({ name: shardName(DAILY_VISITS_COUNTER, randomShard()), scope: day }).add({ count: 1 }).set({ expiresAt: now + DAY_COUNTER_TTL_SECONDS }).go(),
  ]);
  return true;
}

/** Counts one visit of the LGA's embedded map (at most once per browser and day); returns the LGA's count. */
export async function recordEmbedVisit(visit: EmbedVisit, now = Math.floor(Date.now() / 1000)): Promise<number> {
  await countEmbedVisit(visit, now);
  return embedVisitCount(visit.lgaCode);
}

export interface EmbedVisitsReport {
  total: number;
  lgas: Array<{ lgaCode: string; lgaName: string | null; count: number }>;
  daily: Array<{ date: string; count: number }>;
}

export async function embedVisitsReport(now = Math.floor(Date.now() / 1000)): Promise<EmbedVisitsReport> {
  const from = dayOf(now - (VISIT_DAYS - 1) * 86_400);
  const counter = db().entities.counter;
  const [lifetime, days, lgas] = await Promise.all([
    Promise.all(allShardNames(VISITS_COUNTER).map((name) => counter.query.byName({ name }).go({ pages: 'all' }))),
    Promise.all(allShardNames(DAILY_VISITS_COUNTER).map((name) => counter.query.byName({ name }).gte({ scope: from }).go({ pages: 'all' }))),
    listLgas(),
  ]);
  const names = new Map(lgas.map((l) => [l.code, l.name]));
  const perLgaCounts = sumByScope(lifetime.flatMap((page) => page.data));
  const perLga = [...perLgaCounts]
    .map(([lgaCode, count]) => ({ lgaCode, lgaName: names.get(lgaCode) ?? null, count }))
    .sort((a, b) => b.count - a.count || a.lgaCode.localeCompare(b.lgaCode));
  const total = perLga.reduce((sum, l) => sum + l.count, 0);
  return { total, lgas: perLga, daily: dailySeries(sumByScope(days.flatMap((page) => page.data)), now) };
}
