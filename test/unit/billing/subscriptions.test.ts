// A council's subscriptions: the earliest live one is kept, a later live one is a duplicate, the
// council's status comes from the one kept (never from whichever event came last), and events
// older than what a subscription shows never roll it back.
import { describe, expect, it } from 'vitest';
import { councilStanding, keptSubscription, liveSubscriptionIds, newDuplicates, subscriptionEventChange, type CouncilSubscription } from '../../../lambdas/core/billing/subscriptions';

const sub = (id: string, status: CouncilSubscription['status'], created: number, over: Partial<CouncilSubscription> = {}): CouncilSubscription => ({
  id,
  status,
  created,
  lastEventCreated: created,
  ...over,
});

describe('the subscription a council keeps', () => {
  it('is its earliest live one; later live ones are duplicates of it', () => {
    const first = sub('sub_b', 'trialing', 100);
    const second = sub('sub_a', 'active', 200);
    expect(keptSubscription([second, first])?.id).toBe('sub_b');
    expect(newDuplicates([second, first])).toEqual([{ subscription: second, keptId: 'sub_b' }]);
    // Created in the same second: the smaller id, whichever delivery asks.
    expect(keptSubscription([sub('sub_z', 'active', 100), sub('sub_y', 'trialing', 100)])?.id).toBe('sub_y');
  });

  it('flags nothing twice and never a subscription that has ended', () => {
    expect(newDuplicates([sub('sub_1', 'trialing', 100), sub('sub_2', 'canceled', 200)])).toEqual([]);
    expect(newDuplicates([sub('sub_1', 'trialing', 100), sub('sub_2', 'active', 200, { duplicateOf: 'sub_1' })])).toEqual([]);
  });
});

describe('the council status', () => {
  it('follows the subscription kept: a duplicate cancelled later does not make it an ex-customer', () => {
    const kept = sub('sub_1', 'trialing', 100);
    const duplicate = sub('sub_2', 'canceled', 200, { duplicateOf: 'sub_1', lastEventCreated: 300 });
    expect(councilStanding([kept, duplicate])).toMatchObject({ subscriptionStatus: 'trialing', stripeSubscriptionId: 'sub_1' });
  });

  it('with nothing live, is that of the subscription that changed last', () => {
    const standing = councilStanding([sub('sub_1', 'canceled', 100, { lastEventCreated: 500 }), sub('sub_2', 'unpaid', 200, { lastEventCreated: 400 })]);
    expect(standing).toMatchObject({ subscriptionStatus: 'canceled', stripeSubscriptionId: 'sub_1' });
    expect(councilStanding([])).toBeUndefined();
    // An ex-customer resubscribing: the new subscription waits for its first payment (incomplete).
    expect(councilStanding([sub('sub_1', 'canceled', 100, { lastEventCreated: 500 }), sub('sub_2', 'none', 600)])).toMatchObject({ subscriptionStatus: 'canceled' });
    expect(councilStanding([sub('sub_2', 'none', 600)])).toMatchObject({ subscriptionStatus: 'none' });
  });

  it('is ended by cancelling every live subscription, a duplicate not yet cancelled too', () => {
    expect(liveSubscriptionIds([sub('sub_1', 'trialing', 1), sub('sub_2', 'active', 2, { duplicateOf: 'sub_1' }), sub('sub_3', 'canceled', 0)])).toEqual(['sub_1', 'sub_2']);
  });
});

describe('a subscription event', () => {
  it('changes its own subscription only when it is not older than what that subscription shows', () => {
    const stored = sub('sub_1', 'active', 100, { lastEventCreated: 500 });
    expect(subscriptionEventChange(stored, { id: 'sub_1', status: 'canceled' }, 400)).toBeUndefined();
    expect(subscriptionEventChange(stored, { id: 'sub_1', status: 'past_due' }, 600)).toMatchObject({ status: 'past_due', created: 100, lastEventCreated: 600 });
    expect(subscriptionEventChange(undefined, { id: 'sub_2', status: 'incomplete', created: 90 }, 95)).toMatchObject({ status: 'none', created: 90 });
  });
});
