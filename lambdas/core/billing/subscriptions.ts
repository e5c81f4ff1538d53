// A council's subscriptions, decided. A council pays through one live subscription; two can still
// happen (two officers, or one officer with two PO numbers, finishing separate checkouts, or an
// old checkout page paid hours later). The rule: the earliest live subscription is the one the
// council keeps; every later live one is a duplicate, cancelled at once with a full refund of what
// it paid, and flagged to the administrators on the council's customer page. The council's status
// is derived from all its subscriptions, never from whichever webhook came last.
import type { CustomerStatus } from '../access';
import { customerStatusOf, hasLiveSubscription, isNewerEvent, type SubscriptionSnapshot } from './status';

export interface CouncilSubscription {
  id: string;
  status: CustomerStatus;
  created: number;
  trialEnd?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  lastEventCreated: number;
  duplicateOf?: string;
  flaggedAt?: number;
  resolution?: 'cancelled_refunded' | 'failed';
  refundedAmount?: number;
  resolvedAt?: number;
}

/** The change one subscription event makes to that subscription, or undefined when it is older than what is stored. */
export function subscriptionEventChange(
  stored: CouncilSubscription | undefined,
  sub: SubscriptionSnapshot & { created?: number | null },
  eventCreated: number,
): CouncilSubscription | undefined {
  if (stored && !isNewerEvent(eventCreated, stored.lastEventCreated)) return undefined;
  return {
    ...stored,
    id: sub.id,
    status: customerStatusOf(sub.status),
    created: stored?.created ?? sub.created ?? eventCreated,
    trialEnd: sub.trialEnd ?? undefined,
    currentPeriodEnd: sub.currentPeriodEnd ?? undefined,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd ?? false,
    lastEventCreated: eventCreated,
  };
}

const earliestFirst = (a: CouncilSubscription, b: CouncilSubscription) => a.created - b.created || a.id.localeCompare(b.id);

/** The subscription the council keeps: its earliest live one that is not a flagged duplicate. */
export function keptSubscription(subscriptions: CouncilSubscription[]): CouncilSubscription | undefined {
  return subscriptions.filter((s) => hasLiveSubscription(s.status) && !s.duplicateOf).sort(earliestFirst)[0];
}

/** Live subscriptions beside the kept one that are not flagged yet: each is a duplicate of the kept one. */
export function newDuplicates(subscriptions: CouncilSubscription[]): { subscription: CouncilSubscription; keptId: string }[] {
  const kept = keptSubscription(subscriptions);
  if (!kept) return [];
  return subscriptions
    .filter((s) => s.id !== kept.id && hasLiveSubscription(s.status) && !s.duplicateOf)
    .map((subscription) => ({ subscription, keptId: kept.id }));
}

export interface CouncilStanding {
  subscriptionStatus: CustomerStatus;
  stripeSubscriptionId: string;
  trialEnd?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd: boolean;
}

/**
 * The council's status: that of the subscription it keeps; with none live, that of the one that
 * changed last (canceled or unpaid: an ex-customer), where a checkout not paid yet (none) never
 * hides an ended one. Duplicates never decide it.
 */
export function councilStanding(subscriptions: CouncilSubscription[]): CouncilStanding | undefined {
  const latestFirst = (a: CouncilSubscription, b: CouncilSubscription) => b.lastEventCreated - a.lastEventCreated || -earliestFirst(a, b);
  const others = subscriptions.filter((s) => !s.duplicateOf);
  const deciding = keptSubscription(subscriptions) ?? others.filter((s) => s.status !== 'none').sort(latestFirst)[0] ?? others.sort(latestFirst)[0];
  if (!deciding) return undefined;
  return {
    subscriptionStatus: deciding.status,
    stripeSubscriptionId: deciding.id,
    trialEnd: deciding.trialEnd,
    currentPeriodEnd: deciding.currentPeriodEnd,
    cancelAtPeriodEnd: deciding.cancelAtPeriodEnd ?? false,
  };
}

/** The subscriptions a council's cancellation ends: every live one (a duplicate not yet resolved too). */
export const liveSubscriptionIds = (subscriptions: CouncilSubscription[]) => subscriptions.filter((s) => hasLiveSubscription(s.status)).map((s) => s.id);
