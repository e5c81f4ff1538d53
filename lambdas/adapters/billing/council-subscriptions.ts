// A council's subscriptions in the table and the follow-up in Stripe: reading them (a council from
// before subscriptions were kept one by one counts its stored subscription as its earliest),
// cancelling and refunding a duplicate by the rule of lambdas/core/billing/subscriptions.ts, and
// expiring the council's other open checkout pages once one checkout completed.
import type { CustomerStatus } from '../../core/access';
import type { CouncilSubscription } from '../../core/billing/subscriptions';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';
import type { CustomerRecord } from './customers';
import { stripe } from './stripe-client';

export async function subscriptionsOf(lgaCode: string): Promise<CouncilSubscription[]> {
  const { data } = await db().entities.councilSubscription.query.byLga({ lgaCode }).go({ pages: 'all', consistent: true });
  return data.map((s) => ({ ...s, status: s.status as CustomerStatus }));
}

/** The council's subscriptions, with the one its customer item names when that has no item of its own yet. */
export function withStoredSubscription(customer: CustomerRecord, subscriptions: CouncilSubscription[]): CouncilSubscription[] {
  const id = customer.stripeSubscriptionId;
  if (!id || subscriptions.some((s) => s.id === id)) return subscriptions;
  const stored: CouncilSubscription = {
    id,
    status: customer.subscriptionStatus,
    created: 0,
    trialEnd: customer.trialEnd,
    currentPeriodEnd: customer.currentPeriodEnd,
    cancelAtPeriodEnd: customer.cancelAtPeriodEnd,
    lastEventCreated: customer.lastEventCreated ?? 0,
  };
  return [...subscriptions, stored];
}

const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/** Ends a duplicate in Stripe: cancelled now (no proration), every payment it took refunded in full. Returns the amount refunded. */
async function cancelAndRefund(lgaCode: string, subscriptionId: string): Promise<number> {
  const client = await stripe();
  const subscription = await client.subscriptions.retrieve(subscriptionId);
  if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
    await client.subscriptions.cancel(subscriptionId, { prorate: false }, { idempotencyKey: `duplicate-cancel-${subscriptionId}` }).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }
  let refunded = 0;
  const { data: invoices } = await client.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100 });
  for (const invoice of invoices.filter((i) => i.amount_paid > 0 && i.id)) {
    const { data: payments } = await client.invoicePayments.list({ invoice: invoice.id!, limit: 10 });
    for (const payment of payments.filter((p) => p.status === 'paid' && p.payment.payment_intent)) {
      const paymentIntent = typeof payment.payment.payment_intent === 'string' ? payment.payment.payment_intent : payment.payment.payment_intent!.id;
      const refund = await client.refunds.create(
        { payment_intent: paymentIntent, reason: 'duplicate', metadata: { lga_code: lgaCode, subscription: subscriptionId } },
        { idempotencyKey: `duplicate-refund-${payment.id}` },
      );
      refunded += refund.amount;
    }
  }
  return refunded;
}

/**
 * Cancels and refunds every flagged duplicate of the council not yet dealt with, recording the
 * outcome for the administrators; one that fails is recorded as failed (an administrator finishes
 * it in Stripe) and tried again with the council's next subscription event.
 */
export async function resolveDuplicates(lgaCode: string, log: (message: string, details: Record<string, unknown>) => void): Promise<void> {
  const pending = (await subscriptionsOf(lgaCode)).filter((s) => s.duplicateOf && s.resolution !== 'cancelled_refunded');
  for (const duplicate of pending) {
    try {
      const refundedAmount = await cancelAndRefund(lgaCode, duplicate.id);
      await db().entities.councilSubscription.patch({ lgaCode, id: duplicate.id }).set({ resolution: 'cancelled_refunded', refundedAmount, resolvedAt: nowSeconds() }).go();
      log('duplicate subscription cancelled and refunded', { lgaCode, subscriptionId: duplicate.id, keptId: duplicate.duplicateOf, refundedAmount });
    } catch (error) {
      await db().entities.councilSubscription.patch({ lgaCode, id: duplicate.id }).set({ resolution: 'failed', resolvedAt: nowSeconds() }).go();
      log('duplicate subscription could not be cancelled', { lgaCode, subscriptionId: duplicate.id, error: (error as Error).message });
    }
  }
}

/** Once one checkout of the council completed, its other open checkout pages can no longer be paid. */
export async function expireOtherCheckouts(lgaCode: string, completedId: string): Promise<string[]> {
  const { data } = await db().entities.checkoutSession.query.byLga({ lgaCode }).go({ order: 'desc', limit: 50 });
  const open = data.filter((s) => s.status === 'open' && s.id !== completedId);
  const client = open.length > 0 ? await stripe() : undefined;
  for (const session of open) {
    await client!.checkout.sessions.expire(session.id).catch((error: unknown) => {
      // Already expired, completed or gone in Stripe: nothing left to stop.
      if ((error as { statusCode?: number }).statusCode !== 400 && !isMissing(error)) throw error;
    });
    await db().entities.checkoutSession.patch({ lgaCode, created: session.created, id: session.id }).set({ status: 'expired' }).go();
  }
  return open.map((s) => s.id);
}
