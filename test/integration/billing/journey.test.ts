// A council becomes a customer through Stripe on the real local stack: the admin sets its mail
// domain, a new user at that domain checks out with a trial and pays on the emulator's page, the
// signed webhooks make the council trialing and the user its account manager; cancelling makes it
// an ex-customer and it can resubscribe. Every bad input of the issue changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '../../../lambdas/adapters/db/db';
import { useStackTable } from '../../support/api';
import { call, createUser, partition, prepareLga, unique, type TestUser } from '../identity/support';
import { checkoutForm, postForm } from '../stripe-emulator/harness';

const LGA = '10050'; // Albury: no customer until this test makes it one
const DOMAIN = `albury-${unique()}.nsw.gov.example`;
const UPDATE = 'mutation($c: ID!, $i: CustomerSettingsInput!) { updateCustomer(code: $c, input: $i) { lgaCode lgaName emailSuffix classification subscriptionStatus } }';
const CUSTOMER = 'query($c: ID!) { customer(code: $c) { lgaCode subscriptionStatus trialEnd stripeCustomerId invoices { id status amountDue currency hostedInvoiceUrl } checkoutSessions { id status } managers { email roles } } }';
const CUSTOMERS = 'query { customers { lgaCode lgaName subscriptionStatus emailSuffix } }';
const CHECKOUT = 'mutation($i: CheckoutInput!) { createCheckoutSession(input: $i) { id url } }';
const CANCEL = 'mutation($c: String!) { cancelSubscription(lgaCode: $c) { subscriptionStatus } }';

let admin: TestUser;
let stripeUrl: string;
let webhookSecret: string;

const status = async (code: string) => (await db().entities.customer.get({ lgaCode: code }).go()).data?.subscriptionStatus ?? 'none';
const flush = () => fetch(`${stripeUrl}/_emulator/webhooks/flush`, { method: 'POST' });

async function postEvent(event: Record<string, unknown>, options: { secret?: string; timestamp?: number; header?: string } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.header ??
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp ?? Math.floor(Date.now() / 1000) });
  const response = await fetch(`${inject('stack').url}/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, body: payload });
  return { status: response.status, body: (await response.json()) as { outcome?: string } };
}

beforeAll(async () => {
  useStackTable();
  const stack = inject('stack');
  stripeUrl = stack.stripeUrl;
  webhookSecret = (JSON.parse(readFileSync(path.join(stack.dataDir, 'stripe-keys.json'), 'utf8')) as { webhookSecret: string }).webhookSecret;
  await prepareLga(LGA, 'none');
  admin = await createUser({ admin: true });
});

describe('customer settings (admin)', () => {
  it('refuses everyone but an admin and changes nothing', async () => {
    const staff = await createUser({ manages: [{ lgaCode: LGA, roles: ['account_manager'] }] });
    const before = await partition(`LGA#${LGA}`);
    for (const user of [null, staff, await createUser({})]) {
      const res = await call(UPDATE, { c: LGA, i: { emailSuffix: 'evil.example' } }, user);
      expect(res.errors?.[0].errorType).toMatch(/Unauthorized|Forbidden/);
    }
    expect((await call(UPDATE, { c: LGA, i: { emailSuffix: 'not a domain' } }, admin)).errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect((await call(UPDATE, { c: LGA, i: { classification: 'huge' } }, admin)).errors?.[0].errorType).toBe('ValidationError');
    expect((await call(UPDATE, { c: '99999', i: { emailSuffix: DOMAIN } }, admin)).errors?.[0]).toMatchObject({ errorType: 'NotFound', message: 'Invalid LGA' });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
    await db().entities.manager.delete({ lgaCode: LGA, email: staff.email }).go();
  });

  it('sets the mail domain on the LGA and the classification on a new customer record', async () => {
    const res = await call(UPDATE, { c: LGA, i: { emailSuffix: `@${DOMAIN.toUpperCase()}`, classification: 'rural' } }, admin);
    expect(res.data?.updateCustomer).toEqual({ lgaCode: LGA, lgaName: 'Albury', emailSuffix: DOMAIN, classification: 'rural', subscriptionStatus: 'none' });
    expect((await db().entities.lga.get({ code: LGA }).go()).data?.emailSuffix).toBe(DOMAIN);
    const list = (await call(CUSTOMERS, {}, admin)).data?.customers as { lgaCode: string }[];
    expect(list.find((c) => c.lgaCode === LGA)).toMatchObject({ subscriptionStatus: 'none', emailSuffix: DOMAIN });
  });
});

