// A council's billing records mirrored from Stripe: invoices, checkout sessions and the ids of
// webhook events already applied (each Stripe event changes the table once).
import { Entity } from 'electrodb';
import { SERVICE, nowSeconds, timestamps } from './common';

/** An invoice as Stripe last reported it; amounts in integer cents. */
export const InvoiceEntity = new Entity(
  {
    model: { entity: 'invoice', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      number: { type: 'string' },
      status: { type: 'string', required: true },
      amountDue: { type: 'number', required: true },
      amountPaid: { type: 'number', required: true },
      currency: { type: 'string', required: true, default: 'aud' },
      /** Stripe's `created` (unix seconds); the sort key, newest last. */
      created: { type: 'number', required: true, readOnly: true },
      hostedInvoiceUrl: { type: 'string' },
      invoicePdf: { type: 'string' },
      /** What a coupon took off (cents). */
      amountDiscount: { type: 'number' },
      periodStart: { type: 'number' },
      periodEnd: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['created', 'id'], casing: 'none', template: 'INVOICE#${created}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** A Stripe checkout session started for the council (subscription or onboarding). */
export const CheckoutSessionEntity = new Entity(
  {
    model: { entity: 'checkoutSession', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      url: { type: 'string' },
      /** open | complete | expired, as Stripe reports it. */
      status: { type: 'string', required: true, default: 'open' },
      kind: { type: ['subscription', 'onboarding'] as const, required: true, default: 'subscription' },
      uid: { type: 'string' },
      email: { type: 'string' },
      poNumber: { type: 'string' },
      classification: { type: 'string' },
      skipTrial: { type: 'boolean' },
      priceId: { type: 'string' },
      amount: { type: 'number' },
      /** The council's onboarding coupon the session carries, and what it takes off the first invoice (cents). */
      couponId: { type: 'string' },
      amountDiscount: { type: 'number' },
      created: { type: 'number', required: true, readOnly: true, default: () => nowSeconds() },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['created', 'id'], casing: 'none', template: 'CHECKOUT#${created}#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/**
 * One Stripe subscription of a council, as its webhooks last described it. A council keeps one live
 * subscription; the council's status (its customer item) is derived from all of them
 * (lambdas/core/billing/subscriptions.ts). A later live one is a duplicate: flagged with the one
 * kept, then cancelled and refunded, and the outcome kept for the administrators.
 */
export const CouncilSubscriptionEntity = new Entity(
  {
    model: { entity: 'councilSubscription', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      status: { type: ['none', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'] as const, required: true },
      /** Stripe's `created` of the subscription: the earliest live one is the one kept. */
      created: { type: 'number', required: true },
      trialEnd: { type: 'number' },
      currentPeriodEnd: { type: 'number' },
      cancelAtPeriodEnd: { type: 'boolean' },
      /** `created` of the newest event applied to this subscription (events arrive out of order). */
      lastEventCreated: { type: 'number', required: true },
      /** Set on a second live subscription: the id of the one the council keeps. */
      duplicateOf: { type: 'string' },
      flaggedAt: { type: 'number' },
      /** What became of a duplicate: cancelled (and refunded when it had paid), or failed (an admin acts in Stripe). */
      resolution: { type: ['cancelled_refunded', 'failed'] as const },
      refundedAmount: { type: 'number' },
      resolvedAt: { type: 'number' },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: ['id'], casing: 'none', template: 'SUBSCRIPTION#${id}' },
      },
    },
  },
  { table: 'placeholder' },
);

/** A Stripe webhook event already applied; kept 30 days (Stripe retries for three days). */
export const StripeEventEntity = new Entity(
  {
    model: { entity: 'stripeEvent', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      type: { type: 'string', required: true },
      created: { type: 'number', required: true },
      appliedAt: { type: 'number', required: true, default: () => nowSeconds() },
      expiresAt: { type: 'number' },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'], casing: 'none', template: 'STRIPE_EVENT#${id}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'STRIPE_EVENT' },
      },
    },
  },
  { table: 'placeholder' },
);

/**
 * The discount an administrator offers a council on its onboarding checkout: one single-use Stripe
 * coupon. Redeemed when a checkout carrying it completes (the webhook); replaced or withdrawn by an admin.
 */
export const OnboardingDiscountEntity = new Entity(
  {
    model: { entity: 'onboardingDiscount', version: '1', service: SERVICE },
    attributes: {
      lgaCode: { type: 'string', required: true, readOnly: true },
      couponId: { type: 'string', required: true },
      name: { type: 'string' },
      percentOff: { type: 'number' },
      amountOff: { type: 'number' },
      currency: { type: 'string', required: true, default: 'aud' },
      duration: { type: ['once', 'forever', 'repeating'] as const, required: true },
      durationInMonths: { type: 'number' },
      createdBy: { type: 'string', required: true },
      /** When a checkout with the coupon completed, and which one. */
      redeemedAt: { type: 'number' },
      redeemedBySession: { type: 'string' },
      ...timestamps,
    },
    indexes: {
      byLga: {
        pk: { field: 'pk', composite: ['lgaCode'], casing: 'none', template: 'LGA#${lgaCode}' },
        sk: { field: 'sk', composite: [], casing: 'none', template: 'ONBOARDING_DISCOUNT' },
      },
    },
  },
  { table: 'placeholder' },
);
