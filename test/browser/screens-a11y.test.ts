// The signed-in screens no other journey opens: each one is checked with axe-core (WCAG 2.2 A/AA,
// 0 violations) on a desktop, and for no horizontal scrolling on a 360 px phone. Read-only: the
// test only visits pages, so the shared stack stays as it was.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { ADMIN, APP_URL, DESKTOP, RESIDENT, STAFF, launchBrowser, signedInContext } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens each screen, waits for what shows it is settled, then checks it at both widths. */
async function checkScreens(email: string, screens: Array<{ path: string; settled: (page: Page) => Promise<unknown> }>) {
  const { context, page } = await signedInContext(browser, email);
  try {
    for (const screen of screens) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${APP_URL}${screen.path}`);
      await screen.settled(page);
      expect(await axeViolations(page), screen.path).toEqual([]);
      await page.setViewportSize(PHONE_360);
      // The map resizes its canvas a moment after the window changes: wait for the layout to settle.
      await expect.poll(() => fitsWidth(page), { message: screen.path, timeout: 5_000 }).toBe(true);
    }
  } finally {
    await context.close();
  }
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();

describe('screens without a journey of their own', { timeout: 90_000 }, () => {
  it('resident: closure subscriptions', async () => {
    await checkScreens(RESIDENT, [{ path: '/subscriptions/closures', settled: heading('My subscriptions') }]);
  });

  it('council staff: incident reports and the announcements of Communications', async () => {
    await checkScreens(STAFF, [
      { path: '/reports?lga=12900', settled: heading('Incident reports') },
      { path: '/comms/announcements?lga=12900', settled: heading('Announcements') },
    ]);
  });

  it('platform admin: the administrator map and seed data', async () => {
    await checkScreens(ADMIN, [
      { path: '/admin/map', settled: (page) => page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 }) },
      { path: '/genseed', settled: heading('Generate seed data') },
    ]);
  });
});
