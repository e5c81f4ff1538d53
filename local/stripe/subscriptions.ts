// Stripe emulator: subscriptions and their lifecycle. A subscription starts trialing (with a
// free trial invoice) or active (first period invoiced and paid); at each period end it is
// invoiced again. A failed charge makes it past_due, a second failure unpaid; paying the open
// invoice (e.g. after a card update in the portal) makes it active again. It can be set to cancel
// at the period end, or cancelled now (customer.subscription.deleted).
import { changedFields } from './catalog';
import type { Context } from './context';
import { StripeApiError, invalidParam } from './errors';
import { attemptPayment, invoicePeriod, itemsOf } from './invoices';
import { addInterval } from './money';
import { newId, nowSeconds, type StripeObject } from './store';

export type NewSubscription = {
  customer: StripeObject;
  items: { price: StripeObject; quantity: number; taxRates: StripeObject[] }[];
  trialDays?: number;
  metadata: Record<string, string>;
  coupon?: StripeObject;
  promotionCode?: string;
};

function interval(subscription: StripeObject): { interval: string; count: number } {
  const recurring = itemsOf(subscription)[0].price.recurring as { interval: string; interval_count: number };
  return { interval: recurring.interval, count: recurring.interval_count };
}

function setPeriod(subscription: StripeObject, start: number, end: number): void {
  subscription.current_period_start = start;
  subscription.current_period_end = end;
  for (const item of itemsOf(subscription) as unknown as Record<string, unknown>[]) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

/** Whether the subscription's coupon still discounts the next paid invoice. */
function activeCoupon(ctx: Context, subscription: StripeObject, periodStart: number): StripeObject | undefined {
  const coupon = subscription._coupon ? ctx.store.get('coupons', subscription._coupon as string) : undefined;
  if (!coupon) return undefined;
  const used = (subscription._discounted_invoices as number) ?? 0;
  if (coupon.duration === 'once' && used >= 1) return undefined;
  // Repeating: Stripe's discount ends duration_in_months after it started (discount.end).
  const end = (subscription._discount as { end: number | null } | undefined)?.end;
  if (coupon.duration === 'repeating' && end && periodStart >= end) return undefined;
  return coupon;
}

function invoiceNextPeriod(ctx: Context, subscription: StripeObject, reason: 'subscription_create' | 'subscription_cycle', start: number, free: boolean): StripeObject {
  const { interval: unit, count } = interval(subscription);
  const end = free ? (subscription.trial_end as number) : addInterval(start, unit, count);
  setPeriod(subscription, start, end);
  const coupon = free ? undefined : activeCoupon(ctx, subscription, start);
  const invoice = invoicePeriod(ctx, { subscription, reason, periodStart: start, periodEnd: end, free, coupon });
  if (coupon && invoice.total_discount_amounts && (invoice.total_discount_amounts as unknown[]).length > 0) {
    subscription._discounted_invoices = ((subscription._discounted_invoices as number) ?? 0) + 1;
  }
  subscription.latest_invoice = invoice.id;
  return invoice;
}

export function createSubscription(ctx: Context, input: NewSubscription): StripeObject {
  const now = nowSeconds();
  const id = newId('sub', 24);
  const trialEnd = input.trialDays ? now + input.trialDays * 86_400 : null;
  const subscription: StripeObject = ctx.store.put('subscriptions', {
    id,
    object: 'subscription',
    application: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: trialEnd ?? now,
    billing_mode: { type: 'flexible' },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: input.items[0].price.currency,
    current_period_end: null,
    current_period_start: null,
    customer: input.customer.id,
    days_until_due: null,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [] as string[],
    ended_at: null,
    items: {
      object: 'list',
      data: input.items.map((item) => ({
        id: newId('si', 14),
        object: 'subscription_item',
        created: now,
        current_period_end: null,
        current_period_start: null,
        discounts: [],
        metadata: {},
        price: item.price,
        quantity: item.quantity,
        subscription: id,
        tax_rates: item.taxRates,
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    pending_setup_intent: null,
    pending_update: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd ? now : null,
    _coupon: input.coupon?.id,
    _promotion_code: input.promotionCode,
    _discounted_invoices: 0,
  });
  if (input.coupon) {
    const discount = {
      id: newId('di', 24),
      object: 'discount',
      customer: input.customer.id,
      end: input.coupon.duration === 'repeating' ? addInterval(now, 'month', input.coupon.duration_in_months as number) : null,
      promotion_code: input.promotionCode ?? null,
      source: { coupon: input.coupon.id, type: 'coupon' },
      start: now,
      subscription: id,
    };
    subscription._discount = discount;
    subscription.discounts = [discount.id];
  }
  ctx.webhooks.emit('customer.subscription.created', subscription);
  const invoice = invoiceNextPeriod(ctx, subscription, 'subscription_create', now, Boolean(trialEnd));
  if (!trialEnd) {
    const before = structuredClone(subscription);
    subscription.status = invoice.status === 'paid' ? 'active' : 'incomplete';
    ctx.webhooks.emit('customer.subscription.updated', subscription, changedFields(before, subscription));
  }
  return subscription;
}

function notify(ctx: Context, subscription: StripeObject, before: StripeObject): void {
  const changed = changedFields(before, subscription);
  if (Object.keys(changed).length > 0) ctx.webhooks.emit('customer.subscription.updated', subscription, changed);
}

function endNow(ctx: Context, subscription: StripeObject, reason: string, at = nowSeconds()): void {
  subscription.status = 'canceled';
  subscription.canceled_at ??= nowSeconds();
  subscription.ended_at = at;
  (subscription.cancellation_details as Record<string, unknown>).reason = reason;
  ctx.webhooks.emit('customer.subscription.deleted', subscription);
}

export type AdvanceTarget = 'period_end' | 'trial_will_end';

/**
 * Emulator-only: moves the subscription's clock to its next boundary. Trialing → the trial ends
 * and the first paid period is invoiced; active → the next period is invoiced (or the
 * subscription ends when set to cancel at period end); past_due/unpaid → the open invoice is
 * retried (failing again: past_due becomes unpaid).
 */
export function advance(ctx: Context, subscription: StripeObject, target: AdvanceTarget): StripeObject {
  const status = subscription.status as string;
  if (status === 'canceled' || status === 'incomplete_expired') {
    throw invalidParam('subscription', `This subscription is ${status} and has no next period.`);
  }
  if (target === 'trial_will_end') {
    if (status !== 'trialing') throw invalidParam('to', 'Only a trialing subscription has a trial that will end.');
    ctx.webhooks.emit('customer.subscription.trial_will_end', subscription);
    subscription._trial_will_end_sent = true;
    return subscription;
  }
  const before = structuredClone(subscription);
  if (status === 'past_due' || status === 'unpaid') {
    const open = ctx.store.get('invoices', subscription.latest_invoice as string);
    const paid = open ? attemptPayment(ctx, open) : true;
    subscription.status = paid ? 'active' : 'unpaid';
    notify(ctx, subscription, before);
    return subscription;
  }
  if (status === 'trialing' && !subscription._trial_will_end_sent) {
    ctx.webhooks.emit('customer.subscription.trial_will_end', subscription);
    subscription._trial_will_end_sent = true;
  }
  const periodEnd = subscription.current_period_end as number;
  if (subscription.cancel_at_period_end) {
    endNow(ctx, subscription, 'cancellation_requested', periodEnd);
    return subscription;
  }
  const invoice = invoiceNextPeriod(ctx, subscription, 'subscription_cycle', periodEnd, false);
  subscription.status = invoice.status === 'paid' ? 'active' : 'past_due';
  notify(ctx, subscription, before);
  return subscription;
}

/** After a new card: pay the open invoice of a past_due or unpaid subscription. */
export function retryOpenInvoice(ctx: Context, subscription: StripeObject): void {
  if (subscription.status !== 'past_due' && subscription.status !== 'unpaid') return;
  advance(ctx, subscription, 'period_end');
}

export function setCancelAtPeriodEnd(ctx: Context, subscription: StripeObject, value: boolean, metadata?: Record<string, string>): StripeObject {
  if (subscription.status === 'canceled') {
    throw new StripeApiError(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' });
  }
  const before = structuredClone(subscription);
  subscription.cancel_at_period_end = value;
  subscription.cancel_at = value ? subscription.current_period_end : null;
  subscription.canceled_at = value ? nowSeconds() : null;
  (subscription.cancellation_details as Record<string, unknown>).reason = value ? 'cancellation_requested' : null;
  if (metadata) subscription.metadata = metadata;
  notify(ctx, subscription, before);
  return subscription;
}

export function cancelNow(ctx: Context, subscription: StripeObject): StripeObject {
  if (subscription.status === 'canceled') {
    throw new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscription.id}'`, param: 'id' });
  }
  endNow(ctx, subscription, 'cancellation_requested');
  return subscription;
}

export function filterSubscriptions(ctx: Context, params: Record<string, unknown>): StripeObject[] {
  const { customer, status, price } = params as Record<string, string | undefined>;
  return ctx.store.all('subscriptions').filter((subscription) =>
    (!customer || subscription.customer === customer) &&
    (status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled')) &&
    (!price || itemsOf(subscription).some((item) => item.price.id === price)));
}
