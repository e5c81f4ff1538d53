// Stripe emulator: the catalogue and the people who buy from it — products, prices, tax rates,
// coupons, promotion codes and customers — created, read, updated and listed the way the Stripe
// API does (same field names, defaults and list filters the billing code uses).
import type { Context } from './context';
import { StripeApiError, invalidParam, missingParam, noSuch } from './errors';
import { bool, int, list, mergeMetadata, obj, str, type Params } from './form';
import { newId, nowSeconds, type Collection, type StripeObject } from './store';

export function required<T extends StripeObject>(ctx: Context, collection: Collection, id: string, kind: string, param = 'id'): T {
  const found = ctx.store.get<T>(collection, id);
  if (!found) throw noSuch(kind, id, param);
  return found;
}

function need(params: Params, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === '') throw missingParam(key);
  return value;
}

function metadataOf(params: Params): Record<string, string> {
  return mergeMetadata({}, params);
}

function updateFields(target: StripeObject, params: Params, fields: string[]): void {
  for (const field of fields) {
    const value = params[field];
    if (typeof value !== 'string') continue;
    if (value === 'true' || value === 'false') target[field] = value === 'true';
    else target[field] = value === '' ? null : value;
  }
  target.metadata = mergeMetadata((target.metadata as Record<string, string>) ?? {}, params);
}

// Customers -------------------------------------------------------------------------------------

