// One live subscription per council, on the real stack with the Stripe emulator. Two officers start
// checkouts for one council and both pay before any webhook arrives (a colleague's tab, a second
// PO number, a page paid hours later): the earlier subscription is kept, the later one is flagged
// to the administrators, cancelled at once and its payment refunded in full; cancelling the later
// one never makes the council an ex-customer, and cancelling the council ends the one it keeps.
// Once one checkout completes, the council's other open checkout pages can no longer be paid.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { call, createUser, prepareLga, unique, type TestUser } from '../identity/support';
import { checkoutForm, postForm } from '../stripe-emulator/harness';

const LGA = '14650'; // Lake Macquarie: no customer until this test makes it one
const DOMAIN = `lakemac-${unique()}.nsw.gov.example`;
const CHECKOUT = 'mutation($i: CheckoutInput!) { createCheckoutSession(input: $i) { id url } }';
const CANCEL = 'mutation($c: String!) { cancelSubscription(lgaCode: $c) { subscriptionStatus } }';
const CUSTOMER = `query($c: ID!) { customer(code: $c) { subscriptionStatus checkoutSessions { id status }
  subscriptions { id status created duplicateOf flaggedAt resolution refundedAmount resolvedAt } } }`;

let admin: TestUser;
let first: TestUser;
let second: TestUser;
let stripeUrl: string;

const status = async () => (await db().entities.customer.get({ lgaCode: LGA }).go()).data?.subscriptionStatus ?? 'none';
const flush = () => fetch(`${stripeUrl}/_emulator/webhooks/flush`, { method: 'POST' });
const setWebhook = (url: string | null) =>
  fetch(`${stripeUrl}/_emulator/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
async function postEvent(event: Record<string, unknown>) {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const Stripe = (await import('stripe')).default;
  const { webhookSecret } = JSON.parse(readFileSync(join(inject('stack').dataDir, 'stripe-keys.json'), 'utf8')) as { webhookSecret: string };
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  return fetch(`${inject('stack').url}/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, body: payload });
}

const emulator = async <T>(path: string): Promise<T> => (await (await fetch(`${stripeUrl}${path}`)).json()) as T;

async function stripeGet<T>(path: string): Promise<T> {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { secretKey } = JSON.parse(readFileSync(join(inject('stack').dataDir, 'stripe-keys.json'), 'utf8')) as { secretKey: string };
  return (await (await fetch(`${stripeUrl}${path}`, { headers: { authorization: `Bearer ${secretKey}` } })).json()) as T;
}

beforeAll(async () => {
  stripeUrl = inject('stack').stripeUrl;
  await prepareLga(LGA, 'none', DOMAIN);
  admin = await createUser({ admin: true });
  first = await createUser({ email: `works.${unique()}@${DOMAIN}` });
  second = await createUser({ email: `finance.${unique()}@${DOMAIN}` });
});

