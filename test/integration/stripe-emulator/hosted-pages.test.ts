// The Stripe emulator's hosted pages in headless Chromium on a 360 px phone: checkout (declined
// card, then paying with the keyboard), the invoice page and the customer portal, each with 0
// axe-core violations (WCAG 2.2 A/AA tags) and no horizontal scrolling. Needs no app stack.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, GOOD_CARD, catalogue, startHarness, type Harness } from './harness';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.STRIPE_SCREENSHOTS; // e.g. /tmp/stripe — where to save screenshots, if anywhere

let h: Harness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-AU' });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

async function checkPage(name: string): Promise<void> {
  await page.addScriptTag({ content: AXE });
  // Page-side code is given as text: this project's type check has no DOM types.
  const violations = await page.evaluate<string[]>(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
    .then((result) => result.violations.map((violation) => violation.id + ' (' + violation.nodes.length + ')'))`);
  expect(violations, name).toEqual([]);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  // Nothing sticks out of its card either (a wide table would be clipped rather than scroll).
  const outside = await page.evaluate<string[]>(`[...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > (el.closest('section') ?? document.body).getBoundingClientRect().right + 0.5)
    .map((el) => el.tagName)`);
  expect(outside, `${name} has content wider than its card`).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}-${name}.png`, fullPage: true });
}

describe('hosted pages on a phone', () => {
  it('checkout: declined card message, then paying with the keyboard', async () => {
    const { price, gst } = await catalogue(h.stripe);
    await h.stripe.coupons.create({ id: 'launch', percent_off: 10, duration: 'once' });
    await h.stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'launch' }, code: 'LAUNCH10' });
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'finance@council.example.gov.au',
      success_url: `${h.emulator.url}/_emulator?paid={CHECKOUT_SESSION_ID}`,
      cancel_url: `${h.emulator.url}/_emulator?cancelled=1`,
      line_items: [{ price: price.id, quantity: 1, tax_rates: [gst.id] }],
      allow_promotion_codes: true,
      billing_address_collection: 'required',
      subscription_data: { trial_period_days: 30 },
    });
    await page.goto(session.url!);
    await checkPage('checkout');
    await page.getByRole('textbox', { name: 'Promotion code' }).fill('LAUNCH10');
    await page.getByRole('button', { name: 'Apply code' }).press('Enter');
    await expect.poll(() => page.getByText('Discount (LAUNCH10)').count()).toBe(1);

    await page.getByLabel('Name on card').fill('Pat Example');
    await page.getByLabel('Address line 1').fill('1 Civic Place');
    await page.getByLabel('Suburb or city').fill('Parramatta');
    await page.getByLabel('State or territory').selectOption('NSW');
    await page.getByLabel('Postcode').fill('2150');
    await page.getByLabel('Card number').fill(DECLINED_CARD);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('CVC').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Your card was declined.');
    expect(new URL(page.url()).pathname).toBe(`/checkout/${session.id}`);
    await checkPage('checkout-declined');

    await page.getByLabel('Card number').fill(GOOD_CARD);
    await page.getByLabel('CVC').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('paid') === session.id);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });

  it('invoice page and customer portal', async () => {
    const [session] = (await h.stripe.checkout.sessions.list({ status: 'complete' })).data;
    const subscription = await h.stripe.subscriptions.retrieve(session.subscription as string);
    await h.control('POST', `/subscriptions/${subscription.id}/advance`);
    const [invoice] = (await h.stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data as Stripe.Invoice[];
    await page.goto(invoice.hosted_invoice_url!);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Invoice ${invoice.number}`);
    await checkPage('invoice');

    const portal = await h.stripe.billingPortal.sessions.create({ customer: subscription.customer as string, return_url: `${h.emulator.url}/_emulator` });
    await page.goto(portal.url);
    await checkPage('portal');
    await page.getByRole('button', { name: 'Cancel subscription' }).press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('will end at the end of the current period');
    expect((await h.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    await checkPage('portal-cancelled');
  });
});
