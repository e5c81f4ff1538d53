// An administrator offers a council a discount on its onboarding checkout, on the real local stack
// with the Stripe emulator (who may: security/authorization-matrix.test.ts): bad input changes nothing, the
// price and the quote show the discounted first year, the checkout session carries the coupon (and
// then no promotion-code box), the paid invoice shows the discounted amount, the coupon is used up,
// and the next checkout is back to the list price with promotion codes allowed.
// Global state: Junee (14300, used by no other test) ends as an ex-customer without a mail domain.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { gql, useStackTable } from '../../support/api';
import { call, createUser, partition, prepareLga, unique, type TestUser } from '../identity/support';
import { checkoutForm, postForm } from '../stripe-emulator/harness';

const LGA = '14300'; // Junee
const DOMAIN = `junee-${unique()}.nsw.gov.example`;
const SET = 'mutation($c: String!, $i: OnboardingDiscountInput!) { setOnboardingDiscount(lgaCode: $c, input: $i) { lgaCode onboardingDiscount { couponId percentOff amountOff duration durationInMonths name redeemedAt } } }';
const REMOVE = 'mutation($c: String!) { removeOnboardingDiscount(lgaCode: $c) { lgaCode onboardingDiscount { couponId } } }';
const PRICE = 'query($c: String!) { checkoutPrice(lgaCode: $c) { unitAmount discountAmount gst total listTotal discount { couponId percentOff duration } } }';
const CHECKOUT = 'mutation($i: CheckoutInput!) { createCheckoutSession(input: $i) { id url } }';
const CUSTOMER = 'query($c: ID!) { customer(code: $c) { subscriptionStatus onboardingDiscount { couponId redeemedAt } invoices { amountDue amountPaid amountDiscount status } checkoutSessions { id couponId amountDiscount amount } } }';

let admin: TestUser;
let officer: TestUser;
let stripe: Stripe;
let stripeUrl: string;
const flush = () => fetch(`${stripeUrl}/_emulator/webhooks/flush`, { method: 'POST' });

