// Embedded-map visits (spec §3 counters app/embedded_map_visits): who counts as one visit, the
// counter names and shards, and the per-day series of the last 90 days for the administrators'
// chart. A visit is one browser at one address seeing one council's embed on one day: reloading,
// or asking several times in one request, counts once.
import { createHash } from 'node:crypto';

export const VISITS_COUNTER = 'embedded_map_visits';
export const DAILY_VISITS_COUNTER = 'embedded_map_visits_daily';
export const VISIT_DAYS = 90;
/** Day counters are kept a little longer than the chart shows, then expire. */
export const DAY_COUNTER_TTL_SECONDS = (VISIT_DAYS + 10) * 86_400;

/**
 * Each count is added to one of this many items, chosen at random, and read as their sum: a burst
 * of visits (a council posting its map during a flood) spreads over several items and partitions
 * instead of queueing on one. Shard 0 is the unsharded counter of before, so old counts stay.
 */
export const VISIT_COUNTER_SHARDS = 10;

/**
 * Different browsers (user agents) one address may add to one council's count in a day: a council
 * office or a phone network shares one address among many people, but a script that changes its
 * user agent on every call cannot add more than this.
 */
export const MAX_BROWSERS_PER_ADDRESS = 20;
/** A visitor's marker outlives its day (UTC days start at different local times). */
export const VISITOR_MARKER_TTL_SECONDS = 2 * 86_400;

export const shardName = (counter: string, shard: number) => (shard === 0 ? counter : `${counter}#${shard}`);
export const allShardNames = (counter: string) => Array.from({ length: VISIT_COUNTER_SHARDS }, (_, i) => shardName(counter, i));
export const randomShard = (random = Math.random) => Math.floor(random() * VISIT_COUNTER_SHARDS);

/** Scopes of the lifetime counters: LGA codes; TOTAL is the old unsharded total, now summed instead. */
export const LEGACY_TOTAL_SCOPE = 'TOTAL';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** Who is counted, kept only as hashes (no address or user agent is stored). */
export interface VisitorKeys {
  /** One browser at one address, for one council and day. */
  visitor: string;
  /** One address, for one council and day: its allowance of browsers. */
  address: string;
}

export function visitorKeys(lgaCode: string, day: string, address: string, userAgent: string): VisitorKeys {
  return { visitor: hash('visitor', lgaCode, day, address, userAgent), address: hash('address', lgaCode, day, address) };
}

/**
 * The caller's address as the edge in front of the API saw it: the last X-Forwarded-For entry is
 * the one the edge appended (earlier ones are whatever the caller sent); AppSync's sourceIp list
 * when there is no header.
 */
export function callerAddress(headers: Record<string, string | undefined>, sourceIp: readonly string[] | undefined): string {
  const forwarded = (headers['x-forwarded-for'] ?? '').split(',').map((ip) => ip.trim()).filter(Boolean);
  return forwarded.at(-1) ?? sourceIp?.at(-1) ?? 'unknown';
}

/** UTC calendar day of a unix time, "2026-11-25". */
export const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The last `days` days ending today, oldest first, zero where nothing was counted. */
export function dailySeries(counts: ReadonlyMap<string, number>, now: number, days = VISIT_DAYS): Array<{ date: string; count: number }> {
  const out: Array<{ date: string; count: number }> = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = dayOf(now - i * 86_400);
    out.push({ date, count: counts.get(date) ?? 0 });
  }
  return out;
}

/** Sums counter items by scope (the shards of one counter), leaving out the old total. */
export function sumByScope(items: ReadonlyArray<{ scope: string; count: number }>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const { scope, count } of items) {
    if (scope === LEGACY_TOTAL_SCOPE) continue;
    sums.set(scope, (sums.get(scope) ?? 0) + count);
  }
  return sums;
}
