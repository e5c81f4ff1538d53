import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDistance, formatTableTimestamp, fromDatetimeLocal, lineLength, toDatetimeLocal } from '../format';

// Spec §9 formats are local-time; pin the zone so the expectations hold on any machine.
const originalTz = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Australia/Sydney';
});
afterEach(() => {
  process.env.TZ = originalTz;
});

// 2026-11-21 09:05:00 in Sydney (AEDT, UTC+11) = 2026-11-20T22:05:00Z
const SAMPLE = Date.UTC(2026, 10, 20, 22, 5) / 1000;

describe('closure display formats', () => {
  it('shows dates as DD/MM/YYYY', () => {
    expect(formatDate(SAMPLE)).toBe('21/11/2026');
    expect(formatDate(null)).toBe('—');
  });

  it('shows table timestamps as "MMM D, h:mm A"', () => {
    expect(formatTableTimestamp(SAMPLE)).toBe('Nov 21, 9:05 AM');
    expect(formatTableTimestamp(SAMPLE + 12 * 3600)).toBe('Nov 21, 9:05 PM');
    expect(formatTableTimestamp(SAMPLE + 3 * 3600 - 5 * 60)).toBe('Nov 21, 12:00 PM');
  });

  it('shows a time in running text as the spec\'s "lll", and the admin and billing screens use the same formats', async () => {
    const admin = await import('../../admin/components/format');
    expect(admin.formatLongTimestamp(SAMPLE)).toBe('Nov 21, 2026 9:05 AM');
    const billing = await import('../../billing/format');
    expect(admin.formatTime(SAMPLE)).toBe('Nov 21, 9:05 AM');
    expect(billing.formatDate(SAMPLE)).toBe('21/11/2026');
    expect(billing.formatTableTimestamp(SAMPLE)).toBe('Nov 21, 9:05 AM');
  });

  it('shows metres under 1 km and kilometres with two decimals above', () => {
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(1234)).toBe('1.23 km');
  });

  it('round-trips datetime-local values in local time to unix seconds', () => {
    expect(toDatetimeLocal(SAMPLE)).toBe('2026-11-21T09:05');
    expect(fromDatetimeLocal('2026-11-21T09:05')).toBe(SAMPLE);
    expect(fromDatetimeLocal('')).toBeNull();
    expect(fromDatetimeLocal('2026-02-30T10:00')).toBeNaN();
    expect(fromDatetimeLocal('tomorrow')).toBeNaN();
  });

  it('measures a line: one degree of latitude is about 111 km', () => {
    expect(lineLength([[148, -33], [148, -34]])).toBeGreaterThan(111_000);
    expect(lineLength([[148, -33], [148, -34]])).toBeLessThan(111_400);
  });
});
