// Production's login page and administrators: no password form for everyone (spec §2), but an
// administrator, who must sign in with password and authenticator app (Google, Microsoft and
// Facebook sign-ins are refused them), opens it with "Administrator? Sign in with password and
// authenticator app" and signs in with it. The app is told it is production by an edited
// /config.json; the local pool does the sign-in. 360 px, axe-clean.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { ADMIN, APP_URL, DEMO_PASSWORD, launchBrowser, screenshot } from './support/browser';

describe('administrator sign-in on production', { timeout: 120_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('offers the password form to administrators on request, and it signs them in', async () => {
    // Service workers blocked so that every /config.json request passes the route below.
    const context = await browser.newContext({ viewport: PHONE_360, locale: 'en-AU', timezoneId: 'Australia/Sydney', bypassCSP: true, serviceWorkers: 'block' });
    await context.route('**/config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { app: Record<string, unknown> };
      await route.fulfill({ response, json: { ...config, app: { ...config.app, stage: 'prod', demo: false } } });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(`${APP_URL}/login`);
      const open = page.getByRole('button', { name: 'Administrator? Sign in with password and authenticator app' });
      await open.waitFor();
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'admin-sign-in-01-prod-login-360');

      await open.click();
      const form = page.getByRole('form', { name: 'Sign in with email and password' });
      await form.waitFor();
      expect(await open.count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'admin-sign-in-02-password-form-360');

      await form.getByLabel('Email').fill(ADMIN);
      await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
    } finally {
      await context.close();
    }
  });
});
