import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredLgaBundle } from './support/lga-bundle';
import { axeViolations, fitsWidth } from './support/a11y';
import { APP_URL, isShown, PHONE, launchBrowser, newPage, pathOf, screenshot, waitForPath } from './support/browser';

const PERMISSION_MESSAGE = 'You do not have permission to view this resource';

describe('web shell for visitors', { timeout: 60_000 }, () => {
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

  it('sends a visitor at / to /home, which says what the app is', async () => {
    await page.goto(`${APP_URL}/`);
    await waitForPath(page, '/home');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/roads are closed/i);
    expect(await page.getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map');
    await screenshot(page, 'home');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sends an anonymous visitor from /dashboard to /login with the redirect query', async () => {
    await page.goto(`${APP_URL}/dashboard`);
    await waitForPath(page, '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdashboard');
  });

  it('shows social sign-in disabled with its reason, and a labelled password form outside production', async () => {
    await page.goto(`${APP_URL}/login`);
    for (const name of ['Continue with Google', 'Continue with Microsoft', 'Continue with Facebook']) {
      await expect(page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
    }
    // Email links run on the pool's own triggers, so they work on every deployment.
    await expect(page.getByRole('button', { name: 'Sign in with an email link' }).isDisabled()).resolves.toBe(false);
    expect(await isShown(page.getByText('Not configured for this deployment'))).toBe(true);
    expect(await isShown(page.getByRole('form', { name: 'Sign in with email and password' }))).toBe(true);
    await screenshot(page, 'login');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('refuses an incomplete sign-up with inline messages before calling the server', async () => {
    await page.goto(`${APP_URL}/sign-up`);
    const form = page.getByRole('form', { name: 'Create an account with email' });
    await form.getByRole('button', { name: 'Create account' }).click();
    expect(await isShown(form.getByText('Enter your name'))).toBe(true);
    expect(await isShown(form.getByText('Enter your email address'))).toBe(true);
    await form.getByLabel('Name').fill('Test Person');
    await form.getByLabel('Email').fill('  Test@Example.com ');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm password', { exact: true }).fill('different');
    await form.getByRole('button', { name: 'Create account' }).click();
    expect(await isShown(form.getByText('Use at least 8 characters'))).toBe(true);
    expect(await isShown(form.getByText('The passwords do not match'))).toBe(true);
    await screenshot(page, 'sign-up-errors');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lists closures on a first visit to /map at once and installs the council boundaries beside them', async () => {
    const fresh = await newPage(browser);
    try {
      await fresh.page.goto(`${APP_URL}/map`);
      await expect(fresh.page.getByRole('heading', { level: 1, name: 'Map' }).textContent()).resolves.toBe('Map');
      // No detour through /init: the list fills while the boundaries download.
      await fresh.page.getByRole('region', { name: 'Closures in this area' }).getByRole('listitem').first().waitFor();
      expect(pathOf(fresh.page)).toBe('/map');
      await expect.poll(async () => (await readStoredLgaBundle(fresh.page)).features ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
      expect((await readStoredLgaBundle(fresh.page)).timestamp).toBeGreaterThan(0);
      // Ready: the outlines arrive and the bar names the council under the map's centre.
      await fresh.page.getByText(/^Map centre: /).waitFor({ timeout: 30_000 });
      await fresh.page.goto(`${APP_URL}/map`);
      await expect(fresh.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Map');
      expect(pathOf(fresh.page)).toBe('/map');
      expect(await fresh.page.getByTestId('lga-data-background').count()).toBe(0);
      expect(await axeViolations(fresh.page)).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });

  it('installs the council boundaries on /init for the pages that need them before they open', async () => {
    const fresh = await newPage(browser);
    try {
      await fresh.page.goto(`${APP_URL}/init?redirect=%2Fmap`);
      await expect(fresh.page.getByRole('heading', { level: 1, name: 'Preparing council data' }).textContent()).resolves.toBe('Preparing council data');
      await waitForPath(fresh.page, '/map');
      const stored = await readStoredLgaBundle(fresh.page);
      expect(stored.features).toBeGreaterThan(0);
      expect(stored.timestamp).toBeGreaterThan(0);
    } finally {
      await fresh.context.close();
    }
  });

  it('installs the boundaries on a device whose database exists without their store (made by another opener)', async () => {
    const fresh = await newPage(browser);
    try {
      // An empty 'road-closures' database at version 1, as a test helper or an older build left it.
      await fresh.page.goto(`${APP_URL}/text`);
      await fresh.page.evaluate(`new Promise((resolve, reject) => {
        const open = indexedDB.open('road-closures', 1);
        open.onsuccess = () => { open.result.close(); resolve(); };
        open.onerror = () => reject(open.error);
      })`);
      await fresh.page.goto(`${APP_URL}/init?redirect=%2Fmap`);
      await waitForPath(fresh.page, '/map');
      expect((await readStoredLgaBundle(fresh.page)).features).toBeGreaterThan(0);
    } finally {
      await fresh.context.close();
    }
  });

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${APP_URL}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(pathOf(page)).toBe('/no/such/page');
    await screenshot(page, 'not-found');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the permission message on /404 when one is passed', async () => {
    await page.goto(`${APP_URL}/404?${new URLSearchParams({ message: PERMISSION_MESSAGE })}`);
    expect(await isShown(page.getByRole('alert').filter({ hasText: PERMISSION_MESSAGE }))).toBe(true);
    await screenshot(page, 'not-found-permission');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('redirects /legal to the terms, with the data attributions', async () => {
    await page.goto(`${APP_URL}/legal`);
    await waitForPath(page, '/legal/terms');
    expect(await isShown(page.getByText('Roads and map data: © OpenStreetMap contributors, © OpenMapTiles'))).toBe(true);
    expect(await isShown(page.getByText(/licensed under CC BY 4\.0/).first())).toBe(true);
    expect(await isShown(page.getByText('Town centres: GeoNames (geonames.org), CC BY 4.0.'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('scrolls back to the top when the route changes', async () => {
    await page.goto(`${APP_URL}/legal/privacy`);
    // The footer is drawn before the page's own chunk: wait for the page so there is something to scroll.
    await page.getByRole('navigation', { name: 'Legal documents' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).scrollIntoViewIfNeeded();
    expect(Number(await page.evaluate('window.scrollY'))).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await waitForPath(page, '/legal/terms');
    // The reset runs in an effect after the new route renders, a moment after the URL changes.
    await expect.poll(async () => Number(await page.evaluate('window.scrollY')), { timeout: 5_000 }).toBe(0);
  });

  it('opens the notifications menu from the keyboard and closes it with Escape', async () => {
    await page.goto(`${APP_URL}/home`);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.focus();
    await bell.press('ArrowDown');
    await expect(bell.getAttribute('aria-expanded')).resolves.toBe('true');
    // The first item takes focus, so arrow keys work straight away.
    expect(await isShown(page.locator('[role="menuitem"]:focus'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(bell.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(bell.evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
  });

  it('collapses the navigation into a menu button on a phone-sized screen', async () => {
    const phone = await newPage(browser, PHONE);
    try {
      await phone.page.goto(`${APP_URL}/home`);
      const menu = phone.page.getByRole('button', { name: 'Menu' });
      expect(await isShown(menu)).toBe(true);
      await expect(phone.page.getByRole('link', { name: 'Legal & Privacy' }).count()).resolves.toBe(0);
      await menu.click();
      expect(await isShown(phone.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }))).toBe(true);
      await screenshot(phone.page, 'home-phone-menu');
      expect(await fitsWidth(phone.page)).toBe(true);
      expect(await axeViolations(phone.page)).toEqual([]);
      await phone.page.keyboard.press('Escape');
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await phone.context.close();
    }
  });
});
