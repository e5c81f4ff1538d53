// The Stripe emulator's subscription lifecycle through the `stripe` SDK, the hosted portal page
// and the /_emulator test controls: cancelling (now, or at period end from the portal), a card
// that fails at renewal (past_due, then unpaid, then paid after a new card), replaying an event,
// retrying a failed delivery, and keeping everything across a restart.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILS_LATER_CARD, GOOD_CARD, catalogue, checkoutForm, postForm, startHarness, type Harness } from './harness';

let h: Harness;
let setup: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  h = await startHarness();
  setup = await catalogue(h.stripe, 50_000);
});
afterAll(async () => h?.stop());

/** A council that has paid through checkout; returns its customer and subscription. */
async function subscribe(card = GOOD_CARD, trial = false): Promise<Stripe.Subscription> {
  const customer = await h.stripe.customers.create({ email: 'rates@shire.example.gov.au', name: 'Example Shire', metadata: { lga_code: 'LGA-SHIRE' } });
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    success_url: 'http://127.0.0.1:5173/done',
    cancel_url: 'http://127.0.0.1:5173/cancelled',
    line_items: [{ price: setup.price.id, quantity: 1, tax_rates: [setup.gst.id] }],
    billing_address_collection: 'required',
    ...(trial ? { subscription_data: { trial_period_days: 30 } } : {}),
  });
  expect((await postForm(session.url!, checkoutForm(card))).status).toBe(303);
  const done = await h.stripe.checkout.sessions.retrieve(session.id);
  expect(done.customer).toBe(customer.id);
  return h.stripe.subscriptions.retrieve(done.subscription as string);
}

