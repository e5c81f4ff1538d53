// The administrators' flag for a council that paid for a second subscription: the customer page
// says which subscription was the second one, that it was cancelled and what was refunded, on a
// 360 px phone without sideways scrolling, reachable by keyboard, with no axe-core violation.
// Global state: Moree Plains (used by no other test) gets a customer record and two subscription
// records of its own for the test; both are removed after.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lambdas/adapters/db/db';
import { useStackTable } from '../support/api';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { ADMIN, APP_URL, isShown, launchBrowser, screenshot, signedInContext } from './support/browser';

const LGA = '15300'; // Moree Plains
const KEPT = 'sub_keptBrowserFlag0001';
const SECOND = 'sub_secondBrowserFlag0002';
const now = Math.floor(Date.now() / 1000);

describe('the second-subscription flag on the admin customer page', { timeout: 120_000 }, () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    useStackTable();
    await db().entities.customer.put({ lgaCode: LGA, subscriptionStatus: 'trialing', stripeCustomerId: 'cus_browserFlagTest', stripeSubscriptionId: KEPT, trialEnd: now + 29 * 86_400 }).go();
    await db().entities.councilSubscription.put({ lgaCode: LGA, id: KEPT, status: 'trialing', created: now - 7200, lastEventCreated: now - 7200 }).go();
    await db()
      .entities.councilSubscription.put({
        lgaCode: LGA,
        id: SECOND,
        status: 'canceled',
        created: now - 3600,
        lastEventCreated: now - 3500,
        duplicateOf: KEPT,
        flaggedAt: now - 3590,
        resolution: 'cancelled_refunded',
        refundedAmount: 264_000,
        resolvedAt: now - 3580,
      })
      .go();
    browser = await launchBrowser();
    admin = await signedInContext(browser, ADMIN, { viewport: PHONE_360 });
  });

  afterAll(async () => {
    await browser?.close();
    for (const id of [KEPT, SECOND]) await db().entities.councilSubscription.delete({ lgaCode: LGA, id }).go();
    await db().entities.customer.delete({ lgaCode: LGA }).go();
  });

  it('names the second subscription, the one kept and the refund', async () => {
    const { page } = admin;
    await page.goto(`${APP_URL}/customer/${LGA}`);
    const flag = page.getByRole('region', { name: 'Second subscription' });
    expect(await isShown(flag)).toBe(true);
    await expect(flag.textContent()).resolves.toContain(SECOND);
    await expect(flag.textContent()).resolves.toContain(KEPT);
    expect(await isShown(flag.getByText('It was cancelled at once and its payment of $2,640.00 was refunded in full.'))).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'billing-duplicate-subscription-phone');
  });

  it('is passed on the keyboard path from the back link to the customer settings', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: '← Customers' }).focus();
    await page.keyboard.press('Tab');
    // The flag is text, not a stop: the next stop is the first settings field below it.
    expect(await page.locator('section[aria-labelledby="settings-title"] :focus').count()).toBe(1);
  });
});
