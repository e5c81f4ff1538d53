// Embedded-map visits (spec §3 counters app/embedded_map_visits): counter names and the
// per-day series of the last 90 days for the administrators' chart.
export const VISITS_COUNTER = 'embedded_map_visits';
export const DAILY_VISITS_COUNTER = 'embedded_map_visits_daily';
export const VISIT_DAYS = 90;
/** Day counters are kept a little longer than the chart shows, then expire. */
export const DAY_COUNTER_TTL_SECONDS = (VISIT_DAYS + 10) * 86_400;

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
