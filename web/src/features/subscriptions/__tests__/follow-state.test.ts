import { describe, expect, it } from 'vitest';
import type { MySubscriptions } from '../api/subscriptions';
import { closureFollowState, lgaFollowState } from '../follow-state';

const subs = (lgas: string[], closures: string[] = []): MySubscriptions => ({
  lgas: lgas.map((code) => ({ code, name: `LGA ${code}` })),
  closures: closures.map((id) => ({ id, lgaCode: '12900', type: { value: 'flood', text: 'Flood' }, formattedAddress: null, reason: null, condition: 'closed', subscriberCount: 1 })),
});

describe('what a subscribe button may say', () => {
  it('claims neither Subscribe nor Unsubscribe before the server has answered', () => {
    // The dashboard once showed "Subscribe to Forbes" while loading for a resident who did follow
    // Forbes: a click aimed at that label landed after it had turned into "Unsubscribe".
    expect(lgaFollowState({ data: undefined, isError: false }, '12900')).toBe('unknown');
    expect(closureFollowState({ data: undefined, isError: false }, 'c1')).toBe('unknown');
  });

  it('claims neither when the list could not be loaded', () => {
    expect(lgaFollowState({ data: undefined, isError: true }, '12900')).toBe('unknown');
  });

  it('follows the server list, not the home council', () => {
    expect(lgaFollowState({ data: subs(['12900']), isError: false }, '12900')).toBe('following');
    expect(lgaFollowState({ data: subs(['16200']), isError: false }, '12900')).toBe('not-following');
    expect(lgaFollowState({ data: subs([]), isError: false }, '12900')).toBe('not-following');
  });

  it('keeps the last list the server gave when a refetch fails', () => {
    expect(lgaFollowState({ data: subs(['12900']), isError: true }, '12900')).toBe('following');
  });

  it('tells closures apart from councils', () => {
    expect(closureFollowState({ data: subs(['12900'], ['c1']), isError: false }, 'c1')).toBe('following');
    expect(closureFollowState({ data: subs(['12900'], ['c1']), isError: false }, 'c2')).toBe('not-following');
    expect(lgaFollowState({ data: subs([], ['12900']), isError: false }, '12900')).toBe('not-following');
  });
});