beforeAll(async () => {
  useStackTable();
  const stack = inject('stack');
  stripeUrl = stack.stripeUrl;
  const { secretKey } = JSON.parse(readFileSync(path.join(stack.dataDir, 'stripe-keys.json'), 'utf8')) as { secretKey: string };
  const url = new URL(stripeUrl);
  stripe = new Stripe(secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  await prepareLga(LGA, 'none');
  await db().entities.onboardingDiscount.delete({ lgaCode: LGA }).go();
  admin = await createUser({ admin: true });
  const res = await call('mutation($c: ID!, $i: CustomerSettingsInput!) { updateCustomer(code: $c, input: $i) { lgaCode } }', { c: LGA, i: { emailSuffix: DOMAIN, classification: 'rural' } }, admin);
  expect(res.errors).toBeUndefined();
  officer = await createUser({ email: `finance.${unique()}@${DOMAIN}` });
});

afterAll(async () => {
  await call(REMOVE, { c: LGA }, admin);
  await call('mutation($c: ID!, $i: CustomerSettingsInput!) { updateCustomer(code: $c, input: $i) { lgaCode } }', { c: LGA, i: { emailSuffix: '' } }, admin);
});

describe('an onboarding checkout with the council discount', () => {
  let couponId: string;

  it('refuses bad input with clear messages and changes nothing', async () => {
    const before = await partition(`LGA#${LGA}`);
    const refused = async (variables: Record<string, unknown>) => (await call(SET, variables, admin)).errors?.[0];
    expect(await refused({ c: LGA, i: { percentOff: 10, amountOff: 100, duration: 'ONCE' } })).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining('Give either a percentage or an amount off') });
    expect(await refused({ c: LGA, i: { percentOff: 120, duration: 'ONCE' } })).toMatchObject({ errorType: 'ValidationError', message: expect.stringContaining('Percent off must be at most 100') });
    expect(await refused({ c: LGA, i: { amountOff: 240_000, duration: 'ONCE' } })).toMatchObject({ errorType: 'ValidationError', message: 'Amount off must be less than the price' });
    expect(await refused({ c: LGA, i: { percentOff: 10, duration: 'REPEATING' } })).toMatchObject({ errorType: 'ValidationError' });
    expect(await refused({ c: '99999', i: { percentOff: 10, duration: 'ONCE' } })).toMatchObject({ errorType: 'NotFound', message: 'Invalid LGA' });
    expect(await refused({ c: '12900', i: { percentOff: 10, duration: 'ONCE' } })).toMatchObject({ errorType: 'Conflict', message: 'This council already has an active subscription' });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });

  it('the admin offers 25% off the first year: a single-use coupon for the council', async () => {
    const res = await call(SET, { c: LGA, i: { percentOff: 25, duration: 'ONCE', name: 'Riverina pilot' } }, admin);
    expect(res.errors).toBeUndefined();
    const offered = res.data!.setOnboardingDiscount.onboardingDiscount;
    expect(offered).toMatchObject({ percentOff: 25, amountOff: null, duration: 'once', name: 'Riverina pilot', redeemedAt: null });
    couponId = offered.couponId;
    const coupon = await stripe.coupons.retrieve(couponId);
    expect(coupon).toMatchObject({ percent_off: 25, duration: 'once', max_redemptions: 1, valid: true, metadata: { lga_code: LGA } });
  });

  it('shows the discounted price and quote to the council officer, the list price to others', async () => {
    const price = (await call(PRICE, { c: LGA }, officer)).data!.checkoutPrice;
    expect(price).toEqual({ unitAmount: 240_000, discountAmount: 60_000, gst: 18_000, total: 198_000, listTotal: 264_000, discount: { couponId, percentOff: 25, duration: 'once' } });
    const outsider = await createUser({ email: `someone.${unique()}@gmail.example` });
    expect((await call(PRICE, { c: LGA }, outsider)).data!.checkoutPrice).toMatchObject({ discountAmount: 0, total: 264_000, discount: null });
    const quote = await call('mutation($i: QuoteInput!) { createQuote(input: $i) { id price { total discountAmount discount { couponId } } } }', { i: { lgaCode: LGA } }, officer);
    expect(quote.data!.createQuote.price).toEqual({ total: 198_000, discountAmount: 60_000, discount: { couponId } });
    const read = await call('query($id: ID!) { quote(id: $id) { price { total } } }', { id: quote.data!.createQuote.id }, outsider);
    expect(read.data!.quote.price.total).toBe(198_000);
  });

  it('the checkout session carries the coupon and no promotion-code box; Stripe refuses both together', async () => {
    const res = await call(CHECKOUT, { i: { lgaCode: LGA, skipTrial: true, poNumber: 'PO-JUNEE-1' } }, officer);
    expect(res.errors).toBeUndefined();
    const session = await stripe.checkout.sessions.retrieve(res.data!.createCheckoutSession.id);
    expect(session.discounts).toEqual([{ coupon: couponId, promotion_code: null }]);
    expect(session.allow_promotion_codes).toBe(false);
    expect(session).toMatchObject({ amount_subtotal: 240_000, amount_total: 198_000, total_details: { amount_discount: 60_000, amount_tax: 18_000 } });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'https://example.com/ok',
        line_items: [{ price: String((await stripe.checkout.sessions.listLineItems(session.id)).data[0].price!.id), quantity: 1 }],
        discounts: [{ coupon: couponId }],
        allow_promotion_codes: true,
      }),
    ).rejects.toThrow('You may only specify one of these parameters: allow_promotion_codes, discounts.');

    expect((await postForm(res.data!.createCheckoutSession.url, checkoutForm())).status).toBe(303);
    await flush();
    const customer = (await call(CUSTOMER, { c: LGA }, officer)).data!.customer;
    expect(customer.subscriptionStatus).toBe('active');
    expect(customer.invoices[0]).toEqual({ amountDue: 198_000, amountPaid: 198_000, amountDiscount: 60_000, status: 'paid' });
    expect(customer.checkoutSessions[0]).toEqual({ id: session.id, couponId, amountDiscount: 60_000, amount: 198_000 });
    const subscription = (await stripe.subscriptions.list({ customer: String(session.customer), limit: 1 })).data[0];
    expect(subscription.discounts.length).toBe(1);
  });

  it('the coupon is used up: Stripe refuses it, and the next checkout is at the list price with promotion codes', async () => {
    const admins = (await call(CUSTOMER, { c: LGA }, admin)).data!.customer;
    expect(admins.onboardingDiscount).toEqual({ couponId, redeemedAt: expect.any(Number) });
    expect((await stripe.coupons.retrieve(couponId)).valid).toBe(false);
    const price = (await stripe.prices.list({ product: 'road_closures_rural', active: true })).data[0];
    const used = await stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'https://example.com/ok', line_items: [{ price: price.id, quantity: 1 }], discounts: [{ coupon: couponId }] }).catch((e: Stripe.errors.StripeError) => e);
    expect(used).toMatchObject({ type: 'StripeInvalidRequestError', code: 'coupon_expired' });

    expect((await call('mutation($c: String!) { cancelSubscription(lgaCode: $c) { lgaCode } }', { c: LGA }, officer)).errors).toBeUndefined();
    await flush();
    expect((await call(PRICE, { c: LGA }, officer)).data!.checkoutPrice).toMatchObject({ discountAmount: 0, total: 264_000, discount: null });
    const again = await call(CHECKOUT, { i: { lgaCode: LGA, skipTrial: true } }, officer);
    const session = await stripe.checkout.sessions.retrieve(again.data!.createCheckoutSession.id);
    expect(session).toMatchObject({ allow_promotion_codes: true, discounts: [], amount_total: 264_000 });
  });
});
