// Onboarding discount decisions: what an admin may enter, the coupon Stripe is asked for, the
// discounted first invoice (GST on the discounted amount), coupon or promotion codes on a session
// (never both), and quote ids that carry the coupon.
import { describe, expect, it } from 'vitest';
import { checkoutIdempotencyKey, checkoutSessionParams } from '../../../lambdas/core/billing/checkout';
import {
  couponParams,
  discountedPrice,
  discountFromCoupon,
  discountInputSchema,
  discountUsable,
  sessionDiscountParams,
} from '../../../lambdas/core/billing/discount';
import { decodeQuoteId, encodeQuoteId } from '../../../lambdas/core/billing/quote';

const junee = { code: '14300', name: 'Junee' };
const messages = (input: unknown) => {
  const parsed = discountInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('discountInputSchema', () => {
  it('accepts a percentage or an amount, for the first year, every year or the first few years', () => {
    expect(messages({ percentOff: 25, duration: 'ONCE' })).toEqual([]);
    expect(messages({ amountOff: 50_000, duration: 'FOREVER', name: 'Pilot council' })).toEqual([]);
    expect(messages({ percentOff: 12.5, duration: 'REPEATING', durationInYears: 3 })).toEqual([]);
  });

  it('refuses both or neither amount, out-of-range values, stray years and unknown fields', () => {
    expect(messages({ percentOff: 10, amountOff: 100, duration: 'ONCE' })).toEqual(['Give either a percentage or an amount off']);
    expect(messages({ duration: 'ONCE' })).toEqual(['Give either a percentage or an amount off']);
    expect(messages({ percentOff: 0, duration: 'ONCE' })).toContain('Percent off must be more than 0');
    expect(messages({ percentOff: 101, duration: 'ONCE' })).toContain('Percent off must be at most 100');
    expect(messages({ amountOff: 10.5, duration: 'ONCE' })).toContain('Amount off must be whole cents');
    expect(messages({ percentOff: 10, duration: 'REPEATING' })).toEqual(['Say for how many years the discount applies']);
    expect(messages({ percentOff: 10, duration: 'REPEATING', durationInYears: 9 })).toContain('Years must be from 2 to 5');
    expect(messages({ percentOff: 10, duration: 'ONCE', durationInYears: 2 })).toEqual(['Years apply only to a discount for the first few years']);
    expect(messages({ percentOff: 10, duration: 'ONCE', name: 'x'.repeat(61) })).toContain('Discount name is too long (maximum 60 characters)');
    expect(messages({ percentOff: 10, duration: 'WEEKLY' })).toContain('Duration must be ONCE, FOREVER or REPEATING');
    expect(messages({ percentOff: 10, duration: 'ONCE', coupon: 'FREE' }).length).toBeGreaterThan(0);
  });
});

describe('couponParams', () => {
  it('asks Stripe for a single-use coupon tagged with the council', () => {
    expect(couponParams(junee, { percentOff: 25, duration: 'ONCE' })).toEqual({
      duration: 'once',
      percent_off: 25,
      max_redemptions: 1,
      name: 'Onboarding discount for Junee',
      metadata: { lga_code: '14300', purpose: 'onboarding' },
    });
    expect(couponParams(junee, { amountOff: 60_000, duration: 'REPEATING', durationInYears: 2, name: 'Regional pilot' })).toMatchObject({
      duration: 'repeating',
      amount_off: 60_000,
      currency: 'aud',
      duration_in_months: 24,
      name: 'Regional pilot',
    });
  });
});

describe('discountedPrice', () => {
  it('charges GST on the discounted amount, as Stripe does', () => {
    expect(discountedPrice(240_000)).toEqual({ subtotal: 240_000, discountAmount: 0, gst: 24_000, total: 264_000 });
    expect(discountedPrice(240_000, { percentOff: 25 })).toEqual({ subtotal: 240_000, discountAmount: 60_000, gst: 18_000, total: 198_000 });
    expect(discountedPrice(240_000, { amountOff: 50_000 })).toEqual({ subtotal: 240_000, discountAmount: 50_000, gst: 19_000, total: 209_000 });
  });

  it('rounds a percentage to the cent and never takes off more than the price', () => {
    expect(discountedPrice(480_001, { percentOff: 12.5 }).discountAmount).toBe(60_000);
    expect(discountedPrice(240_000, { amountOff: 999_999 })).toMatchObject({ discountAmount: 240_000, gst: 0, total: 0 });
  });
});

describe('sessions and usability', () => {
  const request = { lgaCode: '14300', lgaName: 'Junee', classification: 'rural' as const, skipTrial: true, subscriberUid: 'u1', subscriberEmail: 'a@junee.example' };
  const refs = { stripeCustomerId: 'cus_1', priceId: 'price_1', taxRateId: 'txr_1', siteUrl: 'https://app.example' };

  it('carries the coupon and then no promotion-code box; without one, allows promotion codes', () => {
    expect(sessionDiscountParams('cpn_1')).toEqual({ discounts: [{ coupon: 'cpn_1' }] });
    expect(sessionDiscountParams(undefined)).toEqual({ allow_promotion_codes: true });
    const withCoupon = checkoutSessionParams(request, { ...refs, couponId: 'cpn_1' });
    expect(withCoupon).toMatchObject({ discounts: [{ coupon: 'cpn_1' }] });
    expect(withCoupon).not.toHaveProperty('allow_promotion_codes');
    const plain = checkoutSessionParams(request, refs);
    expect(plain).toMatchObject({ allow_promotion_codes: true });
    expect(plain).not.toHaveProperty('discounts');
  });

  it('keys a double click with the coupon, so a new discount gets a new session', () => {
    expect(checkoutIdempotencyKey(request, 6000, 'cpn_1')).not.toBe(checkoutIdempotencyKey(request, 6000));
    expect(checkoutIdempotencyKey(request, 6000, 'cpn_1')).toBe(checkoutIdempotencyKey(request, 6100, 'cpn_1'));
  });

  it('uses a discount only until it has been redeemed', () => {
    const d = discountFromCoupon({ id: 'cpn_1', percent_off: 25, duration: 'once', currency: null });
    expect(discountUsable(d)).toBe(true);
    expect(discountUsable({ ...d, redeemedAt: 1 })).toBe(false);
    expect(discountUsable(undefined)).toBe(false);
  });
});

describe('quote ids', () => {
  it('carry the coupon of the discount and refuse a malformed one', () => {
    const facts = { lgaCode: '14300', classification: 'rural' as const, created: 1_800_000_000, couponId: 'Ab12_x' };
    const key = 'k'.repeat(43);
    expect(decodeQuoteId(encodeQuoteId(facts, key), key)).toEqual({ ...facts, poNumber: undefined });
    expect(decodeQuoteId(encodeQuoteId({ ...facts, couponId: '../coupons' }, key), key)).toBeUndefined();
  });
});
