// A newcomer's way in: a new user signs up, sets their council on /welcome and reaches the
// dashboard; signs out and back in with an emailed link; an account manager grants them a role on
// /lga/12900/accounts and they then see that role's card. Demo personas need a stack started with
// DEMO=1, which the shared test stack is not: web/src/features/identity/__tests__/demo-personas.test.ts
// covers that UI instead.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessRequest } from '../../lambdas/adapters/identity/staff';
import { useStackTable } from '../support/api';
import { axeViolations } from './support/a11y';
import { APP_URL, DESKTOP, RESIDENT, STAFF, isShown, launchBrowser, newPage, screenshot, signInWithForm, waitForPath, signedInPage } from './support/browser';

interface OutboxMessage { to: string; subject: string; body: string; code?: string; sentAt: number }

async function outbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${APP_URL}/dev/mail.json`);
  if (!response.ok) throw new Error(`${APP_URL}/dev/mail.json answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/** Polls the local outbox (newest first) for a message to `email` that `pick` accepts. */
async function waitForMail(email: string, pick: (m: OutboxMessage) => boolean): Promise<OutboxMessage> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const found = (await outbox()).find((m) => m.to.toLowerCase() === email && pick(m));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no matching mail for ${email} in ${APP_URL}/dev/mail.json`);
}

/** The sign-in link from the mail, pointed at this stack whatever host the mail names. */
function linkFrom(message: OutboxMessage): string {
  const raw = message.body.match(/https?:\/\/\S+\/signin-link\?\S+/)?.[0];
  if (!raw) throw new Error(`no sign-in link in: ${message.body}`);
  const url = new URL(raw);
  return `${APP_URL}${url.pathname}${url.search}`;
}

const FORBES_TOWN = { latitude: -33.3847, longitude: 148.0072 };
const PARKES_TOWN = { latitude: -33.1371, longitude: 148.1756 };

describe('identity: sign-up, welcome, email link and role assignment', { timeout: 120_000 }, () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `welcome.${Date.now()}@example.com`;
  let firstLink = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: DESKTOP, locale: 'en-AU', timezoneId: 'Australia/Sydney',
      geolocation: PARKES_TOWN, permissions: ['geolocation'],
      // The tests inject axe-core as an inline script, which the app's own CSP rightly forbids.
      bypassCSP: true,
      // No offline here: the service worker's precaching would only compete with the test (newPage).
      serviceWorkers: 'block',
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('signs a new user up and lands them on /welcome', async () => {
    await page.goto(`${APP_URL}/sign-up`);
    const form = page.getByRole('form', { name: 'Create an account with email' });
    await form.getByLabel('Name').fill('Wendy Welcome');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('Welcome#2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Welcome#2026');
    await form.getByRole('button', { name: 'Create account' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm your email' });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const code = (await waitForMail(email, (m) => !!m.code && !m.body.includes('/signin-link'))).code!;
    await confirm.getByLabel('Confirmation code').fill(code);
    await confirm.getByRole('button', { name: 'Confirm and sign in' }).click();
    // /welcome needs the council boundaries: a fresh browser passes through /init first.
    await page.getByRole('heading', { level: 1, name: 'Welcome, Wendy Welcome' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/welcome');
    await screenshot(page, 'identity-01-welcome');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('asks for a council and the terms before going on', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await isShown(page.getByText('Choose your council'))).toBe(true);
    expect(await isShown(page.getByText('Accept the terms of use to continue'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/welcome');
  });

  it('picks Forbes with the keyboard from the type-ahead list and reaches the dashboard', async () => {
    const combo = page.getByRole('combobox', { name: 'Your council (LGA)' });
    await combo.fill('forb');
    const list = page.getByRole('listbox', { name: 'Your council (LGA)' });
    await expect(list.getByRole('option').first().textContent()).resolves.toMatch(/^Forbes/);
    await screenshot(page, 'identity-02-welcome-typeahead');
    expect(await axeViolations(page)).toEqual([]);
    await combo.press('Enter');
    await expect(combo.inputValue()).resolves.toBe('Forbes (NSW)');
    await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/dashboard');
    expect(await isShown(page.getByText(/Your council:\s*Forbes/))).toBe(true);
    await screenshot(page, 'identity-03-dashboard-forbes');
  });

  it('signs out, asks for an email link and shows where to find it', async () => {
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in with an email link' }).click();
    const form = page.getByRole('form', { name: 'Sign in with an email link' });
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
    expect(await isShown(page.getByRole('heading', { name: 'Check your email' }))).toBe(true);
    expect(await page.getByRole('link', { name: '/dev/mail' }).getAttribute('href')).toBe('/dev/mail');
    await screenshot(page, 'identity-04-check-email');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('signs in by opening the emailed link', async () => {
    const mail = await waitForMail(email, (m) => m.body.includes('/signin-link'));
    firstLink = linkFrom(mail);
    expect(new URL(firstLink).searchParams.get('email')).toBe(email);
    await page.goto(firstLink);
    // Nothing happens until the user confirms whose account this is (login CSRF).
    const confirm = page.getByRole('button', { name: `Sign in as ${email}` });
    expect(await isShown(confirm)).toBe(true);
    await screenshot(page, 'identity-05a-confirm-link');
    expect(await axeViolations(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/signin-link');
    await confirm.click();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Wendy Welcome$/);
    await screenshot(page, 'identity-05-signed-in-by-link');
  });

  it('says plainly that a used link no longer works and offers a new one', async () => {
    const other = await newPage(browser);
    try {
      await other.page.goto(firstLink);
      await other.page.getByRole('button', { name: `Sign in as ${email}` }).click();
      expect(await isShown(other.page.getByRole('alert').filter({ hasText: 'This link no longer works' }))).toBe(true);
      const form = other.page.getByRole('form', { name: 'Sign in with an email link' });
      expect(await isShown(form.getByRole('button', { name: 'Email me a sign-in link' }))).toBe(true);
      await expect(form.getByLabel('Email').inputValue()).resolves.toBe(email);
      await screenshot(other.page, 'identity-06-used-link');
      expect(await axeViolations(other.page)).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('moves to Parkes with "Use my location" on /profile and signs the request for Parkes to join', async () => {
    await page.goto(`${APP_URL}/profile`);
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => form.getByRole('combobox', { name: 'Your council (LGA)' }).inputValue()).toBe('Parkes (NSW)');
    expect(await form.getByLabel('Address').inputValue()).not.toBe('');
    await form.getByLabel('Preferred name').fill('Wen');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await isShown(page.getByRole('status').filter({ hasText: 'Your profile is saved.' }))).toBe(true);
    await screenshot(page, 'identity-07-profile-saved');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${APP_URL}/dashboard`);
    const sign = page.getByRole('button', { name: 'Sign the request for Parkes to join' });
    expect(await isShown(sign)).toBe(true);
    const before = await page.getByTestId('signatory-count').textContent();
    await sign.click();
    expect(await isShown(page.getByText('You have signed the request. Thank you!'))).toBe(true);
    await expect(sign.count()).resolves.toBe(0);
    expect(await page.getByTestId('signatory-count').textContent()).not.toBe(before);
    await screenshot(page, 'identity-08-lga-request-signed');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lets the Forbes account manager grant the new user the submission moderator role', async () => {
    const staff = await signedInPage(browser, STAFF);
    try {
      const card = staff.page.locator('.role-card[data-role="account_manager"]');
      expect(await isShown(card.getByText(/\d+ pending/))).toBe(true);
      await screenshot(staff.page, 'identity-09-staff-dashboard');

      await staff.page.goto(`${APP_URL}/lga/12900/accounts`);
      expect(await isShown(staff.page.getByRole('heading', { name: /User Role Assignment/, level: 1 }))).toBe(true);
      const add = staff.page.getByRole('form', { name: 'Add a user' });
      await add.getByLabel('Email').fill(email);
      await add.getByRole('checkbox', { name: 'Submission moderator' }).check();
      await add.getByRole('button', { name: 'Add user' }).click();
      expect(await isShown(staff.page.getByRole('status').filter({ hasText: `${email} is added.` }))).toBe(true);
      const row = staff.page.locator(`tr[data-email="${email}"]`);
      expect(await isShown(row.getByText('Submission moderator'))).toBe(true);
      await screenshot(staff.page, 'identity-10-role-granted');
      expect(await axeViolations(staff.page)).toEqual([]);

      // The last account manager cannot be removed: the API's Conflict message is shown. Only tried
      // while Sam is the only one, so a shared stack never loses its account manager here.
      const accountManagers = await staff.page.locator('tbody tr').filter({ hasText: 'Account manager' }).count();
      if (accountManagers === 1) {
        const self = staff.page.locator(`tr[data-email="${STAFF}"]`);
        await self.getByRole('button', { name: `Remove ${STAFF}` }).click();
        await self.getByRole('button', { name: 'Yes, remove' }).click();
        expect(await isShown(staff.page.getByRole('alert').filter({ hasText: 'You are the last account manager of this LGA.' }))).toBe(true);
        await screenshot(staff.page, 'identity-11-last-account-manager');
      }
    } finally {
      await staff.context.close();
    }
  });

  it('shows the new user the role card after a reload', async () => {
    await page.goto(`${APP_URL}/dashboard`);
    const card = page.locator('.role-card[data-role="submission_moderator"]');
    expect(await isShown(card)).toBe(true);
    await screenshot(page, 'identity-12-moderator-dashboard');
  });

  it('keeps map view options (AWSJSON) across a reload', async () => {
    await page.goto(`${APP_URL}/profile/map-view`);
    const form = page.getByRole('form', { name: 'Map view' });
    await form.getByLabel('Base layer').selectOption('minimal');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await isShown(page.getByRole('status').filter({ hasText: 'Your map view is saved.' }))).toBe(true);
    await page.reload();
    await expect(page.getByRole('form', { name: 'Map view' }).getByLabel('Base layer').inputValue()).resolves.toBe('minimal');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${APP_URL}/profile/notifications`);
    // The notifications feature fills this tab; here only that it sits in the settings tabs.
    expect(await isShown(page.getByRole('heading', { level: 1, name: 'Notification settings' }))).toBe(true);
    expect(await isShown(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Map view' }))).toBe(true);
  });

  it('deletes the account only after DELETE is typed, then signs out to /home', async () => {
    await page.goto(`${APP_URL}/profile`);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm account deletion' });
    const button = confirm.getByRole('button', { name: 'Delete my account' });
    await confirm.getByLabel('Type DELETE to confirm').fill('delete');
    await expect(button.isDisabled()).resolves.toBe(true);
    await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
    await screenshot(page, 'identity-14-delete-confirm');
    expect(await axeViolations(page)).toEqual([]);
    await button.click();
    await waitForPath(page, '/home');
    await signInWithForm(page, email, 'Welcome#2026');
    expect(await isShown(page.getByRole('alert').filter({ hasText: /^Failed to sign in: / }))).toBe(true);
  });
});

describe('request access to an LGA', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("tells a resident without the council's managed claim that they may not ask", async () => {
    const { context, page } = await signedInPage(browser, RESIDENT);
    try {
      // The dashboard does not offer the form to someone it would refuse: it says what is needed.
      expect(await isShown(page.getByText('Work for a council? Sign in with your council email address to request access.'))).toBe(true);
      expect(await page.getByRole('link', { name: /Request access/i }).count()).toBe(0);
      // Reached by its address all the same, the form refuses with the spec's message.
      await page.goto(`${APP_URL}/request-access`);
      await waitForPath(page, '/request-access');
      const form = page.getByRole('form', { name: 'Request access' });
      await form.getByRole('combobox', { name: 'Council (LGA)' }).fill('Forbes');
      await form.getByRole('combobox', { name: 'Council (LGA)' }).press('Enter');
      await form.getByRole('checkbox', { name: 'Closure administrator' }).check();
      await form.getByRole('button', { name: 'Send request' }).click();
      expect(await isShown(form.getByRole('alert').filter({ hasText: "You don't have permissions to request access to an LGA." }))).toBe(true);
      await screenshot(page, 'identity-13-request-access-refused');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('answering access requests', { timeout: 90_000 }, () => {
  let browser: Browser;
  const stamp = Date.now();
  // Requests written straight to the table: locally no council has an email suffix, so nobody but
  // an admin holds the managed claim that requestLgaAccess asks for.
  const adjust = { uid: `req-a-${stamp}`, email: `adjust.${stamp}@example.com`, displayName: 'Alex Adjust' };
  const reject = { uid: `req-r-${stamp}`, email: `reject.${stamp}@example.com`, displayName: 'Riley Reject' };
  beforeAll(async () => {
    useStackTable();
    const now = Math.floor(Date.now() / 1000);
    for (const [i, who] of [adjust, reject].entries()) {
      const created = await createAccessRequest({
        lgaCode: '12900', lgaName: 'Forbes', requestedAt: now - i, roles: ['closure_administrator', 'submission_moderator'], ...who,
      });
      expect(created).toBe(true);
    }
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows them on the dashboard card, then accepts one with adjusted roles and rejects the other', async () => {
    const { context, page } = await signedInPage(browser, STAFF);
    try {
      const card = page.locator('.role-card[data-role="account_manager"]');
      expect(await isShown(card.getByText('Alex Adjust'))).toBe(true);
      expect(await isShown(card.getByText('Riley Reject'))).toBe(true);
      await screenshot(page, 'identity-15-dashboard-requests');

      await card.getByRole('link', { name: /User Role Assignment/ }).click();
      await waitForPath(page, '/lga/12900/accounts');
      const item = page.locator('li.request-item').filter({ hasText: 'Alex Adjust' });
      await item.getByRole('button', { name: 'Accept with adjusted roles for Alex Adjust' }).click();
      await item.getByRole('checkbox', { name: 'Closure administrator' }).uncheck();
      await screenshot(page, 'identity-16-adjust-roles');
      expect(await axeViolations(page)).toEqual([]);
      await item.getByRole('button', { name: 'Accept with these roles' }).click();
      expect(await isShown(page.getByRole('status').filter({ hasText: `${adjust.email} now has access.` }))).toBe(true);
      const row = page.locator(`tr[data-email="${adjust.email}"]`);
      expect(await isShown(row.getByText('Submission moderator'))).toBe(true);
      await expect(row.getByText('Closure administrator').count()).resolves.toBe(0);

      await page.getByRole('button', { name: 'Reject Riley Reject' }).click();
      expect(await isShown(page.getByRole('status').filter({ hasText: `The request of ${reject.email} is rejected.` }))).toBe(true);
      await expect.poll(() => page.locator('li.request-item').filter({ hasText: 'Riley Reject' }).count()).toBe(0);
      await expect(page.locator(`tr[data-email="${reject.email}"]`).count()).resolves.toBe(0);
      await screenshot(page, 'identity-17-requests-answered');

      // Leave the shared stack as it was for other tests.
      await row.getByRole('button', { name: `Remove ${adjust.email}` }).click();
      await row.getByRole('button', { name: 'Yes, remove' }).click();
      await expect.poll(() => page.locator(`tr[data-email="${adjust.email}"]`).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
