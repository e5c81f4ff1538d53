// Checkout decisions: who may start one (spec §7 and guard 8), the exact Stripe session, GST, the
// double-click key and quote ids.
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../lambdas/core/access';
import { checkoutIdempotencyKey, checkoutRight, checkoutSessionParams, poNumberSchema, trialDaysFor } from '../../../lambdas/core/billing/checkout';
import { withGst } from '../../../lambdas/core/billing/tax';
import { decodeQuoteId, encodeQuoteId, quoteValidUntil } from '../../../lambdas/core/billing/quote';
import { STRIPE_CALLS_PER_REQUEST, STRIPE_LIMIT_MESSAGE } from '../../../lambdas/core/billing/stripe-limits';
import { takeStripeCall, withStripeBudget } from '../../../lambdas/adapters/billing/stripe-budget';

const person = (over: Partial<Principal> = {}): Principal => ({ uid: 'u1', email: 'clerk@forbes.nsw.gov.au', admin: false, managed: [], ...over });
const forbes = { code: '12900', emailSuffix: 'forbes.nsw.gov.au' };

describe('checkoutRight', () => {
  it('lets an admin, the account manager and a new customer at the council domain check out', () => {
    expect(checkoutRight(person({ admin: true, email: 'a@example.com' }), forbes, 'none')).toBe('admin');
    expect(checkoutRight(person({ managed: [{ lgaCode: '12900', roles: ['account_manager'], customerStatus: 'canceled' }] }), forbes, 'canceled')).toBe('account_manager');
    expect(checkoutRight(person(), forbes, 'none')).toBe('new_customer');
    expect(checkoutRight(person({ email: 'it@staff.forbes.nsw.gov.au' }), forbes, 'unpaid')).toBe('new_customer');
  });

  it('refuses with the spec messages: Invalid LGA, Invalid email address', () => {
    expect(checkoutRight(person(), undefined, 'none')).toBe('invalid_lga');
    // No mail domain on record: no address can prove working there (guard 8's email check).
    expect(checkoutRight(person(), { code: '12900' }, 'none')).toBe('invalid_email');
    expect(checkoutRight(person({ email: 'clerk@gmail.com' }), forbes, 'none')).toBe('invalid_email');
    expect(checkoutRight(person({ email: 'clerk@notforbes.nsw.gov.au' }), forbes, 'none')).toBe('invalid_email');
  });

  it('trusts the council domain only on a verified address (the managed claim)', () => {
    expect(checkoutRight(person({ emailUnverified: true }), forbes, 'none')).toBe('invalid_email');
    expect(checkoutRight(person({ emailUnverified: true, managed: [{ lgaCode: '12900', roles: ['account_manager'], customerStatus: 'none' }] }), forbes, 'none')).toBe('account_manager');
  });

  it('refuses staff without the account manager role, and any second subscription (Conflict)', () => {
    expect(checkoutRight(person({ managed: [{ lgaCode: '12900', roles: ['closure_administrator'], customerStatus: 'none' }] }), forbes, 'none')).toBe('forbidden');
    expect(checkoutRight(person({ admin: true }), forbes, 'active')).toBe('conflict');
    expect(checkoutRight(person(), forbes, 'trialing')).toBe('conflict');
  });
});

describe('trialDaysFor', () => {
  it('offers the 30-day trial once: never to a council that has had a subscription', () => {
    expect(trialDaysFor('none')).toBe(30);
    for (const status of ['canceled', 'unpaid', 'past_due', 'active', 'trialing'] as const) expect(trialDaysFor(status)).toBe(0);
  });
});

