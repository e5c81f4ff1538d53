import { describe, expect, it } from 'vitest';
import { formatChangeTime, staleSaveMessage, timeZoneOfLga } from '../../../lambdas/core/closures/stale-save';

describe('the stale-save message', () => {
  it("names who changed the closure and when, in the council's time zone", () => {
    // 2026-11-25 04:58 UTC is 3:58 PM in Sydney (AEDT) and 12:58 PM in Perth.
    const at = Date.UTC(2026, 10, 25, 4, 58) / 1000;
    expect(staleSaveMessage('Jo Officer', at, '12900')).toBe('This closure was changed by Jo Officer at Nov 25, 3:58 PM. Reload to see the changes.');
    expect(formatChangeTime(at, '57080')).toBe('Nov 25, 12:58 PM');
  });

  it('writes midnight as 12 AM and falls back to Sydney for unknown codes', () => {
    expect(formatChangeTime(Date.UTC(2026, 5, 30, 14, 5) / 1000, '12900')).toBe('Jul 1, 12:05 AM');
    expect(timeZoneOfLga('99999')).toBe('Australia/Sydney');
    expect(timeZoneOfLga('31000')).toBe('Australia/Brisbane');
  });
});
