// The Stripe emulator through the real `stripe` SDK and its hosted checkout page: catalogue set-up,
// a 30-day trial that turns active with a paid invoice, a declined card, a promotion code, and
// Stripe-shaped errors and lists. Every webhook is verified with stripe.webhooks.constructEvent.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, catalogue, checkoutForm, postForm, startHarness, type Harness } from './harness';

let h: Harness;
let setup: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  h = await startHarness();
  setup = await catalogue(h.stripe);
});
afterAll(async () => h?.stop());

function sessionParams(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'subscription',
    success_url: 'http://127.0.0.1:5173/billing/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:5173/billing/cancelled',
    line_items: [{ price: setup.price.id, quantity: 1, tax_rates: [setup.gst.id] }],
    metadata: { lga_code: 'LGA-PARRA', poNumber: 'PO-1' },
    allow_promotion_codes: true,
    billing_address_collection: 'required',
    customer_email: 'finance@council.example.gov.au',
    subscription_data: { trial_period_days: 30, metadata: { lga_code: 'LGA-PARRA' } },
    ...extra,
  };
}

describe('checkout to subscription to invoice', () => {
  it('runs a trial, then the first paid month, with signed events', async () => {
    const session = await h.stripe.checkout.sessions.create(sessionParams());
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${h.emulator.url}/checkout/${session.id}`);
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', mode: 'subscription', amount_subtotal: 120_000, amount_total: 132_000, total_details: { amount_tax: 12_000 } });

    const page = await fetch(session.url!).then((response) => response.text());
    expect(page).toContain('30-day free trial');
    expect(page).toContain('$1,320.00');
    expect(page).toContain('GST (10%)');
    expect(page).toContain('href="http://127.0.0.1:5173/billing/cancelled"');
    expect(page).toContain('<label for="field-promotion_code">');

    const paid = await postForm(session.url!, checkoutForm());
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://127.0.0.1:5173/billing/done?session=${session.id}`);

    const completed = await h.waitForEvent('checkout.session.completed');
    const done = completed.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ object: 'event', livemode: false, api_version: expect.stringMatching(/^\d{4}-/) });
    expect(done).toMatchObject({ id: session.id, status: 'complete', payment_status: 'no_payment_required', metadata: { lga_code: 'LGA-PARRA' } });
    expect(done.customer).toMatch(/^cus_/);
    expect(done.subscription).toMatch(/^sub_/);

    const subscription = await h.stripe.subscriptions.retrieve(done.subscription as string, { expand: ['latest_invoice', 'customer'] });
    expect(subscription.status).toBe('trialing');
    expect(subscription.metadata).toEqual({ lga_code: 'LGA-PARRA' });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(30 * 86_400);
    expect(subscription.items.data[0].current_period_end).toBe(subscription.trial_end);
    expect((subscription.customer as Stripe.Customer).address).toMatchObject({ city: 'Parramatta', postal_code: '2150', country: 'AU' });
    expect((subscription.latest_invoice as Stripe.Invoice)).toMatchObject({ status: 'paid', amount_due: 0 });

    const before = h.received.length;
    const advanced = await h.control<Stripe.Subscription>('POST', `/subscriptions/${subscription.id}/advance`);
    expect(advanced.status).toBe('active');
    const paidEvent = await h.waitForEvent('invoice.paid', (event) => (event.data.object as Stripe.Invoice).amount_paid > 0);
    const invoice = paidEvent.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', currency: 'aud', subtotal: 120_000, total: 132_000, amount_due: 132_000, amount_paid: 132_000, customer: done.customer });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.number).toMatch(/^[A-Z0-9]+-0002$/);
    expect(invoice.hosted_invoice_url).toBe(`${h.emulator.url}/invoice/${invoice.id}`);
    expect(invoice.lines.data[0]).toMatchObject({ amount: 120_000, quantity: 1, pricing: { price_details: { price: setup.price.id } } });
    const types = h.received.slice(before).map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['customer.subscription.trial_will_end', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']));
    const updated = await h.waitForEvent('customer.subscription.updated', (event) => (event.data.object as Stripe.Subscription).status === 'active');
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });

    const hosted = await fetch(invoice.hosted_invoice_url!).then((response) => response.text());
    expect(hosted).toContain(invoice.number!);
    expect(hosted).toContain('$1,320.00');
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const invoices = await h.stripe.invoices.list({ customer: done.customer as string });
    expect(invoices).toMatchObject({ object: 'list', has_more: false, url: '/v1/invoices' });
    expect(invoices.data.map((entry) => entry.status)).toEqual(['paid', 'paid']);
    const everyType = new Set(h.received.map((event) => event.type));
    for (const type of ['customer.created', 'customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed']) {
      expect(everyType).toContain(type);
    }
  });

  it('keeps the buyer on the page with Stripe\'s message when the card is declined', async () => {
    const session = await h.stripe.checkout.sessions.create(sessionParams({ subscription_data: undefined }));
    const declined = await postForm(session.url!, checkoutForm(DECLINED_CARD));
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(declined.html).toContain('role="alert"');
    expect(declined.html).toContain('value="Parramatta"');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const incomplete = await postForm(session.url!, checkoutForm(undefined, { line1: '', card_number: '1234' }));
    expect(incomplete.status).toBe(400);
    expect(incomplete.html).toContain('Your card number is invalid.');
    expect(incomplete.html).toContain('Your address is incomplete.');

    const retried = await postForm(session.url!, checkoutForm());
    expect(retried.status).toBe(303);
    const subscriptionId = (await h.stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const subscription = await h.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.status).toBe('active');
    expect(subscription.trial_end).toBeNull();
  });

  it('takes a promotion code typed on the page off the total', async () => {
    const coupon = await h.stripe.coupons.create({ percent_off: 25, duration: 'once', name: 'Launch' });
    await h.stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'COUNCIL25' });
    const session = await h.stripe.checkout.sessions.create(sessionParams({ subscription_data: undefined }));
    const wrong = await postForm(`${session.url}/promotion`, { promotion_code: 'NOPE' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('This code is invalid.');
    const applied = await postForm(`${session.url}/promotion`, { promotion_code: 'council25' });
    expect(applied.status).toBe(200);
    expect(applied.html).toContain('−$300.00');
    expect(applied.html).toContain('$990.00');
    expect(await h.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ amount_total: 99_000, total_details: { amount_discount: 30_000, amount_tax: 9_000 } });

    expect((await postForm(session.url!, checkoutForm())).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.latest_invoice'] });
    const invoice = (done.subscription as Stripe.Subscription).latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ subtotal: 120_000, total: 99_000, amount_paid: 99_000, status: 'paid' });
    expect(invoice.total_discount_amounts).toEqual([expect.objectContaining({ amount: 30_000 })]);
    expect((await h.stripe.promotionCodes.list({ code: 'COUNCIL25' })).data[0].times_redeemed).toBe(1);
  });

  it('answers like Stripe: errors, list filters, line items and expiry', async () => {
    await expect(h.stripe.checkout.sessions.create({ ...sessionParams(), mode: undefined as never })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError', statusCode: 400, code: 'parameter_missing', param: 'mode',
    });
    await expect(h.stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such customer: 'cus_missing'" });
    const wrongKey = new (h.stripe.constructor as typeof Stripe)('pk_test_not_secret', h.emulator.sdkOptions);
    await expect(wrongKey.customers.list()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });

    const first = await h.stripe.customers.create({ email: 'once@council.example.gov.au' }, { idempotencyKey: 'create-once' });
    const again = await h.stripe.customers.create({ email: 'once@council.example.gov.au' }, { idempotencyKey: 'create-once' });
    expect(again.id).toBe(first.id);
    expect((await h.stripe.customers.list({ email: 'once@council.example.gov.au' })).data).toHaveLength(1);
    await expect(h.stripe.customers.create({ email: 'other@council.example.gov.au' }, { idempotencyKey: 'create-once' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });

    const older = await h.stripe.prices.create({ product: setup.product.id, unit_amount: 100_000, currency: 'aud', recurring: { interval: 'month' } });
    await h.stripe.prices.update(older.id, { active: false });
    const active = await h.stripe.prices.list({ product: setup.product.id, active: true });
    expect(active.data.map((price) => price.id)).toEqual([setup.price.id]);
    const all = await h.stripe.prices.list({ product: setup.product.id, limit: 1 });
    expect(all).toMatchObject({ has_more: true, data: [{ id: older.id }] });
    const next = await h.stripe.prices.list({ product: setup.product.id, limit: 1, starting_after: older.id });
    expect(next).toMatchObject({ has_more: false, data: [{ id: setup.price.id, unit_amount: 120_000, recurring: { interval: 'month' } }] });
    expect((await h.stripe.products.retrieve(setup.product.id)).metadata).toEqual({ classification: 'metropolitan' });

    const coupon = await h.stripe.coupons.create({ amount_off: 20_000, currency: 'aud', duration: 'forever' });
    await expect(h.stripe.checkout.sessions.create(sessionParams({ discounts: [{ coupon: coupon.id }] }))).rejects.toMatchObject({ statusCode: 400, param: 'discounts' });
    const discounted = await h.stripe.checkout.sessions.create(sessionParams({ allow_promotion_codes: undefined, discounts: [{ coupon: coupon.id }] }));
    expect(discounted).toMatchObject({ amount_subtotal: 120_000, amount_total: 110_000, total_details: { amount_discount: 20_000, amount_tax: 10_000 }, discounts: [{ coupon: coupon.id }] });

    const session = await h.stripe.checkout.sessions.create(sessionParams());
    const lines = await h.stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data[0]).toMatchObject({ object: 'item', amount_subtotal: 120_000, amount_tax: 12_000, amount_total: 132_000, quantity: 1 });
    const expired = await h.stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await expect(h.stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    expect((await fetch(`${h.emulator.url}/checkout/${session.id}`).then((r) => r.text()))).toContain('expired');
  });

  it('checks coupons as Stripe does: single use, coupon_expired, and a repeating discount that ends', async () => {
    await expect(h.stripe.coupons.create({ percent_off: 10, duration: 'repeating' })).rejects.toMatchObject({ code: 'parameter_missing', param: 'duration_in_months' });
    await expect(h.stripe.coupons.create({ percent_off: 10, duration: 'once', redeem_by: 1_000 })).rejects.toMatchObject({ statusCode: 400, param: 'redeem_by' });
    const usd = await h.stripe.coupons.create({ amount_off: 500, currency: 'usd', duration: 'once' });
    await expect(h.stripe.checkout.sessions.create(sessionParams({ allow_promotion_codes: undefined, discounts: [{ coupon: usd.id }] }))).rejects.toMatchObject({ statusCode: 400, param: 'discounts[0][coupon]' });

    // Half off for two months, once only: two sessions opened, the first paid uses it up.
    const coupon = await h.stripe.coupons.create({ percent_off: 50, duration: 'repeating', duration_in_months: 2, max_redemptions: 1 });
    const noTrial = { allow_promotion_codes: undefined, discounts: [{ coupon: coupon.id }], subscription_data: undefined };
    const first = await h.stripe.checkout.sessions.create(sessionParams(noTrial));
    const second = await h.stripe.checkout.sessions.create(sessionParams(noTrial));
    expect((await postForm(first.url!, checkoutForm())).status).toBe(303);
    expect(await h.stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });
    const refused = await postForm(second.url!, checkoutForm());
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This discount is no longer valid.');
    await expect(h.stripe.checkout.sessions.create(sessionParams(noTrial))).rejects.toMatchObject({ code: 'coupon_expired', param: 'discounts[0][coupon]' });

    const subscriptionId = (await h.stripe.checkout.sessions.retrieve(first.id)).subscription as string;
    const totals = [((await h.stripe.invoices.list({ subscription: subscriptionId })).data[0]).total];
    for (let month = 0; month < 2; month++) {
      await h.control('POST', `/subscriptions/${subscriptionId}/advance`);
      totals.push((await h.stripe.invoices.list({ subscription: subscriptionId, limit: 1 })).data[0].total);
    }
    expect(totals).toEqual([66_000, 66_000, 132_000]);
  });
});
