// Stripe emulator: the `/v1/…` routes the Stripe SDK calls, mapped to the emulator's resources.
// Each route returns the Stripe object (or list page) to send; `expand[]` is applied afterwards.
import * as catalog from './catalog';
import { createSession, expireIfDue, expireSession, filterSessions } from './checkout';
import type { Context } from './context';
import { StripeApiError, invalidParam, missingParam } from './errors';
import { bool, mergeMetadata, str, type Params } from './form';
import { attemptPayment, filterInvoices } from './invoices';
import { listPage } from './listing';
import { newId, nowSeconds, type Collection, type StripeObject } from './store';
import { cancelNow, filterSubscriptions, retryOpenInvoice, setCancelAtPeriodEnd } from './subscriptions';
import { createRefund, invoicePayments } from './refunds';

type Handler = (ctx: Context, params: Params, ids: string[], url: string) => unknown;
type Route = { method: string; pattern: RegExp; handler: Handler };

const ID = '([A-Za-z0-9_-]+)';
const routes: Route[] = [];

function route(method: string, path: string, handler: Handler): void {
  routes.push({ method, pattern: new RegExp(`^${path.replaceAll(':id', ID)}$`), handler });
}

/** Standard create/retrieve/list routes for one collection. */
function resource(base: string, collection: Collection, kind: string, create: Handler, filter?: (ctx: Context, params: Params) => StripeObject[]): void {
  route('POST', base, create);
  route('GET', base, (ctx, params, _ids, url) => listPage(url, filter ? filter(ctx, params) : ctx.store.all(collection), params));
  route('GET', `${base}/:id`, (ctx, _params, [id]) => catalog.required(ctx, collection, id, kind));
}

resource('/v1/customers', 'customers', 'customer', (ctx, params) => catalog.createCustomer(ctx, params), catalog.filterCustomers);
route('POST', '/v1/customers/:id', (ctx, params, [id]) => catalog.updateCustomer(ctx, id, params));

resource('/v1/products', 'products', 'product', (ctx, params) => catalog.createProduct(ctx, params), (ctx, params) => catalog.filterActive(ctx, 'products', params));
route('POST', '/v1/products/:id', (ctx, params, [id]) => catalog.updateProduct(ctx, id, params));

resource('/v1/prices', 'prices', 'price', (ctx, params) => catalog.createPrice(ctx, params), catalog.filterPrices);
route('POST', '/v1/prices/:id', (ctx, params, [id]) => catalog.updatePrice(ctx, id, params));

resource('/v1/tax_rates', 'tax_rates', 'tax rate', (ctx, params) => catalog.createTaxRate(ctx, params), (ctx, params) => catalog.filterActive(ctx, 'tax_rates', params));
route('POST', '/v1/tax_rates/:id', (ctx, params, [id]) => catalog.updateTaxRate(ctx, id, params));

resource('/v1/coupons', 'coupons', 'coupon', (ctx, params) => catalog.createCoupon(ctx, params));
route('POST', '/v1/coupons/:id', (ctx, params, [id]) => {
  const coupon = catalog.required(ctx, 'coupons', id, 'coupon');
  if (str(params, 'name') !== undefined) coupon.name = str(params, 'name') || null;
  coupon.metadata = mergeMetadata(coupon.metadata as Record<string, string>, params);
  return coupon;
});

resource('/v1/promotion_codes', 'promotion_codes', 'promotion code', (ctx, params) => catalog.createPromotionCode(ctx, params), catalog.filterPromotionCodes);
route('POST', '/v1/promotion_codes/:id', (ctx, params, [id]) => {
  const promo = catalog.required(ctx, 'promotion_codes', id, 'promotion code');
  const active = bool(params, 'active');
  if (active !== undefined) promo.active = active;
  promo.metadata = mergeMetadata(promo.metadata as Record<string, string>, params);
  return promo;
});

// Checkout Sessions.
route('POST', '/v1/checkout/sessions', (ctx, params) => createSession(ctx, params));
route('GET', '/v1/checkout/sessions', (ctx, params, _ids, url) => listPage(url, filterSessions(ctx, params).map((s) => expireIfDue(ctx, s)), params));
route('GET', '/v1/checkout/sessions/:id', (ctx, _params, [id]) => expireIfDue(ctx, catalog.required(ctx, 'checkout_sessions', id, 'checkout.session')));
route('POST', '/v1/checkout/sessions/:id/expire', (ctx, _params, [id]) => expireSession(ctx, catalog.required(ctx, 'checkout_sessions', id, 'checkout.session')));
route('GET', '/v1/checkout/sessions/:id/line_items', (ctx, params, [id], url) => {
  const session = catalog.required(ctx, 'checkout_sessions', id, 'checkout.session');
  return listPage(url, (session._line_items as { data: StripeObject[] }).data, params);
});

