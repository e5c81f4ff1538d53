// Applies one verified Stripe event to the table, exactly once: the event id is written in the
// same transaction as the change it makes, so a replay (or a concurrent retry) changes nothing.
import type Stripe from 'stripe';
import type { CustomerStatus } from '../../core/access';
import { noticeForStatusChange, subscriptionChange, type BillingNotice } from '../../core/billing/status';
import {
  INVOICE_EVENTS,
  SUBSCRIPTION_EVENTS,
  invoiceRecord,
  paymentStatusOf,
  refId,
  sessionCouponId,
  subscriptionSnapshot,
} from '../../core/billing/stripe-objects';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';
import { customerByStripeId, getCustomer, type CustomerRecord } from './customers';
import { getOnboardingDiscount } from './discounts';

const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

export type ApplyOutcome =
  | { kind: 'applied'; customer: CustomerRecord; before: CustomerStatus; notice?: BillingNotice; newManager?: string }
  | { kind: 'duplicate' | 'ignored' }
  | { kind: 'unknown_customer'; stripeCustomerId: string };

type Handled = (typeof SUBSCRIPTION_EVENTS)[number] | (typeof INVOICE_EVENTS)[number] | 'checkout.session.completed' | 'customer.subscription.trial_will_end';
const HANDLED = new Set<string>([...SUBSCRIPTION_EVENTS, ...INVOICE_EVENTS, 'checkout.session.completed', 'customer.subscription.trial_will_end']);

async function alreadyApplied(id: string): Promise<boolean> {
  const { data } = await db().entities.stripeEvent.get({ id }).go({ attributes: ['id'] });
  return !!data;
}

/** The council's first subscriber becomes its account manager when it has none. */
async function firstAccountManager(lgaCode: string, email: string | undefined): Promise<string | undefined> {
  if (!email) return undefined;
  const { data } = await db().entities.manager.query.byLga({ lgaCode }).go({ pages: 'all' });
  return data.some((m) => (m.roles ?? []).includes('account_manager')) ? undefined : email.toLowerCase();
}

export async function applyStripeEvent(event: Stripe.Event): Promise<ApplyOutcome> {
  if (!HANDLED.has(event.type)) return { kind: 'ignored' };
  if (await alreadyApplied(event.id)) return { kind: 'duplicate' };
  const type = event.type as Handled;
  const object = event.data.object as unknown as Record<string, unknown> & { customer?: string | { id: string } | null };
  const stripeCustomerId = refId(object.customer);
  if (!stripeCustomerId) return { kind: 'ignored' };
  let customer = await customerByStripeId(stripeCustomerId);
  if (!customer && type === 'checkout.session.completed') {
    const lgaCode = (object.metadata as Record<string, string> | undefined)?.lga_code;
    const byLga = lgaCode ? await getCustomer(lgaCode) : undefined;
    if (byLga?.stripeCustomerId === stripeCustomerId) customer = byLga;
  }
  if (!customer) return { kind: 'unknown_customer', stripeCustomerId };
  const lgaCode = customer.lgaCode;
  const before = customer.subscriptionStatus;

  const patch: Partial<CustomerRecord> = {};
  let invoice: ReturnType<typeof invoiceRecord> | undefined;
  let checkout: { id: string; poNumber?: string; subscriberEmail?: string } | undefined;
  let redeemedCoupon: string | undefined;
  let newManager: string | undefined;
  let notice: BillingNotice | undefined;

  if ((SUBSCRIPTION_EVENTS as readonly string[]).includes(type)) {
    const change = subscriptionChange(customer, subscriptionSnapshot(object as never), event.created);
    if (change) Object.assign(patch, change);
  } else if ((INVOICE_EVENTS as readonly string[]).includes(type)) {
    invoice = invoiceRecord(object as never);
    const paymentStatus = paymentStatusOf(type);
    if (paymentStatus) patch.paymentStatus = paymentStatus;
    if (type === 'invoice.payment_failed') notice = 'payment_failed';
  } else if (type === 'checkout.session.completed') {
    const metadata = (object.metadata ?? {}) as Record<string, string>;
    checkout = { id: String(object.id), poNumber: metadata.poNumber || undefined, subscriberEmail: metadata.subscriberEmail || undefined };
    if (checkout.poNumber) patch.poNumber = checkout.poNumber;
    newManager = await firstAccountManager(lgaCode, checkout.subscriberEmail);
    // The council's onboarding discount is used up once a checkout carrying it completes.
    const couponId = sessionCouponId(object as never);
    const offered = couponId ? await getOnboardingDiscount(lgaCode) : undefined;
    if (offered && offered.couponId === couponId && !offered.redeemedAt) redeemedCoupon = couponId;
  } else if (type === 'customer.subscription.trial_will_end') {
    notice = 'trial_ending';
  }
  if (patch.subscriptionStatus) notice = noticeForStatusChange(before, patch.subscriptionStatus) ?? notice;

  const sessionKey = checkout ? await checkoutSessionKey(lgaCode, checkout.id) : undefined;
  const { canceled } = await db()
    .transaction.write(({ stripeEvent, customer: customerEntity, invoice: invoiceEntity, checkoutSession, manager, onboardingDiscount }) => {
      const writes = [
        stripeEvent
          .create({ id: event.id, type: event.type, created: event.created, expiresAt: nowSeconds() + EVENT_RETENTION_SECONDS })
          .commit(),
      ];
      if (Object.keys(patch).length > 0) {
        const lastEventCreated = patch.lastEventCreated;
        let update = customerEntity.patch({ lgaCode }).set(patch);
        // Guards the out-of-order rule against a concurrent delivery of a newer event.
        if (lastEventCreated !== undefined) {
          update = update.where(({ lastEventCreated: stored }, { notExists, lte }) => `${notExists(stored)} OR ${lte(stored, lastEventCreated)}`);
        }
        writes.push(update.commit() as never);
      }
      if (invoice) writes.push(invoiceEntity.put({ lgaCode, ...invoice }).commit() as never);
      if (sessionKey) writes.push(checkoutSession.patch({ lgaCode, created: sessionKey, id: checkout!.id }).set({ status: 'complete' }).commit() as never);
      if (redeemedCoupon) {
        writes.push(
          onboardingDiscount
            .patch({ lgaCode })
            .set({ redeemedAt: nowSeconds(), redeemedBySession: checkout!.id })
            .commit() as never,
        );
      }
      if (newManager) writes.push(manager.upsert({ lgaCode, email: newManager, addedBy: 'checkout' }).add({ roles: ['account_manager'] }).commit() as never);
      return writes;
    })
    .go();
  if (canceled) return (await alreadyApplied(event.id)) ? { kind: 'duplicate' } : { kind: 'ignored' };
  return { kind: 'applied', customer: { ...customer, ...patch }, before, notice, newManager };
}

async function checkoutSessionKey(lgaCode: string, id: string): Promise<number | undefined> {
  const { data } = await db().entities.checkoutSession.query.byLga({ lgaCode }).go({ order: 'desc', limit: 50 });
  return data.find((s) => s.id === id)?.created;
}
