// The customer lifecycle as Stripe drives it: which subscription states make a council a valid
// customer or an ex-customer, whether a webhook event may still change the stored state (events
// arrive out of order), and which changes are news for the council's account managers.
import type { CustomerStatus } from '../access';

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'] as const;

/** Stripe's subscription statuses mapped onto ours; incomplete checkouts are not a subscription yet. */
export function customerStatusOf(stripeStatus: string): CustomerStatus {
  switch (stripeStatus) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
      return stripeStatus;
    case 'incomplete_expired':
      return 'canceled';
    case 'paused':
      return 'unpaid';
    default:
      return 'none';
  }
}

export type CustomerState = 'new' | 'valid' | 'ex' | 'past_due';

/** Spec §4: valid when active or trialing; ex-customer when canceled or unpaid; default none (new). */
export function customerState(status: CustomerStatus): CustomerState {
  if (status === 'active' || status === 'trialing') return 'valid';
  if (status === 'canceled' || status === 'unpaid') return 'ex';
  if (status === 'past_due') return 'past_due';
  return 'new';
}

/** A subscription that blocks a new checkout: the council already pays (or is about to). */
export const hasLiveSubscription = (status: CustomerStatus) => status === 'trialing' || status === 'active' || status === 'past_due';

/**
 * Whether a subscription event may change the stored customer: Stripe does not deliver in order,
 * so an event older than the newest one applied never rolls the status back. Events of the same
 * second are applied in delivery order.
 */
export function isNewerEvent(eventCreated: number, lastEventCreated: number | undefined): boolean {
  return lastEventCreated === undefined || eventCreated >= lastEventCreated;
}

export interface SubscriptionSnapshot {
  id: string;
  status: string;
  trialEnd?: number | null;
  currentPeriodEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
}

export interface StoredCustomer {
  subscriptionStatus: CustomerStatus;
  lastEventCreated?: number;
}

export interface CustomerChange {
  subscriptionStatus: CustomerStatus;
  stripeSubscriptionId: string;
  trialEnd?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd: boolean;
  lastEventCreated: number;
}

/** The change a subscription event makes, or undefined when it is older than what is stored. */
export function subscriptionChange(stored: StoredCustomer, sub: SubscriptionSnapshot, eventCreated: number): CustomerChange | undefined {
  if (!isNewerEvent(eventCreated, stored.lastEventCreated)) return undefined;
  return {
    subscriptionStatus: customerStatusOf(sub.status),
    stripeSubscriptionId: sub.id,
    trialEnd: sub.trialEnd ?? undefined,
    currentPeriodEnd: sub.currentPeriodEnd ?? undefined,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd ?? false,
    lastEventCreated: eventCreated,
  };
}

export type BillingNotice = 'trial_ending' | 'payment_failed' | 'subscription_cancelled' | 'sms_credit_used';

/** What the account managers hear when the status moves from `before` to `after`. */
export function noticeForStatusChange(before: CustomerStatus, after: CustomerStatus): BillingNotice | undefined {
  if (before === after) return undefined;
  if (after === 'canceled' || after === 'unpaid') return 'subscription_cancelled';
  if (after === 'past_due') return 'payment_failed';
  return undefined;
}

export const TRIAL_WARNING_SECONDS = 3 * 24 * 3600;

/** The trial ends within three days (Stripe's trial_will_end timing; the billing page warns too). */
export function trialEndsSoon(status: CustomerStatus, trialEnd: number | undefined, now: number): boolean {
  return status === 'trialing' && trialEnd !== undefined && trialEnd > now && trialEnd - now <= TRIAL_WARNING_SECONDS;
}

/** The account managers' notification for a billing notice. */
export function billingNoticeContent(notice: BillingNotice, lga: { code: string; name?: string }, trialEnd?: number) {
  const council = lga.name ?? `LGA ${lga.code}`;
  const redirectTo = `/lga/${lga.code}/billing`;
  switch (notice) {
    case 'trial_ending': {
      const when = trialEnd ? new Date(trialEnd * 1000).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' }) : 'in 3 days';
      return { title: `${council}: your trial ends soon`, body: `The free trial ends on ${when}. Add a payment method to keep the staff tools.`, redirectTo, resourceId: lga.code };
    }
    case 'payment_failed':
      return { title: `${council}: payment failed`, body: 'The last payment did not go through. Update the payment method to keep the subscription.', redirectTo, resourceId: lga.code };
    case 'subscription_cancelled':
      return { title: `${council}: subscription cancelled`, body: 'Closures, report moderation and the staff map are closed. Your data is kept; resubscribe at any time.', redirectTo, resourceId: lga.code };
    case 'sms_credit_used':
      return { title: `${council}: text alerts stopped for this month`, body: "This month's SMS spending cap is used up, so residents get no more texts until the 1st. Email, push and in-app alerts go on. Ask the administrator to raise the cap.", redirectTo, resourceId: lga.code };
  }
}