describe('checkout and the webhook journey', () => {
  let officer: TestUser;
  let sessionId: string;

  it('refuses bad checkouts with the spec messages', async () => {
    officer = await createUser({ email: `officer.${unique()}@${DOMAIN}` });
    const outsider = await createUser({ email: `someone.${unique()}@gmail.example` });
    const before = await partition(`LGA#${LGA}`);
    expect((await call(CHECKOUT, { i: { lgaCode: LGA } }, outsider)).errors?.[0]).toMatchObject({ errorType: 'Forbidden', message: 'Invalid email address' });
    expect((await call(CHECKOUT, { i: { lgaCode: '99999' } }, officer)).errors?.[0]).toMatchObject({ message: 'Invalid LGA' });
    expect((await call(CHECKOUT, { i: { lgaCode: '10150' } }, officer)).errors?.[0]).toMatchObject({ message: 'Invalid LGA' });
    // Carrathool has no mail domain on record: no address is at its domain (guard 8).
    expect((await call(CHECKOUT, { i: { lgaCode: '11600' } }, officer)).errors?.[0]).toMatchObject({ message: 'Invalid email address' });
    expect((await call(CHECKOUT, { i: { lgaCode: LGA, poNumber: 'P'.repeat(51) } }, officer)).errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'PO number is too long (maximum 50 characters)',
    });
    expect((await call(CHECKOUT, { i: { lgaCode: '12900' } }, admin)).errors?.[0]).toMatchObject({ errorType: 'Conflict' });
    expect(await partition(`LGA#${LGA}`)).toEqual(before);
  });

  it('answers a double click with one session, then the officer pays with a trial', async () => {
    const input = { i: { lgaCode: LGA, poNumber: 'PO-778' } };
    const [first, second] = await Promise.all([call(CHECKOUT, input, officer), call(CHECKOUT, input, officer)]);
    expect(first.errors).toBeUndefined();
    sessionId = first.data!.createCheckoutSession.id;
    expect(second.data!.createCheckoutSession.id).toBe(sessionId);
    const paid = await postForm(first.data!.createCheckoutSession.url, checkoutForm());
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${inject('stack').url}/onboard/processing?lga=${LGA}&session_id=${sessionId}`);
    await flush();
    expect(await status(LGA)).toBe('trialing');
    const res = await call(CUSTOMER, { c: LGA }, officer);
    expect(res.errors).toBeUndefined();
    const customer = res.data!.customer;
    expect(customer.managers).toEqual([{ email: officer.email, roles: ['account_manager'] }]);
    expect(customer.trialEnd).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    expect(customer.checkoutSessions[0]).toEqual({ id: sessionId, status: 'complete' });
    expect(customer.invoices.length).toBeGreaterThan(0);
    expect(customer.invoices[0]).toMatchObject({ currency: 'aud', hostedInvoiceUrl: expect.stringContaining('/invoice/') });
  });

  it('refuses forged, wrong-secret and stale events, ignores replays and unknown customers', async () => {
    const before = await partition(`LGA#${LGA}`);
    const stored = (await db().entities.customer.get({ lgaCode: LGA }).go()).data!;
    // An event about the council's own subscription (an older one must not roll it back).
    const event = { id: `evt_${unique()}`, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: { id: stored.stripeSubscriptionId, status: 'canceled', customer: stored.stripeCustomerId } } };
    expect((await postEvent(event, { header: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await postEvent(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await postEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    // Older than the last applied event: acknowledged, never rolls the status back.
    expect((await postEvent({ ...event, created: 1_000 })).body.outcome).toBe('applied');
    expect(await status(LGA)).toBe('trialing');
    const unknown = await postEvent({ ...event, id: `evt_${unique()}`, data: { object: { id: 'sub_y', status: 'canceled', customer: 'cus_nobody' } } });
    expect(unknown).toEqual({ status: 200, body: expect.objectContaining({ outcome: 'unknown_customer' }) });
    const { data: events } = (await (await fetch(`${stripeUrl}/_emulator/events?type=customer.subscription.created`)).json()) as { data: { id: string }[] };
    await fetch(`${stripeUrl}/_emulator/events/${events[0].id}/replay`, { method: 'POST' });
    await flush();
    const after = await partition(`LGA#${LGA}`);
    expect(after.filter((i) => i.sk === 'CUSTOMER')[0].subscriptionStatus).toBe('trialing');
    expect(after.length).toBe(before.length);
  });

  it('cancelling makes the council an ex-customer; it can resubscribe, without a second free trial', async () => {
    const res = await call(CANCEL, { c: LGA }, officer);
    expect(res.errors).toBeUndefined();
    await flush();
    expect(await status(LGA)).toBe('canceled');
    expect((await call('query { me { managed { lgaCode customerStatus } } }', {}, officer)).data?.me.managed).toEqual([{ lgaCode: LGA, customerStatus: 'canceled' }]);
    const price = await call('query($c: String!) { checkoutPrice(lgaCode: $c) { trialDays } }', { c: LGA }, officer);
    expect(price.data?.checkoutPrice).toEqual({ trialDays: 0 });
    // Asking for the trial again (skipTrial false) still starts a paid subscription.
    const again = await call(CHECKOUT, { i: { lgaCode: LGA, skipTrial: false } }, officer);
    expect(again.errors).toBeUndefined();
    expect((await postForm(again.data!.createCheckoutSession.url, checkoutForm())).status).toBe(303);
    await flush();
    expect(await status(LGA)).toBe('active');
  });

  it('lets only admins and the account manager read the customer', async () => {
    const other = await createUser({ manages: [{ lgaCode: LGA, roles: ['closure_administrator'] }] });
    expect((await call(CUSTOMER, { c: LGA }, other)).errors?.[0].errorType).toBe('Forbidden');
    expect((await call(CUSTOMERS, {}, officer)).errors?.[0].errorType).toBe('Forbidden');
    expect((await call(CUSTOMER, { c: LGA }, admin)).data?.customer.subscriptionStatus).toBe('active');
  });
});
