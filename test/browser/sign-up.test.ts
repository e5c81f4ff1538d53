import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y';
import { APP_URL, isShown, launchBrowser, newPage, screenshot, signInWithForm, waitForPath } from './support/browser';

interface OutboxMessage { to: string; code?: string; sentAt: number }

/** The local runtime keeps what cognito-local would have emailed at /dev/mail.json (local mode only). */
async function confirmationCodeFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${APP_URL}/dev/mail.json`);
    if (response.ok) {
      const message = ((await response.json()) as OutboxMessage[]).find((m) => m.to.toLowerCase() === email && m.code);
      if (message?.code) return message.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no confirmation code for ${email} in ${APP_URL}/dev/mail.json`);
}

describe('sign-up with email confirmation', { timeout: 90_000 }, () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates an account, confirms the emailed code and lands on /welcome signed in', async () => {
    const email = `new.person.${Date.now()}@example.com`;
    await page.goto(`${APP_URL}/sign-up`);
    const form = page.getByRole('form', { name: 'Create an account with email' });
    await form.getByLabel('Name').fill('Jordan Newcomer');
    // Typed with capitals and spaces: the app must lowercase and trim it.
    await form.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await form.getByLabel('Password', { exact: true }).fill('Welcome#2026');
    await form.getByLabel('Confirm password', { exact: true }).fill('Welcome#2026');
    await form.getByRole('button', { name: 'Create account' }).click();

    const confirm = page.getByRole('form', { name: 'Confirm your email' });
    await confirm.waitFor();
    expect(await isShown(confirm.getByText(email))).toBe(true);
    await screenshot(page, 'sign-up-confirm');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByLabel('Confirmation code').fill(await confirmationCodeFor(email));
    await confirm.getByRole('button', { name: 'Confirm and sign in' }).click();

    // A new user sets their council first; /welcome may pass through /init on a fresh browser.
    await page.getByRole('heading', { level: 1, name: /Jordan Newcomer$/ }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/welcome');
    expect(await isShown(page.getByRole('status').filter({ hasText: 'Welcome! Your account is ready.' }))).toBe(true);
    await screenshot(page, 'sign-up-done');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends someone who confirms their email from the sign-in form to /welcome once signed in', async () => {
    const email = `confirms.later.${Date.now()}@example.com`;
    const { context: other, page: fresh } = await newPage(browser);
    try {
      await fresh.goto(`${APP_URL}/sign-up`);
      const form = fresh.getByRole('form', { name: 'Create an account with email' });
      await form.getByLabel('Name').fill('Casey Later');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill('Welcome#2026');
      await form.getByLabel('Confirm password', { exact: true }).fill('Welcome#2026');
      await form.getByRole('button', { name: 'Create account' }).click();
      await fresh.getByRole('form', { name: 'Confirm your email' }).waitFor();

      // Leaves without confirming, comes back later through the sign-in form.
      await fresh.goto(`${APP_URL}/login`);
      await signInWithForm(fresh, email, 'Welcome#2026');
      const confirm = fresh.getByRole('form', { name: 'Confirm your email' });
      await confirm.waitFor();
      await confirm.getByLabel('Confirmation code').fill(await confirmationCodeFor(email));
      await confirm.getByRole('button', { name: /^Confirm/ }).click();
      await waitForPath(fresh, '/login');
      // On this page, not a fresh /login: the address carries where to go after signing in.
      const login = fresh.getByRole('form', { name: 'Sign in with email and password' });
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password', { exact: true }).fill('Welcome#2026');
      await login.getByLabel('Password', { exact: true }).press('Enter');
      await fresh.getByRole('heading', { level: 1, name: /Casey Later$/ }).waitFor({ timeout: 60_000 });
      expect(new URL(fresh.url()).pathname).toBe('/welcome');
    } finally {
      await other.close();
    }
  });
});
