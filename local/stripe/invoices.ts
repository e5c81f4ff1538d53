// Stripe emulator: subscription invoices. Each billing period gets an invoice that is created as
// a draft (invoice.created), finalized with a number (invoice.finalized, status open) and then
// charged to the customer's default card: paid (invoice.paid, invoice.payment_succeeded) or left
// open after a failed attempt (invoice.payment_failed). The hosted page and PDF live on the emulator.
import { chargeCustomer } from './cards';
import type { Context } from './context';
import { computeTotals, type Item } from './money';
import { newId, nowSeconds, type StripeObject } from './store';

export type SubscriptionItem = { id: string; price: StripeObject; quantity: number; tax_rates: StripeObject[] };

export function itemsOf(subscription: StripeObject): SubscriptionItem[] {
  return (subscription.items as { data: SubscriptionItem[] }).data;
}

function nextNumber(ctx: Context, customer: StripeObject): string {
  const count = ctx.store.all('invoices').filter((invoice) => invoice.customer === customer.id && invoice.number).length;
  return `${customer.invoice_prefix}-${String(count + 1).padStart(4, '0')}`;
}

type InvoiceInput = {
  subscription: StripeObject;
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  periodStart: number;
  periodEnd: number;
  /** Trial invoices charge nothing. */
  free: boolean;
  coupon?: StripeObject;
};

function buildInvoice(ctx: Context, input: InvoiceInput): StripeObject {
  const { subscription } = input;
  const customer = ctx.store.get('customers', subscription.customer as string)!;
  const items: Item[] = itemsOf(subscription).map((item) => ({ price: item.price, quantity: item.quantity, taxRates: item.tax_rates }));
  const totals = input.free
    ? computeTotals(items.map((item) => ({ ...item, price: { ...item.price, unit_amount: 0 } })))
    : computeTotals(items, input.coupon);
  const id = newId('in', 24);
  const discount = input.coupon && totals.discount > 0 ? (subscription._discount as { id: string }) : undefined;
  const lines = totals.lines.map((line, index) => {
    const item = itemsOf(subscription)[index];
    const product = ctx.store.get('products', item.price.product as string);
    return {
      id: newId('il', 24),
      object: 'line_item',
      amount: line.amount,
      currency: item.price.currency,
      description: `${input.free ? 'Trial period for ' : ''}${item.quantity} × ${product?.name ?? 'Subscription'}`,
      discount_amounts: discount ? [{ amount: line.discount, discount: discount.id }] : [],
      discountable: true,
      discounts: discount ? [discount.id] : [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
      },
      period: { end: input.periodEnd, start: input.periodStart },
      pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: input.free ? '0' : String(item.price.unit_amount) },
      quantity: item.quantity,
      taxes: line.taxes.map((tax) => ({ amount: tax.amount, tax_behavior: tax.rate.inclusive ? 'inclusive' : 'exclusive', tax_rate_details: { tax_rate: tax.rate.id }, taxability_reason: 'standard_rated', taxable_amount: tax.taxable, type: 'tax_rate_details' })),
    };
  });
  const now = nowSeconds();
  return {
    id,
    object: 'invoice',
    account_country: 'AU',
    account_name: 'Local Stripe emulator',
    amount_due: totals.total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: totals.total,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: items[0]?.price.currency ?? 'aud',
    customer: customer.id,
    customer_address: customer.address,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: discount ? [discount.id] : [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    starting_balance: 0,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    // Older API versions' field, kept so either way of reading the invoice's subscription works.
    subscription: subscription.id,
    subtotal: totals.subtotal,
    subtotal_excluding_tax: totals.subtotal - (totals.tax - totals.exclusiveTax),
    total: totals.total,
    total_discount_amounts: discount ? [{ amount: totals.discount, discount: discount.id }] : [],
    total_excluding_tax: totals.total - totals.tax,
    total_taxes: lines.flatMap((line) => line.taxes),
    webhooks_delivered_at: null,
  };
}

/** Creates, finalizes and charges the invoice for one period; returns it paid or open. */
export function invoicePeriod(ctx: Context, input: InvoiceInput): StripeObject {
  const invoice = ctx.store.put('invoices', buildInvoice(ctx, input));
  ctx.webhooks.emit('invoice.created', invoice);
  const customer = ctx.store.get('customers', invoice.customer as string)!;
  invoice.number = nextNumber(ctx, customer);
  invoice.status = 'open';
  invoice.effective_at = nowSeconds();
  invoice.hosted_invoice_url = `${ctx.baseUrl}/invoice/${invoice.id}`;
  invoice.invoice_pdf = `${ctx.baseUrl}/invoice/${invoice.id}/pdf`;
  (invoice.status_transitions as Record<string, unknown>).finalized_at = nowSeconds();
  ctx.webhooks.emit('invoice.finalized', invoice);
  attemptPayment(ctx, invoice);
  return invoice;
}

/** Charges an open invoice to the customer's default card. Returns whether it is now paid. */
export function attemptPayment(ctx: Context, invoice: StripeObject): boolean {
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') return invoice.status === 'paid';
  const customer = ctx.store.get('customers', invoice.customer as string)!;
  const charge = (invoice.amount_due as number) === 0 ? { ok: true as const } : chargeCustomer(ctx, customer);
  invoice.attempted = true;
  invoice.attempt_count = (invoice.attempt_count as number) + 1;
  if (!charge.ok) {
    invoice.next_payment_attempt = nowSeconds() + 3 * 86_400;
    invoice.last_finalization_error = null;
    invoice._last_payment_error = charge.message;
    ctx.webhooks.emit('invoice.payment_failed', invoice);
    return false;
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  // A charge of money has a PaymentIntent (what a refund names); a free trial invoice has none.
  if ((invoice.amount_due as number) > 0) invoice._payment_intent = newId('pi', 24);
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice._last_payment_error = undefined;
  (invoice.status_transitions as Record<string, unknown>).paid_at = nowSeconds();
  ctx.webhooks.emit('invoice.paid', invoice);
  ctx.webhooks.emit('invoice.payment_succeeded', invoice);
  return true;
}

export function filterInvoices(ctx: Context, params: Record<string, unknown>): StripeObject[] {
  const { customer, subscription, status } = params as Record<string, string | undefined>;
  return ctx.store.all('invoices').filter((invoice) =>
    (!customer || invoice.customer === customer) &&
    (!subscription || invoice.subscription === subscription) &&
    (!status || invoice.status === status));
}