describe('checkout session parameters (spec §7)', () => {
  const request = { lgaCode: '12900', lgaName: 'Forbes', classification: 'rural' as const, poNumber: 'PO-1', skipTrial: false, subscriberUid: 'u1', subscriberEmail: 'clerk@forbes.nsw.gov.au' };
  const refs = { stripeCustomerId: 'cus_1', priceId: 'price_1', taxRateId: 'txr_1', siteUrl: 'https://app.example' };

  it('asks for a subscription with price, tax rate, quantity, metadata, promotion codes, billing address and a 30-day trial', () => {
    const params = checkoutSessionParams(request, refs);
    expect(params).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      line_items: [{ price: 'price_1', quantity: 1, tax_rates: ['txr_1'] }],
      metadata: { poNumber: 'PO-1', lga_code: '12900', classification: 'rural', population: '', subscriber: 'u1', subscriberEmail: 'clerk@forbes.nsw.gov.au' },
      allow_promotion_codes: true,
      billing_address_collection: 'required',
      subscription_data: { trial_period_days: 30, metadata: { lga_code: '12900' } },
    });
    expect(params.success_url).toBe('https://app.example/onboard/processing?lga=12900&session_id={CHECKOUT_SESSION_ID}');
    expect(params.cancel_url).toBe('https://app.example/onboard?lga=12900&cancelled=1');
  });

  it('has no trial when skipped', () => {
    expect(checkoutSessionParams({ ...request, skipTrial: true }, refs).subscription_data).not.toHaveProperty('trial_period_days');
  });

  it('gives a double click the same idempotency key, and a different choice another', () => {
    expect(checkoutIdempotencyKey(request, 6000)).toBe(checkoutIdempotencyKey(request, 6001));
    expect(checkoutIdempotencyKey(request, 6000)).not.toBe(checkoutIdempotencyKey({ ...request, skipTrial: true }, 6000));
  });

  it('adds 10 % GST, and limits PO numbers to 50 characters', () => {
    expect(withGst(240_000)).toEqual({ subtotal: 240_000, gst: 24_000, total: 264_000 });
    expect(poNumberSchema.safeParse('x'.repeat(50)).success).toBe(true);
    expect(poNumberSchema.safeParse('x'.repeat(51)).error?.issues[0].message).toBe('PO number is too long (maximum 50 characters)');
  });
});

describe('quote ids', () => {
  const KEY = 'k'.repeat(43);
  const facts = { lgaCode: '12900', classification: 'urban' as const, poNumber: 'PO 7', created: 1_800_000_000 };

  it('round-trip the facts with the key that signed them', () => {
    expect(decodeQuoteId(encodeQuoteId(facts, KEY), KEY)).toEqual(facts);
    expect(decodeQuoteId(encodeQuoteId({ ...facts, classification: undefined }, KEY), KEY)).toEqual({ ...facts, classification: undefined });
    expect(quoteValidUntil(0)).toBe(30 * 24 * 3600);
  });

  it('refuse an id made by hand, altered, or signed with another key', () => {
    const handMade = Buffer.from(JSON.stringify({ l: '12900', c: 'rural', p: 'PAY NOW', t: 4_102_444_800 })).toString('base64url');
    expect(decodeQuoteId(handMade, KEY)).toBeUndefined();
    expect(decodeQuoteId(`${handMade}.${'A'.repeat(43)}`, KEY)).toBeUndefined();
    const [payload, signature] = encodeQuoteId(facts, KEY).split('.');
    const altered = Buffer.from(JSON.stringify({ l: '12900', c: 'rural', p: 'PO 7', t: 1_800_000_000 })).toString('base64url');
    expect(decodeQuoteId(`${altered}.${signature}`, KEY)).toBeUndefined();
    expect(decodeQuoteId(`${payload}.${signature}`, 'x'.repeat(43))).toBeUndefined();
    expect(decodeQuoteId(`${payload}.${signature}.x`, KEY)).toBeUndefined();
    expect(decodeQuoteId('not-a-quote', KEY)).toBeUndefined();
  });
});

describe('the Stripe call budget of one request', () => {
  it(`allows ${STRIPE_CALLS_PER_REQUEST} calls, then refuses with the limit message before calling`, async () => {
    const taken = await withStripeBudget(undefined, async () => {
      let count = 0;
      for (let i = 0; i < STRIPE_CALLS_PER_REQUEST; i++) {
        await takeStripeCall();
        count++;
      }
      await expect(takeStripeCall()).rejects.toMatchObject({ name: 'RateLimited', message: STRIPE_LIMIT_MESSAGE });
      return count;
    });
    expect(taken).toBe(STRIPE_CALLS_PER_REQUEST);
    // Outside a request (the webhook, the setup step) nothing is counted here.
    await expect(takeStripeCall()).resolves.toBeUndefined();
  });
});
