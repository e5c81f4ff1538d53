// A council becomes a paying customer in the browser: the admin sets its email suffix and offers
// it an onboarding discount, a new user at that domain signs up, sees the discounted price and a
// quote for finance, onboards with a 30-day trial (the checkout carries the discount), pays on the
// local checkout page and the staff map opens; the account manager sees the invoice, cancels (staff map closes) and
// resubscribes (it opens again). New screens are checked with axe-core.
// Global state: the council (Greater Hume, used by no other test) ends as it started: its email
// suffix and classification are put back, its discount withdrawn and its subscription is cancelled (it stays an
// ex-customer with the test's officer as account manager). Forbes and the demo users are untouched.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn } from '../support/api';
import { axeViolations } from './support/a11y';
import { ADMIN, APP_URL, isShown, launchBrowser, newPage, PHONE, screenshot, signedInContext } from './support/browser';

const LGA = '13340'; // Greater Hume: after Forbes in every alphabetical council list
const NAME = 'Greater Hume';
const DOMAIN = `greaterhume${Date.now() % 100000}.nsw.gov.example`;

type CustomerState = { subscriptionStatus: string; emailSuffix: string | null; classification: string | null };

async function adminApi<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const { idToken } = await signIn(ADMIN);
  const res = await gql<T>(query, variables, { token: idToken });
  if (res.errors?.length) throw new Error(res.errors.map((e) => e.message).join('; '));
  return res.data!;
}

const readCustomer = async () =>
  (await adminApi<{ customer: CustomerState | null }>('query ($code: ID!) { customer(code: $code) { subscriptionStatus emailSuffix classification } }', { code: LGA })).customer;

