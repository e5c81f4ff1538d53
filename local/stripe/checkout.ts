// Stripe emulator: Checkout Sessions in subscription mode. Creating one returns a `url` to the
// emulator's hosted checkout page; paying there creates (or reuses) the customer, saves the card,
// starts the subscription (trialing or active), records the discount, completes the session
// (checkout.session.completed) and sends the buyer to success_url with {CHECKOUT_SESSION_ID}
// filled in. Sessions expire after 24 hours, or at once through `expire`.
import { couponExpired, couponValid, redeemableCoupon, required } from './catalog';
import type { Context } from './context';
import { StripeApiError, invalidParam, missingParam } from './errors';
import { bool, int, list, mergeMetadata, obj, str, type Params } from './form';
import { computeTotals, type Item } from './money';
import { newId, nowSeconds, type StripeObject } from './store';

function sessionItems(ctx: Context, params: Params): Item[] {
  const entries = list(params, 'line_items');
  if (entries.length === 0) throw missingParam('line_items');
  return entries.map((entry, index) => {
    if (typeof entry !== 'object' || Array.isArray(entry)) throw invalidParam(`line_items[${index}]`, 'Invalid line item.');
    const priceId = str(entry, 'price');
    if (!priceId) throw missingParam(`line_items[${index}][price]`);
    const price = required(ctx, 'prices', priceId, 'price', `line_items[${index}][price]`);
    if (!price.active) throw invalidParam(`line_items[${index}][price]`, `The price specified is inactive. This field only accepts active prices.`);
    if (price.type !== 'recurring') {
      throw invalidParam(`line_items[${index}][price]`, 'You must provide at least one recurring price in `subscription` mode when using prices.');
    }
    const quantity = int(entry, 'quantity') ?? 1;
    if (!Number.isInteger(quantity) || quantity < 1) throw invalidParam(`line_items[${index}][quantity]`, 'Invalid positive integer');
    const taxRates = list(entry, 'tax_rates').map((rate, rateIndex) =>
      required(ctx, 'tax_rates', String(rate), 'tax rate', `line_items[${index}][tax_rates][${rateIndex}]`));
    return { price, quantity, taxRates };
  });
}

function sessionDiscount(ctx: Context, params: Params): { coupon?: StripeObject; promo?: StripeObject } {
  const [first] = list(params, 'discounts');
  if (!first || typeof first !== 'object' || Array.isArray(first)) return {};
  const promoId = str(first, 'promotion_code');
  if (promoId) {
    const promo = required(ctx, 'promotion_codes', promoId, 'promotion code', 'discounts[0][promotion_code]');
    const coupon = redeemableCoupon(ctx, promo);
    if (!coupon) throw invalidParam('discounts[0][promotion_code]', 'This promotion code cannot be redeemed.');
    return { coupon, promo };
  }
  const couponId = str(first, 'coupon');
  if (!couponId) return {};
  const coupon = required(ctx, 'coupons', couponId, 'coupon', 'discounts[0][coupon]');
  if (!couponValid(coupon)) throw couponExpired('discounts[0][coupon]');
  const [line] = list(params, 'line_items');
  const priceId = line && typeof line === 'object' && !Array.isArray(line) ? str(line, 'price') : undefined;
  if (coupon.amount_off !== null && priceId) {
    const price = ctx.store.get('prices', priceId);
    if (price && price.currency !== coupon.currency) {
      throw invalidParam('discounts[0][coupon]', `The coupon's currency (${String(coupon.currency)}) does not match the currency of the Checkout Session (${String(price.currency)}).`);
    }
  }
  return { coupon };
}

