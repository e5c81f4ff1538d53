import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * APP_URL wins (e.g. the stack of `npm start`); otherwise the stack that the browser project's
 * global setup started; otherwise the documented local default.
 */
export const APP_URL = (process.env.APP_URL ?? inject('stack')?.url ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
export const DEMO_PASSWORD = 'LocalDemo#2026';
export const RESIDENT = 'resident@example.com';
export const STAFF = 'staff@forbes.example';
export const ADMIN = 'admin@example.com';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

const RESULTS_DIR = path.resolve(import.meta.dirname, '../../../test-results');

export async function launchBrowser(): Promise<Browser> {
  // Fail with a clear reason rather than a navigation timeout when the stack is not running.
  const response = await fetch(`${APP_URL}/config.json`).catch((err: Error) => {
    throw new Error(`The app is not reachable at ${APP_URL} (${err.message}). Start it with \`npm start\` or set APP_URL.`);
  });
  if (!response.ok) throw new Error(`${APP_URL}/config.json answered ${response.status}`);
  // CHROMIUM_EXTRA_ARGS is for diagnosing a failing run by hand; the suite itself never needs it.
  const extra = (process.env.CHROMIUM_EXTRA_ARGS ?? '').split(/\s+/).filter(Boolean);
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_FLAGS, ...extra] });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** The cookie that tells a page of the context its device is offline (see setOffline). */
const OFFLINE_COOKIE = 'rc-test-offline';

/**
 * Cuts or restores the context's network as a device losing its signal would. Playwright's
 * setOffline fails every request, but Chromium 150 no longer turns navigator.onLine false with
 * it, and the app reads navigator.onLine (and its offline and online events) to know it is
 * offline. So each page of the context answers navigator.onLine from a cookie, which survives a
 * reload with the network cut, and hears the event.
 */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline) await context.addCookies([{ name: OFFLINE_COOKIE, value: '1', url: APP_URL }]);
  else await context.clearCookies({ name: OFFLINE_COOKIE });
  await context.setOffline(offline);
  for (const page of context.pages()) {
    await page.evaluate(`window.dispatchEvent(new Event('${offline ? 'offline' : 'online'}'))`).catch(() => undefined);
  }
}

const OFFLINE_FROM_COOKIE = `Object.defineProperty(Navigator.prototype, 'onLine', {
  configurable: true,
  get() { return !document.cookie.split('; ').includes('${OFFLINE_COOKIE}=1'); },
});`;

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP: the tests inject axe-core as an inline script, which the app's own CSP rightly forbids.
  const context = await browser.newContext({ viewport, locale: 'en-AU', timezoneId: 'Australia/Sydney', bypassCSP: true });
  await context.addInitScript(OFFLINE_FROM_COOKIE);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/** Pathname plus search of the page's current URL, e.g. "/login?redirect=%2Fdashboard". */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Signs in through the real form, submitting with Enter as a keyboard user would. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${APP_URL}/login`);
  const form = page.getByRole('form', { name: 'Sign in with email and password' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
}

export interface SignedInOptions {
  viewport?: { width: number; height: number };
  password?: string;
  /** Set-up of the fresh context before signing in (permissions, geolocation). */
  prepare?(context: BrowserContext): Promise<void>;
  /** Where sign-in lands; false: any page but the login form (accounts without a dashboard card). */
  landing?: string | false;
}

/** A `prepare` that lets the app read the device's location, set to `place`. */
export const atPlace = (place: { latitude: number; longitude: number }) => async (context: BrowserContext) => {
  await context.grantPermissions(['geolocation'], { origin: APP_URL });
  await context.setGeolocation(place);
};

/** A fresh context and page, signed in through the real form as `email`, on the page sign-in lands on. */
export async function signedInPage(browser: Browser, email: string, options: SignedInOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, options.viewport);
  try {
    await options.prepare?.(context);
    await signInWithForm(page, email, options.password);
    const landing = options.landing ?? '/dashboard';
    if (landing === false) await page.waitForURL((url) => url.pathname !== '/login');
    else await waitForPath(page, landing);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Waits for the element to appear (the app renders after async auth and data checks). */
export async function isShown(locator: Locator, timeout = 10_000): Promise<boolean> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
    return true;
  } catch {
    return false;
  }
}
