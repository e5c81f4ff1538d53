// When a daily digest is due: the next time the clock shows the picked hour in the council's time
// zone. Councils keep their state's time (daylight saving where the state has it).
const STATE_ZONES: Record<string, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

export const timeZoneOfState = (state: string | undefined): string => STATE_ZONES[(state ?? '').toUpperCase()] ?? 'Australia/Sydney';

/** Seconds the zone is ahead of UTC at that moment. */
function offsetSeconds(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(at * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) / 1000;
  return asUtc - at;
}

/** The first whole hour after `now` (unix seconds) at which the zone's clock reads `hour`:00. */
export function nextDigestAt(now: number, hour: number, zone: string): number {
  const start = Math.floor(now / 3600) * 3600 + 3600;
  // At most 25 hours away (a day with a daylight-saving change has 23 or 25).
  for (let t = start; t <= start + 26 * 3600; t += 3600) {
    const local = t + offsetSeconds(zone, t);
    // Half-hour zones (Adelaide, Darwin) are on the half hour in UTC: look at local minutes too.
    if (Math.floor((((local % 86400) + 86400) % 86400) / 3600) === hour) return t - (((local % 3600) + 3600) % 3600);
  }
  return start + 24 * 3600;
}
