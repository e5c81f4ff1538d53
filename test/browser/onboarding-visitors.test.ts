// /onboard tells each visitor what is true for them and offers the next step that works: a visitor
// signs in first; a resident of a council that already pays is not welcomed aboard as its account
// manager; a council without a mail domain on record says so before anyone fills the form in.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, isShown, launchBrowser, newPage, RESIDENT, screenshot, signedInContext } from './support/browser';

const FORBES = '12900';
const CARRATHOOL = '11600'; // no mail domain on record in the demo, and no test sets one

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('onboarding, as each visitor meets it', { timeout: 90_000 }, () => {
  it('a signed-out visitor is sent to sign in and brought back', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${APP_URL}/onboard?lga=${FORBES}`);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 60_000 });
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/onboard?lga=${FORBES}`);
    } finally {
      await context.close();
    }
  });

  it('a resident of a council that pays is told so, never "Welcome aboard"', async () => {
    const { context, page } = await signedInContext(browser, RESIDENT);
    try {
      await page.setViewportSize(PHONE_360);
      await page.goto(`${APP_URL}/onboard?lga=${FORBES}`);
      const alert = page.getByRole('alert').filter({ hasText: 'Invalid email address' });
      expect(await isShown(alert, 30_000)).toBe(true);
      expect(await isShown(page.getByText('Forbes already has a subscription'))).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/onboard');
      expect(await page.getByText('Welcome aboard').count()).toBe(0);
      expect(await isShown(page.getByRole('link', { name: 'Go to your dashboard' }))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'onboard-resident-of-customer-360');
    } finally {
      await context.close();
    }
  });

  it('a council without a mail domain says so before the form, with what to do', async () => {
    const { context, page } = await signedInContext(browser, RESIDENT);
    try {
      await page.goto(`${APP_URL}/onboard?lga=${CARRATHOOL}`);
      expect(await isShown(page.getByText('Carrathool has no council mail domain on record yet'), 30_000)).toBe(true);
      expect(await page.getByRole('button', { name: 'Start trial' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'onboard-no-mail-domain');
    } finally {
      await context.close();
    }
  });
});
