// A council's own clock: the time zone of its state or territory, and the instants its calendar
// days begin, so a range a council asks for is its own days whatever the browser's clock says. Pure.
import { timeZoneOfLga } from './closures/stale-save';

export { timeZoneOfLga };

/** The zone's offset from UTC at an instant, in seconds (Sydney in summer: 39600). */
export function zoneOffsetSeconds(timeZone: string, atSeconds: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(atSeconds * 1000))
      .map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) / 1000;
  return asUtc - atSeconds;
}

/** The instant a yyyy-mm-dd day begins in the zone (daylight saving never starts at midnight in Australia). */
export function startOfDayIn(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(y, m - 1, d) / 1000;
  const guess = midnightUtc - zoneOffsetSeconds(timeZone, midnightUtc);
  return midnightUtc - zoneOffsetSeconds(timeZone, guess);
}

/** [first second of `fromDay`, last second of `toDay`] in the council's zone. */
export function dayRangeIn(fromDay: string, toDay: string, timeZone: string): { from: number; to: number } {
  const next = new Date(`${toDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from: startOfDayIn(fromDay, timeZone), to: startOfDayIn(next.toISOString().slice(0, 10), timeZone) - 1 };
}
