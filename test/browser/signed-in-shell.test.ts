import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y';
import { ADMIN, APP_URL, isShown, RESIDENT, STAFF, launchBrowser, newPage, pathOf, screenshot, signInWithForm, waitForPath, signedInPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

describe('resident', { timeout: 60_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
  });
  afterAll(async () => context?.close());

  it('sees why a wrong password fails', async () => {
    await signInWithForm(page, RESIDENT, 'not-the-password');
    expect(await isShown(page.getByRole('alert').filter({ hasText: /^Failed to sign in: / }))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs in through the form and reaches the dashboard showing their name', async () => {
    await signInWithForm(page, RESIDENT);
    await waitForPath(page, '/dashboard');
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/^Good (morning|afternoon|evening), Riley Resident$/);
    await expect(page.locator('.role-card').count()).resolves.toBe(0);
    await expect(mainNav(page).getByRole('link', { name: 'System Administration' }).count()).resolves.toBe(0);
    await screenshot(page, 'dashboard-resident');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is sent to the dashboard from a staff page: active customer is checked before the role', async () => {
    await page.goto(`${APP_URL}/closures`);
    await waitForPath(page, '/dashboard');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Riley Resident/);
  });

  it('is sent to the dashboard from System Administration', async () => {
    await page.goto(`${APP_URL}/admin`);
    await waitForPath(page, '/dashboard');
  });

  it('follows the redirect query when opening /login while signed in', async () => {
    await page.goto(`${APP_URL}/login?redirect=%2Fmy-reports`);
    await waitForPath(page, '/my-reports');
    expect(await isShown(page.getByRole('heading', { name: 'My incident reports' }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('signs out from a signed-in page and lands on /login', async () => {
    await page.goto(`${APP_URL}/dashboard`);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await waitForPath(page, '/login');
    await page.goto(`${APP_URL}/dashboard`);
    await waitForPath(page, '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdashboard');
  });
});

describe('platform admin', { timeout: 60_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage(browser, ADMIN));
  });
  afterAll(async () => context?.close());

  it('sees System Administration in the navigation and reaches it', async () => {
    const link = mainNav(page).getByRole('link', { name: 'System Administration' });
    expect(await isShown(link)).toBe(true);
    await screenshot(page, 'dashboard-admin');
    await link.click();
    await waitForPath(page, '/admin');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('System Administration');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is redirected from an unknown admin page to customers', async () => {
    await page.goto(`${APP_URL}/admin/nothing-here`);
    await waitForPath(page, '/admin/customers');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Customers');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('council staff with all five roles', { timeout: 60_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage(browser, STAFF));
  });
  afterAll(async () => context?.close());

  it('sees one card per role on the dashboard', async () => {
    const cards = page.locator('.role-card[data-role]');
    await cards.first().waitFor();
    const roles = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-role')));
    expect(roles.sort()).toEqual(['account_manager', 'announcement_manager', 'closure_administrator', 'media_comms_manager', 'submission_moderator']);
    await screenshot(page, 'dashboard-staff');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has Public Map, Staff Map, Communications and a Manage LGA menu', async () => {
    const nav = mainNav(page);
    for (const name of ['Public Map', 'Staff Map', 'Communications']) {
      expect(await isShown(nav.getByRole('link', { name }))).toBe(true);
    }
    await nav.getByRole('button', { name: 'Manage LGA' }).click();
    for (const name of ['User Role Assignment', 'Administer Closures', 'Moderate Incident Reports']) {
      expect(await isShown(page.getByRole('menuitem', { name: new RegExp(`^${name}`) }))).toBe(true);
    }
    await screenshot(page, 'nav-manage-lga');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('opens closures on the default child view', async () => {
    await page.goto(`${APP_URL}/closures`);
    await waitForPath(page, '/closures/active');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Active closures');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is kept out of System Administration', async () => {
    await page.goto(`${APP_URL}/admin/customers`);
    await waitForPath(page, '/dashboard');
  });
});