// Subscriptions: read, set to cancel at period end, or cancel now.
route('GET', '/v1/subscriptions', (ctx, params, _ids, url) => listPage(url, filterSubscriptions(ctx, params), params));
route('GET', '/v1/subscriptions/:id', (ctx, _params, [id]) => catalog.required(ctx, 'subscriptions', id, 'subscription'));
route('POST', '/v1/subscriptions/:id', (ctx, params, [id]) => {
  const subscription = catalog.required(ctx, 'subscriptions', id, 'subscription');
  const method = str(params, 'default_payment_method');
  if (method) {
    catalog.required(ctx, 'payment_methods', method, 'PaymentMethod', 'default_payment_method');
    subscription.default_payment_method = method;
  }
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  const metadata = mergeMetadata(subscription.metadata as Record<string, string>, params);
  setCancelAtPeriodEnd(ctx, subscription, cancelAtPeriodEnd ?? (subscription.cancel_at_period_end as boolean), metadata);
  if (method) retryOpenInvoice(ctx, subscription);
  return subscription;
});
route('DELETE', '/v1/subscriptions/:id', (ctx, _params, [id]) => cancelNow(ctx, catalog.required(ctx, 'subscriptions', id, 'subscription')));

// Invoices.
route('GET', '/v1/invoices', (ctx, params, _ids, url) => listPage(url, filterInvoices(ctx, params), params));
route('GET', '/v1/invoices/:id', (ctx, _params, [id]) => catalog.required(ctx, 'invoices', id, 'invoice'));
route('GET', '/v1/invoices/:id/lines', (ctx, params, [id], url) => {
  const invoice = catalog.required(ctx, 'invoices', id, 'invoice');
  return listPage(url, (invoice.lines as { data: StripeObject[] }).data, params);
});
route('POST', '/v1/invoices/:id/pay', (ctx, _params, [id]) => {
  const invoice = catalog.required(ctx, 'invoices', id, 'invoice');
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw invalidParam('invoice', `Invoice is already ${invoice.status}.`);
  if (!attemptPayment(ctx, invoice)) {
    throw new StripeApiError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: String(invoice._last_payment_error) });
  }
  return invoice;
});

route('POST', '/v1/invoices/:id/mark_uncollectible', (ctx, _params, [id]) => closeInvoice(ctx, id, 'uncollectible', 'marked_uncollectible_at', 'invoice.marked_uncollectible'));
route('POST', '/v1/invoices/:id/void', (ctx, _params, [id]) => closeInvoice(ctx, id, 'void', 'voided_at', 'invoice.voided'));

/** An open invoice given up on: uncollectible (may still be paid later) or void. */
function closeInvoice(ctx: Context, id: string, status: string, transition: string, eventType: string): StripeObject {
  const invoice = catalog.required(ctx, 'invoices', id, 'invoice');
  if (invoice.status !== 'open' && !(status === 'void' && invoice.status === 'uncollectible')) {
    throw invalidParam('invoice', `You can only do this with an open invoice; this invoice is ${invoice.status}.`);
  }
  invoice.status = status;
  invoice.next_payment_attempt = null;
  (invoice.status_transitions as Record<string, unknown>)[transition] = nowSeconds();
  ctx.webhooks.emit(eventType, invoice);
  return invoice;
}

// Invoice payments (what charged an invoice) and refunds of them.
route('GET', '/v1/invoice_payments', (ctx, params, _ids, url) => listPage(url, invoicePayments(ctx, params), params));
route('POST', '/v1/refunds', (ctx, params) => createRefund(ctx, params));
route('GET', '/v1/refunds', (ctx, params, _ids, url) => {
  const paymentIntent = str(params, 'payment_intent');
  return listPage(url, ctx.store.all('refunds').filter((r) => !paymentIntent || r.payment_intent === paymentIntent), params);
});
route('GET', '/v1/refunds/:id', (ctx, _params, [id]) => catalog.required(ctx, 'refunds', id, 'refund'));

// Customer portal sessions.
route('POST', '/v1/billing_portal/sessions', (ctx, params) => {
  const customer = str(params, 'customer');
  if (!customer) throw missingParam('customer');
  catalog.required(ctx, 'customers', customer, 'customer', 'customer');
  const id = newId('bps', 24);
  return ctx.store.put('portal_sessions', {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_emulator',
    created: nowSeconds(),
    customer,
    flow: null,
    livemode: false,
    locale: str(params, 'locale') ?? null,
    on_behalf_of: null,
    return_url: str(params, 'return_url') ?? null,
    url: `${ctx.baseUrl}/portal/${id}`,
  });
});

// Events and saved cards.
route('GET', '/v1/events', (ctx, params, _ids, url) => {
  const type = str(params, 'type');
  return listPage(url, ctx.store.all('events').filter((event) => !type || event.type === type), params);
});
route('GET', '/v1/events/:id', (ctx, _params, [id]) => catalog.required(ctx, 'events', id, 'event'));
route('GET', '/v1/payment_methods/:id', (ctx, _params, [id]) => catalog.required(ctx, 'payment_methods', id, 'PaymentMethod'));

export function findRoute(method: string, path: string): { handler: Handler; ids: string[] } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (match) return { handler: candidate.handler, ids: match.slice(1) };
  }
  return undefined;
}
