// A council's calendar days in its own time zone, whatever the machine's clock.
import { describe, expect, it } from 'vitest';
import { dayRangeIn, startOfDayIn, timeZoneOfLga } from '../../lambdas/core/council-time';

describe('council time', () => {
  it('begins a day at the council\'s midnight, in and out of daylight saving', () => {
    expect(startOfDayIn('2026-11-01', 'Australia/Sydney')).toBe(Date.UTC(2026, 9, 31, 13) / 1000);
    expect(startOfDayIn('2026-06-01', 'Australia/Sydney')).toBe(Date.UTC(2026, 4, 31, 14) / 1000);
    expect(startOfDayIn('2026-11-01', 'Australia/Perth')).toBe(Date.UTC(2026, 9, 31, 16) / 1000);
    expect(startOfDayIn('2026-11-01', 'Australia/Adelaide')).toBe(Date.UTC(2026, 9, 31, 13, 30) / 1000);
  });

  it('makes a range of whole council days, the last second of the last day included', () => {
    expect(dayRangeIn('2026-11-01', '2026-11-27', 'Australia/Sydney')).toEqual({
      from: Date.UTC(2026, 9, 31, 13) / 1000,
      to: Date.UTC(2026, 10, 27, 13) / 1000 - 1,
    });
  });

  it('knows the state of an LGA from its code', () => {
    expect(timeZoneOfLga('12900')).toBe('Australia/Sydney');
    expect(timeZoneOfLga('57080')).toBe('Australia/Perth');
    expect(timeZoneOfLga('31000')).toBe('Australia/Brisbane');
  });
});