/** Cancels what the test subscribed and puts the admin's settings back. */
async function restoreCouncil(before: CustomerState | null) {
  const now = await readCustomer();
  if (now && ['active', 'trialing', 'past_due'].includes(now.subscriptionStatus) && !['active', 'trialing', 'past_due'].includes(before?.subscriptionStatus ?? 'none')) {
    await adminApi('mutation ($code: String!) { cancelSubscription(lgaCode: $code) { subscriptionStatus } }', { code: LGA });
    for (let i = 0; i < 60 && ['active', 'trialing', 'past_due'].includes((await readCustomer())?.subscriptionStatus ?? ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await adminApi('mutation ($code: String!) { removeOnboardingDiscount(lgaCode: $code) { lgaCode } }', { code: LGA });
  await adminApi('mutation ($code: ID!, $input: CustomerSettingsInput!) { updateCustomer(code: $code, input: $input) { lgaCode } }', {
    code: LGA,
    input: { emailSuffix: before?.emailSuffix ?? '', ...(before?.classification ? { classification: before.classification } : {}) },
  });
}
async function confirmationCodeFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mail = (await (await fetch(`${APP_URL}/dev/mail.json`)).json()) as { to: string; code?: string }[];
    const message = mail.find((m) => m.to.toLowerCase() === email && m.code);
    if (message?.code) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation code for ${email}`);
}

/** Fills the emulator's hosted checkout page with the test card and pays. */
async function payOnCheckoutPage(page: Page) {
  await page.getByLabel('Name on card').waitFor();
  await page.getByLabel('Name on card').fill('Pat Officer');
  await page.getByLabel('Address line 1').fill('39 Young Street');
  await page.getByLabel('Suburb or city').fill('Holbrook');
  await page.getByLabel('State or territory').selectOption('NSW');
  await page.getByLabel('Postcode').fill('2644');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Start trial|Subscribe/ }).click();
}

describe('a council subscribes, cancels and resubscribes', { timeout: 180_000 }, () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let officer: { context: BrowserContext; page: Page };
  const email = `clerk.${Date.now()}@${DOMAIN}`;
  let before: CustomerState | null = null;

  beforeAll(async () => {
    before = await readCustomer();
    browser = await launchBrowser();
    admin = await signedInContext(browser, ADMIN);
    officer = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await restoreCouncil(before);
  });

  it('the admin sets the council email suffix on its customer page', async () => {
    const { page } = admin;
    await page.goto(`${APP_URL}/customer/${LGA}`);
    const form = page.getByRole('form', { name: 'Customer settings' });
    await form.getByLabel('Email suffix').fill(DOMAIN);
    await form.getByLabel('Classification').selectOption('rural');
    await form.getByRole('button', { name: 'Save settings' }).click();
    expect(await isShown(page.getByText(`Settings of ${NAME} are saved.`))).toBe(true);
    const discount = page.getByRole('form', { name: 'Onboarding discount' });
    await discount.getByLabel('Percentage (1 to 100)').fill('25');
    await discount.getByLabel('Applies to').selectOption('ONCE');
    await discount.getByLabel('Name (optional)').fill('Riverina pilot');
    await discount.getByRole('button', { name: 'Offer discount' }).click();
    expect(await isShown(page.getByText(`${NAME} is offered the discount.`))).toBe(true);
    expect(await isShown(page.getByText('Offered: the next checkout of this council carries it.', { exact: false }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'billing-customer-detail');
    await page.goto(`${APP_URL}/admin/customers`);
    expect(await isShown(page.locator(`tr[data-lga="${LGA}"]`).getByText(DOMAIN))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a new user at that domain signs up, onboards with a trial, pays and the staff map opens', async () => {
    const { page } = officer;
    await page.goto(`${APP_URL}/sign-up`);
    const form = page.getByRole('form', { name: 'Create an account with email' });
    await form.getByLabel('Name').fill('Pat Officer');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Welcome#2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Welcome#2026');
    await form.getByRole('button', { name: 'Create account' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm your email' });
    await confirm.getByLabel('Confirmation code').fill(await confirmationCodeFor(email));
    await confirm.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-up', { timeout: 60_000 });

    await page.goto(`${APP_URL}/onboard?lga=${LGA}`);
    await page.getByRole('heading', { name: `Subscribe ${NAME}` }).waitFor();
    // Rural $2,400 with 25% off the first year: $1,800 + $180 GST; $2,640 a year after that.
    expect(await isShown(page.getByText('25% off the first year', { exact: true }))).toBe(true);
    expect(await isShown(page.getByText('$1,980.00'))).toBe(true);
    expect(await isShown(page.getByText('$2,640.00 per year'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('PO number (optional)').fill('PO-2026-17');
    await screenshot(page, 'billing-onboard');

    // A quote for finance shows the same discounted figures, is printable, and passes axe.
    await page.getByRole('button', { name: 'Get a quote for finance' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/quote/'));
    await page.getByRole('heading', { name: 'Quote', exact: true }).waitFor();
    expect(await isShown(page.getByText('−$600.00'))).toBe(true);
    expect(await isShown(page.getByText('PO-2026-17'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'billing-quote');

    await page.goto(`${APP_URL}/onboard?lga=${LGA}`);
    await page.getByRole('heading', { name: `Subscribe ${NAME}` }).waitFor();
    await page.getByRole('button', { name: 'Start trial' }).click();
    // The checkout carries the discount (no promotion-code box beside it).
    expect(await isShown(page.getByRole('row', { name: /Discount — Riverina pilot/ }), 30_000)).toBe(true);
    expect(await page.getByLabel('Promotion code').count()).toBe(0);
    await payOnCheckoutPage(page);
    await page.waitForURL((url) => url.pathname === '/onboard/success', { timeout: 60_000 });
    expect(await isShown(page.getByRole('heading', { name: `Welcome aboard, ${NAME}` }))).toBe(true);
    // It started with the trial: the page says so, not that the subscription is active.
    expect(await isShown(page.getByText("Your council's free trial has started. You are its account manager."))).toBe(true);
    await screenshot(page, 'billing-onboard-success');
    expect(await axeViolations(page)).toEqual([]);
    // The webhook made the council a customer and this user its account manager: the staff map opens.
    await page.getByRole('link', { name: 'Open the staff map' }).click({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === '/staff-map', { timeout: 60_000 });
    await screenshot(page, 'billing-staff-map-open');
  });

  it('the account manager sees the invoice, cancels (staff map closes) and resubscribes', async () => {
    const { page } = officer;
    await page.goto(`${APP_URL}/lga/${LGA}/billing`);
    await page.getByRole('table', { name: 'Invoices' }).waitFor({ timeout: 30_000 });
    expect(await isShown(page.getByRole('link', { name: /View invoice/ }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'billing-lga-billing');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    expect(await isShown(page.getByRole('button', { name: 'Resubscribe' }), 30_000)).toBe(true);
    await page.goto(`${APP_URL}/staff-map`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${APP_URL}/lga/${LGA}/billing`);
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await payOnCheckoutPage(page);
    await page.waitForURL((url) => url.pathname === '/onboard/success', { timeout: 60_000 });
    await page.goto(`${APP_URL}/staff-map`);
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toMatch(/^\/(staff-map|init)$/);
  });

  it('the billing page fits a phone', async () => {
    const phone = await browser.newContext({ viewport: PHONE, bypassCSP: true, serviceWorkers: 'block', storageState: await officer.context.storageState() });
    const page = await phone.newPage();
    await page.goto(`${APP_URL}/lga/${LGA}/billing`);
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, 'billing-lga-billing-phone');
    expect(await axeViolations(page)).toEqual([]);
    await phone.close();
  });
});