/** Totals and line items as the session reports them, for the given discount. */
export function priceSession(session: StripeObject, coupon?: StripeObject): void {
  const items = session._items as Item[];
  const totals = computeTotals(items, coupon);
  session.amount_subtotal = totals.subtotal;
  session.amount_total = totals.total;
  session.total_details = { amount_discount: totals.discount, amount_shipping: 0, amount_tax: totals.tax };
  session._line_items = {
    object: 'list',
    data: totals.lines.map((line) => ({
      id: newId('li', 24),
      object: 'item',
      amount_discount: line.discount,
      amount_subtotal: line.amount,
      amount_tax: line.taxes.reduce((sum, tax) => sum + tax.amount, 0),
      amount_total: line.amount - line.discount + line.taxes.filter((tax) => !tax.rate.inclusive).reduce((sum, tax) => sum + tax.amount, 0),
      currency: line.item.price.currency,
      description: null,
      price: line.item.price,
      quantity: line.item.quantity,
      taxes: line.taxes.map((tax) => ({ amount: tax.amount, rate: tax.rate, taxability_reason: 'standard_rated', taxable_amount: tax.taxable })),
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}

export function createSession(ctx: Context, params: Params): StripeObject {
  const mode = str(params, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') throw invalidParam('mode', 'The local Stripe emulator supports `mode: subscription` only.');
  const successUrl = str(params, 'success_url');
  if (!successUrl) throw missingParam('success_url');
  const allowPromotionCodes = bool(params, 'allow_promotion_codes') ?? false;
  if (allowPromotionCodes && list(params, 'discounts').length > 0) {
    throw invalidParam('discounts', 'You may only specify one of these parameters: allow_promotion_codes, discounts.');
  }
  const customerId = str(params, 'customer');
  const customerEmail = str(params, 'customer_email');
  if (customerId && customerEmail) throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  if (customerId) required(ctx, 'customers', customerId, 'customer', 'customer');
  const items = sessionItems(ctx, params);
  const subscriptionData = obj(params, 'subscription_data') ?? {};
  const trialDays = int(subscriptionData, 'trial_period_days');
  if (trialDays !== undefined && !(trialDays >= 1 && trialDays <= 730)) {
    throw invalidParam('subscription_data[trial_period_days]', 'This value must be greater than or equal to 1 and less than or equal to 730.');
  }
  const { coupon, promo } = sessionDiscount(ctx, params);
  const id = newId('cs_test', 58);
  const created = nowSeconds();
  const session: StripeObject = {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: allowPromotionCodes,
    amount_subtotal: 0,
    amount_total: 0,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: str(params, 'billing_address_collection') ?? null,
    cancel_url: str(params, 'cancel_url') ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: items[0].price.currency,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: customerId ?? null,
    customer_creation: customerId ? null : 'always',
    customer_details: customerEmail ? { address: null, email: customerEmail, name: null, phone: null, tax_exempt: 'none', tax_ids: [] } : null,
    customer_email: customerEmail ?? null,
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: promo?.id ?? null }] : [],
    expires_at: int(params, 'expires_at') ?? created + 86_400,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: str(params, 'locale') ?? null,
    metadata: mergeMetadata({}, params),
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: null,
    ui_mode: 'hosted',
    url: `${ctx.baseUrl}/checkout/${id}`,
    _items: items,
    _trial_days: trialDays,
    _subscription_metadata: mergeMetadata({}, subscriptionData),
    _coupon: coupon?.id,
    _promotion_code: promo?.id,
  };
  priceSession(session, coupon);
  return ctx.store.put('checkout_sessions', session);
}

/** Sessions past their expires_at expire the first time anyone looks at them. */
export function expireIfDue(ctx: Context, session: StripeObject): StripeObject {
  if (session.status === 'open' && (session.expires_at as number) <= nowSeconds()) expireSession(ctx, session);
  return session;
}

export function expireSession(ctx: Context, session: StripeObject): StripeObject {
  if (session.status !== 'open') {
    throw new StripeApiError(400, { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".` });
  }
  session.status = 'expired';
  session.url = null;
  ctx.webhooks.emit('checkout.session.expired', session);
  return session;
}

export function successRedirect(session: StripeObject): string {
  return String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function filterSessions(ctx: Context, params: Params): StripeObject[] {
  const customer = str(params, 'customer');
  const subscription = str(params, 'subscription');
  const status = str(params, 'status');
  return ctx.store.all('checkout_sessions').filter((session) =>
    (!customer || session.customer === customer) &&
    (!subscription || session.subscription === subscription) &&
    (!status || session.status === status));
}
