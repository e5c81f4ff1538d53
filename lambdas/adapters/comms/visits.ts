// Embedded-map visit counters: per LGA, in total and per day, added in one transaction so the
// three never disagree. Reads are two partition queries (never a scan).
import { conflict } from '../../core/errors';
import { DAILY_VISITS_COUNTER, DAY_COUNTER_TTL_SECONDS, VISITS_COUNTER, VISIT_DAYS, dailySeries, dayOf } from '../../core/comms/visits';
import { db } from '../db/db';
import { listLgas } from '../foundation/lgas';

const TOTAL = 'TOTAL';

/** Counts one visit of the LGA's embedded map; returns the LGA's new count. */
export async function recordEmbedVisit(lgaCode: string, now = Math.floor(Date.now() / 1000)): Promise<number> {
  const day = dayOf(now);
  const result = await db()
    .transaction.write(({ counter }) => [
      counter.update({ name: VISITS_COUNTER, scope: lgaCode }).add({ count: 1 }).commit(),
      counter.update({ name: VISITS_COUNTER, scope: TOTAL }).add({ count: 1 }).commit(),
      counter.update({ name: DAILY_VISITS_COUNTER, scope: day }).add({ count: 1 }).set({ expiresAt: now + DAY_COUNTER_TTL_SECONDS }).commit(),
    ])
    .go();
  if (result.canceled) throw conflict('The visit could not be counted. Please reload the map.');
  const { data } = await db().entities.counter.get({ name: VISITS_COUNTER, scope: lgaCode }).go({ consistent: true });
  return data?.count ?? 1;
}

export interface EmbedVisitsReport {
  total: number;
  lgas: Array<{ lgaCode: string; lgaName: string | null; count: number }>;
  daily: Array<{ date: string; count: number }>;
}

export async function embedVisitsReport(now = Math.floor(Date.now() / 1000)): Promise<EmbedVisitsReport> {
  const from = dayOf(now - (VISIT_DAYS - 1) * 86_400);
  const [{ data: counters }, { data: days }, lgas] = await Promise.all([
    db().entities.counter.query.byName({ name: VISITS_COUNTER }).go({ pages: 'all' }),
    db().entities.counter.query.byName({ name: DAILY_VISITS_COUNTER }).gte({ scope: from }).go({ pages: 'all' }),
    listLgas(),
  ]);
  const names = new Map(lgas.map((l) => [l.code, l.name]));
  const total = counters.find((c) => c.scope === TOTAL)?.count ?? 0;
  const perLga = counters
    .filter((c) => c.scope !== TOTAL)
    .map((c) => ({ lgaCode: c.scope, lgaName: names.get(c.scope) ?? null, count: c.count }))
    .sort((a, b) => b.count - a.count || a.lgaCode.localeCompare(b.lgaCode));
  return { total, lgas: perLga, daily: dailySeries(new Map(days.map((d) => [d.scope, d.count])), now) };
}
