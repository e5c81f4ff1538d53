// Push notifications in the browser, up to the permission prompt (headless Chromium has no push
// service): nothing is asked on load, the dashboard card asks on click, and a denied permission
// is explained and keeps the card's button and the profile menu item disabled with the reason.
// The browser's answer is faked at the Notification API; the subscribe path is unit-tested
// (web/src/features/push/__tests__).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y';
import { DESKTOP, isShown, launchBrowser, newPage, RESIDENT, screenshot, signInWithForm, waitForPath } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let switchLoaded = false;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, DESKTOP, { serviceWorker: true }));
  page.on('requestfinished', (request) => {
    if (/\/assets\/push-subscription-[^/]+\.js$/.test(new URL(request.url()).pathname)) switchLoaded = true;
  });
  // A string, because this file is type-checked without the DOM library.
  await context.addInitScript(`
    window.__push = { permission: 'default', asked: 0 };
    Object.defineProperty(window, 'Notification', {
      configurable: true,
      value: Object.assign(function Notification() {}, {
        get permission() { return window.__push.permission; },
        requestPermission: async () => {
          window.__push.asked++;
          window.__push.permission = 'denied';
          return 'denied';
        },
      }),
    });
  `);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('push notifications', { timeout: 90_000 }, () => {
  it('asks only on click, then explains a denied permission and disables the controls', async () => {
    await signInWithForm(page, RESIDENT);
    await waitForPath(page, '/dashboard');
    const card = page.getByTestId('push-card');
    expect(await isShown(card)).toBe(true);
    const button = card.getByRole('button', { name: 'Enable Push Notifications' });
    expect(await button.isEnabled()).toBe(true);
    expect(Number(await page.evaluate('window.__push.asked'))).toBe(0);
    // Turning push on is not in the first load but is fetched once the page is idle, so the click
    // below asks at once (Safari and Firefox allow the prompt only just after a click).
    await expect.poll(() => switchLoaded, { timeout: 15_000 }).toBe(true);

    await button.click();
    await expect.poll(() => card.getByTestId('push-denied-help').textContent()).toMatch(/site settings/);
    expect(Number(await page.evaluate('window.__push.asked'))).toBe(1);
    expect(await button.isDisabled()).toBe(true);
    expect(await card.getByTestId('push-reason').textContent()).toBe('Notifications are not available in your browser');

    await page.getByRole('button', { name: /Account menu/ }).click();
    const item = page.getByRole('menuitem', { name: /Enable Push Notifications/ });
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    expect(await item.textContent()).toContain('Notifications are not available in your browser');
    await screenshot(page, 'push-denied');
    expect(await axeViolations(page)).toEqual([]);
  });
});
