// Applies one verified Stripe event to the table, exactly once: the event id is written in the
// same transaction as the change it makes, so a replay (or a concurrent retry) changes nothing.
// A subscription event changes that subscription's item; the council's status is derived from all
// of its subscriptions (a second live one is flagged as a duplicate), and the customer item's
// version makes two deliveries for one council apply one after the other.
import type Stripe from 'stripe';
import type { CustomerStatus } from '../../core/access';
import { noticeForStatusChange, type BillingNotice } from '../../core/billing/status';
import { councilStanding, newDuplicates, subscriptionEventChange, type CouncilSubscription } from '../../core/billing/subscriptions';
import {
  INVOICE_EVENTS,
  SUBSCRIPTION_EVENTS,
  invoiceRecord,
  invoiceSubscriptionId,
  paymentStatusOf,
  refId,
  sessionCouponId,
  subscriptionSnapshot,
} from '../../core/billing/stripe-objects';
import { db } from '../db/db';
import { nowSeconds } from '../db/entities/common';
import { customerByStripeId, getCustomer, type CustomerRecord } from './customers';
import { subscriptionsOf, withStoredSubscription } from './council-subscriptions';
import { getOnboardingDiscount } from './discounts';

const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

export type ApplyOutcome =
  | {
      kind: 'applied';
      customer: CustomerRecord;
      before: CustomerStatus;
      notice?: BillingNotice;
      newManager?: string;
      /** Subscriptions this event showed to be a second live one of the council. */
      duplicates: string[];
      /** The checkout session this event completed. */
      completedCheckout?: string;
    }
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

const ATTEMPTS = 4;

export async function applyStripeEvent(event: Stripe.Event): Promise<ApplyOutcome> {
  if (!HANDLED.has(event.type)) return { kind: 'ignored' };
  for (let attempt = 1; ; attempt++) {
    const outcome = await applyOnce(event);
    // Another delivery for the same council changed its subscriptions meanwhile: derive again.
    if (outcome !== 'raced') return outcome;
    if (attempt >= ATTEMPTS) throw new Error(`Stripe event ${event.id} kept racing another delivery for its council`);
  }
}

async function applyOnce(event: Stripe.Event): Promise<ApplyOutcome | 'raced'> {
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
  // The index can lag: the customer item itself, read consistently, carries the version to guard.
  customer = (await getCustomer(customer.lgaCode, { consistent: true })) ?? customer;
  const lgaCode = customer.lgaCode;
  const before = customer.subscriptionStatus;

  const patch: Partial<CustomerRecord> = {};
  let invoice: ReturnType<typeof invoiceRecord> | undefined;
  let checkout: { id: string; poNumber?: string; subscriberEmail?: string } | undefined;
  let redeemedCoupon: string | undefined;
  let newManager: string | undefined;
  let notice: BillingNotice | undefined;
  const subscriptionWrites: CouncilSubscription[] = [];
  let duplicates: string[] = [];

  if ((SUBSCRIPTION_EVENTS as readonly string[]).includes(type)) {
    const known = withStoredSubscription(customer, await subscriptionsOf(lgaCode));
    const snapshot = subscriptionSnapshot(object as never);
    const changed = subscriptionEventChange(known.find((s) => s.id === snapshot.id), snapshot, event.created);
    if (changed) {
      const all = [...known.filter((s) => s.id !== changed.id), changed];
      const flagged = newDuplicates(all).map(({ subscription, keptId }) => Object.assign(subscription, { duplicateOf: keptId }));
      duplicates = flagged.map((s) => s.id);
      subscriptionWrites.push(changed, ...flagged.filter((s) => s.id !== changed.id));
      const standing = councilStanding(all);
      if (standing) Object.assign(patch, standing);
    }
  } else if ((INVOICE_EVENTS as readonly string[]).includes(type)) {
    invoice = invoiceRecord(object as never);
    // A duplicate's invoices are kept for the record, but never speak for the council's payments.
    const of = invoiceSubscriptionId(object as never);
    const fromDuplicate = of ? (await subscriptionsOf(lgaCode)).some((s) => s.id === of && s.duplicateOf) : false;
    const paymentStatus = paymentStatusOf(type);
    if (paymentStatus && !fromDuplicate) patch.paymentStatus = paymentStatus;
    if (type === 'invoice.payment_failed' && !fromDuplicate) notice = 'payment_failed';
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
  const version = customer.billingVersion;
  const { canceled } = await db()
    .transaction.write(({ stripeEvent, customer: customerEntity, invoice: invoiceEntity, checkoutSession, manager, onboardingDiscount, councilSubscription }) => {
      const writes = [
        stripeEvent
          .create({ id: event.id, type: event.type, created: event.created, expiresAt: nowSeconds() + EVENT_RETENTION_SECONDS })
          .commit(),
      ];
      if (subscriptionWrites.length > 0) {
        // Derived from the subscriptions read at this version: a concurrent change of them cancels this write.
        const guarded = customerEntity
          .patch({ lgaCode })
          .set({ ...patch, billingVersion: (version ?? 0) + 1 })
          .where(({ billingVersion }, { eq, notExists }) => (version === undefined ? notExists(billingVersion) : eq(billingVersion, version)));
        writes.push(guarded.commit() as never);
        for (const s of subscriptionWrites) {
          const fields = {
            status: s.status,
            created: s.created,
            trialEnd: s.trialEnd,
            currentPeriodEnd: s.currentPeriodEnd,
            cancelAtPeriodEnd: s.cancelAtPeriodEnd,
            lastEventCreated: s.lastEventCreated,
            duplicateOf: s.duplicateOf,
            flaggedAt: s.duplicateOf ? (s.flaggedAt ?? nowSeconds()) : undefined,
          };
          const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
          writes.push(councilSubscription.update({ lgaCode, id: s.id }).set(defined).commit() as never);
        }
      } else if (Object.keys(patch).length > 0) {
        writes.push(customerEntity.patch({ lgaCode }).set(patch).commit() as never);
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
  if (canceled) {
    if (await alreadyApplied(event.id)) return { kind: 'duplicate' };
    return subscriptionWrites.length > 0 ? 'raced' : { kind: 'ignored' };
  }
  return { kind: 'applied', customer: { ...customer, ...patch }, before, notice, newManager, duplicates, completedCheckout: sessionKey ? checkout!.id : undefined };
}

async function checkoutSessionKey(lgaCode: string, id: string): Promise<number | undefined> {
  const { data } = await db().entities.checkoutSession.query.byLga({ lgaCode }).go({ order: 'desc', limit: 50 });
  return data.find((s) => s.id === id)?.created;
}
