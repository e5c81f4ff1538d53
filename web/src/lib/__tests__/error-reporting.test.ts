import { describe, expect, it } from 'vitest';
import { createReportThrottle } from '../error-reporting';

describe('createReportThrottle', () => {
  it('sends one copy of a repeated message per window', () => {
    const allow = createReportThrottle(5, 60_000);
    expect(allow('boom', 0)).toBe(true);
    expect(allow('boom', 1_000)).toBe(false);
    expect(allow('boom', 61_000)).toBe(true);
  });

  it('caps distinct messages per window, then lets them through again', () => {
    const allow = createReportThrottle(2, 60_000);
    expect([allow('a', 0), allow('b', 1), allow('c', 2)]).toEqual([true, true, false]);
    expect(allow('c', 60_001)).toBe(true);
  });
});