describe('two checkouts of one council paid before any webhook arrives', () => {
  let kept: string;
  let duplicate: string;

  it('keeps the earlier subscription, cancels the later one and refunds what it paid', async () => {
    const a = await call(CHECKOUT, { i: { lgaCode: LGA, poNumber: 'PO-A' } }, first);
    const b = await call(CHECKOUT, { i: { lgaCode: LGA, poNumber: 'PO-B', skipTrial: true } }, second);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    await setWebhook(null);
    try {
      expect((await postForm(a.data!.createCheckoutSession.url, checkoutForm())).status).toBe(303);
      // Stripe's `created` is in seconds: the second payment comes a second later.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await postForm(b.data!.createCheckoutSession.url, checkoutForm())).status).toBe(303);
    } finally {
      await setWebhook(`${inject('stack').url}/stripe/webhook`);
    }
    await flush();

    // The council pays once: trialing on the first subscription, the second one cancelled.
    expect(await status()).toBe('trialing');
    const res = await call(CUSTOMER, { c: LGA }, admin);
    expect(res.errors).toBeUndefined();
    const subscriptions = res.data!.customer.subscriptions as { id: string; status: string; duplicateOf: string | null; resolution: string | null; refundedAmount: number | null }[];
    expect(subscriptions).toHaveLength(2);
    const original = subscriptions.find((s) => !s.duplicateOf)!;
    const later = subscriptions.find((s) => s.duplicateOf)!;
    kept = original.id;
    duplicate = later.id;
    expect(original).toMatchObject({ status: 'trialing', resolution: null });
    expect(later).toMatchObject({ status: 'canceled', duplicateOf: kept, resolution: 'cancelled_refunded' });

    // In Stripe: the later subscription is cancelled and its first year refunded in full.
    const stripeSub = await stripeGet<{ status: string }>(`/v1/subscriptions/${duplicate}`);
    expect(stripeSub.status).toBe('canceled');
    const invoices = await stripeGet<{ data: { amount_paid: number }[] }>(`/v1/invoices?subscription=${duplicate}&status=paid`);
    const paid = invoices.data.reduce((sum, i) => sum + i.amount_paid, 0);
    expect(paid).toBeGreaterThan(0);
    expect(later.refundedAmount).toBe(paid);
    const refunds = await emulator<{ data: { type: string; data: { object: { amount: number; reason: string } } }[] }>('/_emulator/events?type=refund.created');
    expect(refunds.data.some((e) => e.data.object.amount === paid && e.data.object.reason === 'duplicate')).toBe(true);

    // Replaying every event again changes nothing: still one council, still trialing, one refund.
    const { data: events } = await emulator<{ data: { id: string; created: number }[] }>('/_emulator/events');
    for (const event of events.slice(0, 20)) await fetch(`${stripeUrl}/_emulator/events/${event.id}/replay`, { method: 'POST' });
    await flush();
    expect(await status()).toBe('trialing');
    const again = await emulator<{ data: unknown[] }>('/_emulator/events?type=refund.created');
    expect(again.data.length).toBe(refunds.data.length);
  });

  it("never lets the duplicate's invoices speak for the council's payments", async () => {
    const customer = (await db().entities.customer.get({ lgaCode: LGA }).go()).data!;
    const before = customer.paymentStatus;
    const now = Math.floor(Date.now() / 1000);
    const invoice = { id: `in_${unique()}`, object: 'invoice', customer: customer.stripeCustomerId, subscription: duplicate, status: 'open', amount_due: 264_000, amount_paid: 0, currency: 'aud', created: now };
    const res = await postEvent({ id: `evt_${unique()}`, object: 'event', type: 'invoice.payment_failed', created: now, data: { object: invoice } });
    expect(res.status).toBe(200);
    expect((await db().entities.customer.get({ lgaCode: LGA }).go()).data!.paymentStatus).toBe(before);
  });

  it('cancelling the council ends the subscription it keeps', async () => {
    const manager = (await call(CUSTOMER, { c: LGA }, admin)).data!.customer;
    expect(manager.subscriptionStatus).toBe('trialing');
    const res = await call(CANCEL, { c: LGA }, first);
    expect(res.errors).toBeUndefined();
    await flush();
    expect(await status()).toBe('canceled');
    const sub = await stripeGet<{ status: string }>(`/v1/subscriptions/${kept}`);
    expect(sub.status).toBe('canceled');
    expect((await call(CANCEL, { c: LGA }, first)).errors?.[0]).toMatchObject({ errorType: 'Conflict', message: 'This council has no subscription to cancel' });
  });
});

describe('open checkout pages once one checkout completed', () => {
  it('are expired: the other officer cannot pay a second subscription', async () => {
    const a = await call(CHECKOUT, { i: { lgaCode: LGA, poNumber: 'PO-C' } }, first);
    const b = await call(CHECKOUT, { i: { lgaCode: LGA, poNumber: 'PO-D' } }, second);
    expect((await postForm(a.data!.createCheckoutSession.url, checkoutForm())).status).toBe(303);
    await flush();
    // The council had its trial before it cancelled: it pays from the first day now.
    expect(await status()).toBe('active');
    const late = await postForm(b.data!.createCheckoutSession.url, checkoutForm());
    expect(late.status).toBe(400);
    expect(late.html).toContain('This checkout session has expired');
    await flush();
    const sessions = (await call(CUSTOMER, { c: LGA }, admin)).data!.customer.checkoutSessions as { id: string; status: string }[];
    expect(sessions.find((s) => s.id === b.data!.createCheckoutSession.id)?.status).toBe('expired');
    expect(sessions.find((s) => s.id === a.data!.createCheckoutSession.id)?.status).toBe('complete');
    const live = ((await call(CUSTOMER, { c: LGA }, admin)).data!.customer.subscriptions as { status: string }[]).filter((s) => s.status === 'active' || s.status === 'trialing');
    expect(live).toEqual([expect.objectContaining({ status: 'active' })]);
  });
});
