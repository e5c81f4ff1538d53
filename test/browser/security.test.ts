// Profile, Security: a council staff member sets up an authenticator app on a 360 px phone (QR
// code and the key as text; axe-clean), proves it with a code computed from the key (RFC 6238),
// is then asked for a code at password sign-in, and turns the app off again. A fresh account,
// so the shared demo accounts keep signing in with a password alone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStackTable } from '../support/api';
import { totp } from '../support/totp';
import { createUser } from '../integration/identity/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, launchBrowser, screenshot, signInWithForm, signedInContext } from './support/browser';

describe('security settings', { timeout: 180_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    useStackTable();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets up the authenticator app, asks for its code at sign-in, and turns it off', async () => {
    const user = await createUser({ manages: [{ lgaCode: '12900', roles: ['closure_administrator'] }] });
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360 });
    try {
      await page.goto(`${APP_URL}/profile/security`);
      await page.getByRole('heading', { name: 'Authenticator app' }).waitFor();
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      const secret = (await page.locator('.totp-setup__key').first().textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      expect(await page.getByRole('link', { name: /Open the setup link/ }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'security-01-setup-360');

      await page.getByLabel('Code from the app').fill('12345');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
      await page.getByLabel('Code from the app').fill(totp(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('button', { name: 'Turn off the authenticator app' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'security-02-on-360');

      // Signing in again asks for the app's code after the password.
      await context.clearCookies();
      await page.evaluate(() => {
        (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear();
      });
      await signInWithForm(page, user.email);
      const step = page.getByRole('form', { name: 'Enter the code from your authenticator app' });
      await step.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await step.getByLabel('Authenticator code').fill(totp(secret));
      await step.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');

      await page.goto(`${APP_URL}/profile/security`);
      await page.getByRole('button', { name: 'Turn off the authenticator app' }).click();
      await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
