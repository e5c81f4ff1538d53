// Who counts as one embedded-map visit: one browser at one address, per council and day, known
// only by hashes; the caller's address is the one the edge appended; shards are summed.
import { describe, expect, it } from 'vitest';
import { VISIT_COUNTER_SHARDS, allShardNames, callerAddress, randomShard, shardName, sumByScope, visitorKeys } from '../../../lambdas/core/comms/visits';

describe('visitorKeys', () => {
  const keys = visitorKeys('12900', '2026-11-27', '203.0.113.9', 'Mozilla/5.0 A');
  it('is the same for the same browser, address, council and day', () => {
    expect(visitorKeys('12900', '2026-11-27', '203.0.113.9', 'Mozilla/5.0 A')).toEqual(keys);
  });
  it('tells browsers, days and councils apart, and keeps the address allowance per address', () => {
    expect(visitorKeys('12900', '2026-11-27', '203.0.113.9', 'Mozilla/5.0 B').visitor).not.toBe(keys.visitor);
    expect(visitorKeys('12900', '2026-11-27', '203.0.113.9', 'Mozilla/5.0 B').address).toBe(keys.address);
    expect(visitorKeys('12900', '2026-11-28', '203.0.113.9', 'Mozilla/5.0 A').visitor).not.toBe(keys.visitor);
    expect(visitorKeys('16200', '2026-11-27', '203.0.113.9', 'Mozilla/5.0 A').address).not.toBe(keys.address);
  });
  it('stores neither the address nor the user agent', () => {
    expect(JSON.stringify(keys)).not.toContain('203.0.113.9');
    expect(keys.visitor).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('callerAddress', () => {
  it('takes the entry the edge appended, not what the caller claims first', () => {
    expect(callerAddress({ 'x-forwarded-for': '1.2.3.4, 5.6.7.8, 203.0.113.9' }, undefined)).toBe('203.0.113.9');
    expect(callerAddress({ 'x-forwarded-for': '203.0.113.9' }, ['10.0.0.1'])).toBe('203.0.113.9');
    expect(callerAddress({}, ['198.51.100.1', '203.0.113.9'])).toBe('203.0.113.9');
    expect(callerAddress({}, undefined)).toBe('unknown');
  });
});

describe('visit counter shards', () => {
  it('keeps the counter of before as shard 0 and names the others after it', () => {
    expect(shardName('embedded_map_visits', 0)).toBe('embedded_map_visits');
    expect(allShardNames('embedded_map_visits')).toHaveLength(VISIT_COUNTER_SHARDS);
    expect(new Set(allShardNames('embedded_map_visits')).size).toBe(VISIT_COUNTER_SHARDS);
    expect(randomShard(() => 0)).toBe(0);
    expect(randomShard(() => 0.999999)).toBe(VISIT_COUNTER_SHARDS - 1);
  });
  it('sums shards by scope and leaves out the old TOTAL item', () => {
    const sums = sumByScope([
      { scope: '12900', count: 3 },
      { scope: '12900', count: 4 },
      { scope: '16200', count: 1 },
      { scope: 'TOTAL', count: 8 },
    ]);
    expect([...sums]).toEqual([['12900', 7], ['16200', 1]]);
  });
});