export function createCustomer(ctx: Context, params: Params): StripeObject {
  const customer = ctx.store.put('customers', {
    id: newId('cus', 14),
    object: 'customer',
    address: addressOf(obj(params, 'address')),
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(params, 'description') ?? null,
    email: str(params, 'email') ?? null,
    invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(params),
    name: str(params, 'name') ?? null,
    phone: str(params, 'phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  ctx.webhooks.emit('customer.created', customer);
  return customer;
}

export function addressOf(params: Params | undefined): Record<string, string | null> | null {
  if (!params) return null;
  const field = (key: string) => str(params, key) || null;
  return { city: field('city'), country: field('country'), line1: field('line1'), line2: field('line2'), postal_code: field('postal_code'), state: field('state') };
}

export function updateCustomer(ctx: Context, id: string, params: Params): StripeObject {
  const customer = required(ctx, 'customers', id, 'customer');
  const before = structuredClone(customer);
  updateFields(customer, params, ['email', 'name', 'description', 'phone']);
  const address = obj(params, 'address');
  if (address) customer.address = addressOf(address);
  const settings = obj(params, 'invoice_settings');
  const method = settings && str(settings, 'default_payment_method');
  if (method) {
    required(ctx, 'payment_methods', method, 'PaymentMethod', 'invoice_settings[default_payment_method]');
    (customer.invoice_settings as Record<string, unknown>).default_payment_method = method;
  }
  ctx.webhooks.emit('customer.updated', customer, changedFields(before, customer));
  return customer;
}

export function changedFields(before: StripeObject, after: StripeObject): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (!key.startsWith('_') && JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key] ?? null;
  }
  return changed;
}

export function filterCustomers(ctx: Context, params: Params): StripeObject[] {
  const email = str(params, 'email');
  return ctx.store.all('customers').filter((customer) => !email || customer.email === email);
}

// Products and prices ---------------------------------------------------------------------------

export function createProduct(ctx: Context, params: Params): StripeObject {
  const id = str(params, 'id') || newId('prod', 14);
  if (ctx.store.get('products', id)) throw invalidParam('id', `Product already exists.`);
  const now = nowSeconds();
  return ctx.store.put('products', {
    id,
    object: 'product',
    active: bool(params, 'active') ?? true,
    created: now,
    default_price: null,
    description: str(params, 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadataOf(params),
    name: need(params, 'name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  });
}

export function updateProduct(ctx: Context, id: string, params: Params): StripeObject {
  const product = required(ctx, 'products', id, 'product');
  updateFields(product, params, ['name', 'description', 'active', 'default_price']);
  product.updated = nowSeconds();
  return product;
}

export function createPrice(ctx: Context, params: Params): StripeObject {
  const inline = obj(params, 'product_data');
  const product = inline ? createProduct(ctx, inline).id : need(params, 'product');
  required(ctx, 'products', product, 'product', 'product');
  const unitAmount = int(params, 'unit_amount');
  if (unitAmount === undefined) throw missingParam('unit_amount');
  if (Number.isNaN(unitAmount) || unitAmount < 0) throw invalidParam('unit_amount', 'Invalid integer: unit_amount');
  const recurring = obj(params, 'recurring');
  const interval = recurring && str(recurring, 'interval');
  if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? '')) {
    throw invalidParam('recurring[interval]', 'Invalid recurring[interval]: must be one of day, month, week, or year');
  }
  const lookupKey = str(params, 'lookup_key') ?? null;
  if (lookupKey && bool(params, 'transfer_lookup_key')) {
    for (const other of ctx.store.all('prices')) if (other.lookup_key === lookupKey) other.lookup_key = null;
  }
  return ctx.store.put('prices', {
    id: newId('price', 24),
    object: 'price',
    active: bool(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: need(params, 'currency').toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: metadataOf(params),
    nickname: str(params, 'nickname') ?? null,
    product,
    recurring: recurring
      ? { interval, interval_count: int(recurring, 'interval_count') ?? 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: str(params, 'tax_behavior') ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
}

export function updatePrice(ctx: Context, id: string, params: Params): StripeObject {
  const price = required(ctx, 'prices', id, 'price');
  updateFields(price, params, ['active', 'nickname', 'lookup_key']);
  return price;
}

export function filterPrices(ctx: Context, params: Params): StripeObject[] {
  const product = str(params, 'product');
  const active = bool(params, 'active');
  const type = str(params, 'type');
  const currency = str(params, 'currency');
  const lookupKeys = list(params, 'lookup_keys').filter((key): key is string => typeof key === 'string');
  return ctx.store.all('prices').filter((price) =>
    (!product || price.product === product) &&
    (active === undefined || price.active === active) &&
    (!type || price.type === type) &&
    (!currency || price.currency === currency) &&
    (lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key as string)));
}

export function filterActive(ctx: Context, collection: Collection, params: Params): StripeObject[] {
  const active = bool(params, 'active');
  return ctx.store.all(collection).filter((item) => active === undefined || item.active === active);
}

// Tax rates -------------------------------------------------------------------------------------

export function createTaxRate(ctx: Context, params: Params): StripeObject {
  const percentage = Number(need(params, 'percentage'));
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) throw invalidParam('percentage', 'Invalid percentage.');
  const inclusive = bool(params, 'inclusive');
  if (inclusive === undefined) throw missingParam('inclusive');
  return ctx.store.put('tax_rates', {
    id: newId('txr', 24),
    object: 'tax_rate',
    active: bool(params, 'active') ?? true,
    country: str(params, 'country') ?? null,
    created: nowSeconds(),
    description: str(params, 'description') ?? null,
    display_name: need(params, 'display_name'),
    effective_percentage: percentage,
    flat_amount: null,
    inclusive,
    jurisdiction: str(params, 'jurisdiction') ?? null,
    jurisdiction_level: null,
    livemode: false,
    metadata: metadataOf(params),
    percentage,
    rate_type: 'percentage',
    state: str(params, 'state') ?? null,
    tax_type: str(params, 'tax_type') ?? null,
  });
}

export function updateTaxRate(ctx: Context, id: string, params: Params): StripeObject {
  const rate = required(ctx, 'tax_rates', id, 'tax rate');
  updateFields(rate, params, ['active', 'description', 'display_name', 'jurisdiction', 'state', 'country', 'tax_type']);
  return rate;
}

// Coupons and promotion codes -------------------------------------------------------------------

export function createCoupon(ctx: Context, params: Params): StripeObject {
  const id = str(params, 'id') || newId('x', 8).slice(2);
  if (ctx.store.get('coupons', id)) throw invalidParam('id', 'Coupon already exists.');
  const percentOff = str(params, 'percent_off') !== undefined ? Number(str(params, 'percent_off')) : null;
  const amountOff = int(params, 'amount_off') ?? null;
  if ((percentOff === null) === (amountOff === null)) throw invalidParam('percent_off', 'You must pass exactly one of percent_off or amount_off.');
  if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) throw invalidParam('percent_off', 'percent_off must be between 0 and 100.');
  if (amountOff !== null && !(amountOff > 0)) throw invalidParam('amount_off', 'amount_off must be a positive integer.');
  const currency = str(params, 'currency')?.toLowerCase() ?? null;
  if (amountOff !== null && !currency) throw missingParam('currency');
  const duration = str(params, 'duration') ?? 'once';
  if (!['once', 'repeating', 'forever'].includes(duration)) throw invalidParam('duration', 'Invalid duration: must be one of once, repeating, or forever');
  const months = int(params, 'duration_in_months');
  if (duration === 'repeating' && !(months && months > 0)) throw missingParam('duration_in_months');
  if (duration !== 'repeating' && months !== undefined) throw invalidParam('duration_in_months', 'You may only specify duration_in_months when duration is `repeating`.');
  const maxRedemptions = int(params, 'max_redemptions');
  if (maxRedemptions !== undefined && !(maxRedemptions > 0)) throw invalidParam('max_redemptions', 'Invalid positive integer');
  const redeemBy = int(params, 'redeem_by');
  if (redeemBy !== undefined && redeemBy <= nowSeconds()) throw invalidParam('redeem_by', 'Invalid timestamp: must be in the future.');
  return ctx.store.put('coupons', {
    id,
    object: 'coupon',
    amount_off: amountOff,
    created: nowSeconds(),
    currency,
    duration,
    duration_in_months: months ?? null,
    livemode: false,
    max_redemptions: maxRedemptions ?? null,
    metadata: metadataOf(params),
    name: str(params, 'name') ?? null,
    percent_off: percentOff,
    redeem_by: redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  });
}

export function createPromotionCode(ctx: Context, params: Params): StripeObject {
  const promotion = obj(params, 'promotion');
  const couponId = (promotion && str(promotion, 'coupon')) ?? str(params, 'coupon');
  if (!couponId) throw missingParam('promotion[coupon]');
  required(ctx, 'coupons', couponId, 'coupon', 'promotion[coupon]');
  const code = str(params, 'code') || newId('x', 8).slice(2).toUpperCase();
  if (ctx.store.all('promotion_codes').some((other) => other.active && String(other.code).toLowerCase() === code.toLowerCase())) {
    throw invalidParam('code', 'An active promotion code with `code` already exists.');
  }
  return ctx.store.put('promotion_codes', {
    id: newId('promo', 24),
    object: 'promotion_code',
    active: bool(params, 'active') ?? true,
    code,
    created: nowSeconds(),
    customer: str(params, 'customer') ?? null,
    customer_account: null,
    expires_at: int(params, 'expires_at') ?? null,
    livemode: false,
    max_redemptions: int(params, 'max_redemptions') ?? null,
    metadata: metadataOf(params),
    promotion: { coupon: couponId, type: 'coupon' },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  });
}

export function filterPromotionCodes(ctx: Context, params: Params): StripeObject[] {
  const code = str(params, 'code');
  const coupon = str(params, 'coupon');
  return filterActive(ctx, 'promotion_codes', params).filter((promo) =>
    (!code || String(promo.code).toLowerCase() === code.toLowerCase()) &&
    (!coupon || (promo.promotion as { coupon: string }).coupon === coupon));
}

/** Stripe's `valid`: a coupon past its redeem_by date or redeemed max_redemptions times can no longer be applied. */
export function couponValid(coupon: StripeObject): boolean {
  const expired = typeof coupon.redeem_by === 'number' && coupon.redeem_by < nowSeconds();
  const exhausted = typeof coupon.max_redemptions === 'number' && (coupon.times_redeemed as number) >= coupon.max_redemptions;
  coupon.valid = !expired && !exhausted;
  return coupon.valid as boolean;
}

export function couponExpired(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'coupon_expired',
    message: 'The coupon provided for a subscription or order has expired. Either create a new coupon, or use an existing one that is valid.',
    param,
  });
}

/** The coupon a promotion code applies, if the code can still be redeemed. */
export function redeemableCoupon(ctx: Context, promo: StripeObject): StripeObject | undefined {
  const coupon = ctx.store.get('coupons', (promo.promotion as { coupon: string }).coupon);
  const expired = typeof promo.expires_at === 'number' && promo.expires_at < nowSeconds();
  const exhausted = typeof promo.max_redemptions === 'number' && (promo.times_redeemed as number) >= promo.max_redemptions;
  if (!promo.active || expired || exhausted || !coupon || !couponValid(coupon)) return undefined;
  return coupon;
}
