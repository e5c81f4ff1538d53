// The customer lifecycle rules Stripe's webhooks drive: valid and ex-customers, out-of-order
// events, the notices account managers get, and the three-day trial warning.
import { describe, expect, it } from 'vitest';
import {
  customerState,
  customerStatusOf,
  hasLiveSubscription,
  noticeForStatusChange,
  subscriptionChange,
  trialEndsSoon,
  billingNoticeContent,
} from '../../../lambdas/core/billing/status';
import { subscriptionSnapshot } from '../../../lambdas/core/billing/stripe-objects';

const DAY = 24 * 3600;

describe('customer states (spec §4)', () => {
  it('is valid when trialing or active, an ex-customer when canceled or unpaid, new otherwise', () => {
    expect(customerState('trialing')).toBe('valid');
    expect(customerState('active')).toBe('valid');
    expect(customerState('canceled')).toBe('ex');
    expect(customerState('unpaid')).toBe('ex');
    expect(customerState('none')).toBe('new');
    expect(customerState('past_due')).toBe('past_due');
  });

  it("maps Stripe's statuses; an incomplete checkout is no subscription yet", () => {
    expect(customerStatusOf('incomplete')).toBe('none');
    expect(customerStatusOf('incomplete_expired')).toBe('canceled');
    expect(customerStatusOf('paused')).toBe('unpaid');
    expect(customerStatusOf('trialing')).toBe('trialing');
  });

  it('blocks a second checkout while the council pays or is about to', () => {
    expect(['trialing', 'active', 'past_due'].every((s) => hasLiveSubscription(s as never))).toBe(true);
    expect(['none', 'canceled', 'unpaid'].some((s) => hasLiveSubscription(s as never))).toBe(false);
  });
});

describe('subscription events', () => {
  const sub = { id: 'sub_1', status: 'active', trialEnd: null, currentPeriodEnd: 2_000_000_000, cancelAtPeriodEnd: false };

  it('applies an event newer than the last one applied', () => {
    expect(subscriptionChange({ subscriptionStatus: 'trialing', lastEventCreated: 100 }, sub, 200)).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_1',
      currentPeriodEnd: 2_000_000_000,
      lastEventCreated: 200,
    });
  });

  it('never rolls the status back with an older event', () => {
    expect(subscriptionChange({ subscriptionStatus: 'canceled', lastEventCreated: 300 }, { ...sub, status: 'active' }, 299)).toBeUndefined();
  });

  it('applies the first event and events of the same second', () => {
    expect(subscriptionChange({ subscriptionStatus: 'none' }, sub, 1)?.subscriptionStatus).toBe('active');
    expect(subscriptionChange({ subscriptionStatus: 'trialing', lastEventCreated: 50 }, sub, 50)?.subscriptionStatus).toBe('active');
  });

  it('reads the period end from the subscription item (newer API versions) or the subscription', () => {
    const base = { id: 'sub_2', status: 'trialing', customer: 'cus_1', trial_end: 10 };
    expect(subscriptionSnapshot({ ...base, items: { data: [{ current_period_end: 99 }] } }).currentPeriodEnd).toBe(99);
    expect(subscriptionSnapshot({ ...base, current_period_end: 77 }).currentPeriodEnd).toBe(77);
    expect(subscriptionSnapshot(base).trialEnd).toBe(10);
  });
});

describe('notices for account managers', () => {
  it('says cancelled when the council becomes an ex-customer, payment failed when past due', () => {
    expect(noticeForStatusChange('active', 'canceled')).toBe('subscription_cancelled');
    expect(noticeForStatusChange('active', 'unpaid')).toBe('subscription_cancelled');
    expect(noticeForStatusChange('active', 'past_due')).toBe('payment_failed');
    expect(noticeForStatusChange('trialing', 'active')).toBeUndefined();
    expect(noticeForStatusChange('canceled', 'canceled')).toBeUndefined();
  });

  it('warns when the trial ends within three days, and not before or after', () => {
    const now = 1_000_000;
    expect(trialEndsSoon('trialing', now + 3 * DAY, now)).toBe(true);
    expect(trialEndsSoon('trialing', now + 1, now)).toBe(true);
    expect(trialEndsSoon('trialing', now + 3 * DAY + 1, now)).toBe(false);
    expect(trialEndsSoon('trialing', now - 1, now)).toBe(false);
    expect(trialEndsSoon('active', now + DAY, now)).toBe(false);
  });

  it('links each notice to the council billing page', () => {
    const content = billingNoticeContent('trial_ending', { code: '12900', name: 'Forbes' }, 1_900_000_000);
    expect(content).toMatchObject({ title: 'Forbes: your trial ends soon', redirectTo: '/lga/12900/billing' });
    expect(billingNoticeContent('payment_failed', { code: '12900' }).title).toBe('LGA 12900: payment failed');
  });
});