describe('subscription lifecycle', () => {
  it('cancels at period end on request and ends at once on DELETE', async () => {
    const subscription = await subscribe();
    const scheduled = await h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: subscription.items.data[0].current_period_end });
    const ended = await h.control<Stripe.Subscription>('POST', `/subscriptions/${subscription.id}/advance`);
    expect(ended.status).toBe('canceled');
    const deleted = await h.waitForEvent('customer.subscription.deleted', (event) => (event.data.object as Stripe.Subscription).id === subscription.id);
    expect((deleted.data.object as Stripe.Subscription).ended_at).toBe(subscription.items.data[0].current_period_end);

    const other = await subscribe();
    const canceled = await h.stripe.subscriptions.cancel(other.id);
    expect(canceled.status).toBe('canceled');
    await h.waitForEvent('customer.subscription.deleted', (event) => (event.data.object as Stripe.Subscription).id === other.id);
    await expect(h.stripe.subscriptions.cancel(other.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await h.stripe.subscriptions.list({ customer: other.customer as string })).data).toEqual([]);
    expect((await h.stripe.subscriptions.list({ customer: other.customer as string, status: 'all' })).data).toHaveLength(1);
  });

  it('lets a tester cancel and keep a subscription from the portal page', async () => {
    const subscription = await subscribe(GOOD_CARD, true);
    const portal = await h.stripe.billingPortal.sessions.create({ customer: subscription.customer as string, return_url: 'http://127.0.0.1:5173/billing' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', url: expect.stringContaining(`${h.emulator.url}/portal/bps_`) });
    const page = await fetch(portal.url).then((response) => response.text());
    expect(page).toContain('Cancel subscription');
    expect(page).toContain('href="http://127.0.0.1:5173/billing"');
    expect(page).toContain('VISA ending in 4242');

    const cancelled = await postForm(`${portal.url}/subscription`, { subscription: subscription.id, action: 'cancel' });
    expect(cancelled.html).toContain('Your subscription will end at the end of the current period.');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    const event = await h.waitForEvent('customer.subscription.updated', (e) => (e.data.object as Stripe.Subscription).id === subscription.id && (e.data.object as Stripe.Subscription).cancel_at_period_end);
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    await postForm(`${portal.url}/subscription`, { subscription: subscription.id, action: 'renew' });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    const foreign = await postForm(`${portal.url}/subscription`, { subscription: 'sub_someone_else', action: 'cancel' });
    expect(foreign.status).toBe(400);
  });

  it('goes past_due then unpaid when renewals fail, and active again after a new card', async () => {
    const subscription = await subscribe(FAILS_LATER_CARD, true);
    expect(subscription.status).toBe('trialing');
    const pastDue = await h.control<Stripe.Subscription>('POST', `/subscriptions/${subscription.id}/advance`);
    expect(pastDue.status).toBe('past_due');
    const failed = await h.waitForEvent('invoice.payment_failed', (e) => (e.data.object as Stripe.Invoice).customer === subscription.customer);
    expect(failed.data.object).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0, amount_due: 55_000 });
    const unpaid = await h.control<Stripe.Subscription>('POST', `/subscriptions/${subscription.id}/advance`);
    expect(unpaid.status).toBe('unpaid');
    await h.waitForEvent('customer.subscription.updated', (e) => (e.data.object as Stripe.Subscription).status === 'unpaid');

    const owed = (failed.data.object as Stripe.Invoice).id;
    expect(await h.stripe.invoices.markUncollectible(owed)).toMatchObject({ status: 'uncollectible' });
    await h.waitForEvent('invoice.marked_uncollectible', (e) => (e.data.object as Stripe.Invoice).id === owed);

    const portal = await h.stripe.billingPortal.sessions.create({ customer: subscription.customer as string });
    const declined = await postForm(`${portal.url}/card`, { card_number: '4000 0000 0000 0002', card_expiry: '01/40', card_cvc: '999' });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    const updated = await postForm(`${portal.url}/card`, { card_number: GOOD_CARD, card_expiry: '01/40', card_cvc: '999' });
    expect(updated.html).toContain('Your card was updated.');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const invoice = await h.stripe.invoices.retrieve((failed.data.object as Stripe.Invoice).id);
    expect(invoice).toMatchObject({ status: 'paid', attempt_count: 3, amount_paid: 55_000 });
  });

  it('replays a delivered event with the same id and retries a refused delivery', async () => {
    const customer = await h.stripe.customers.create({ email: 'replay@council.example.gov.au' });
    const created = await h.waitForEvent('customer.created', (e) => (e.data.object as Stripe.Customer).id === customer.id);
    await h.control('POST', `/events/${created.id}/replay`);
    await h.emulator.flushWebhooks();
    expect(h.received.filter((event) => event.id === created.id)).toHaveLength(2);
    const listed = await h.control<{ data: { id: string; delivery: { delivered: boolean; attempts: number } }[] }>('GET', '/events?type=customer.created');
    expect(listed.data.find((event) => event.id === created.id)?.delivery).toMatchObject({ delivered: true, attempts: 2 });
    expect((await h.stripe.events.retrieve(created.id)).type).toBe('customer.created');

    h.respondWith.status = 500;
    const refused = await h.stripe.customers.create({ email: 'retry@council.example.gov.au' });
    await h.emulator.flushWebhooks();
    h.respondWith.status = 200;
    const retried = await h.waitForEvent('customer.created', (e) => (e.data.object as Stripe.Customer).id === refused.id);
    const attempts = h.deliveries.filter((delivery) => delivery.body.includes(retried.id));
    expect(attempts.map((delivery) => delivery.status)).toEqual([500, 200]);
  });

  it('keeps customers, subscriptions and events across a restart', async () => {
    const subscription = await subscribe();
    await h.emulator.flushWebhooks();
    const eventCount = h.emulator.events().length;
    await h.stop({ keepData: true });
    const dataDir = h.dataFile.replace(/\/stripe\.json$/, '');
    h = await startHarness({ dataDir });
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(h.emulator.events()).toHaveLength(eventCount);
    const reset = await h.control<{ reset: boolean }>('POST', '/reset');
    expect(reset.reset).toBe(true);
    await expect(h.stripe.subscriptions.retrieve(subscription.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
