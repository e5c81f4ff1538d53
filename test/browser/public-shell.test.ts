import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, PHONE, launchBrowser, newPage, pathOf, screenshot, waitForPath } from './support/browser';

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
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/roads are closed/i);
    expect(await page.getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe('/map');
    await screenshot(page, 'home');
  });

  it('sends an anonymous visitor from /dashboard to /login with the redirect query', async () => {
    await page.goto(`${APP_URL}/dashboard`);
    await waitForPath(page, '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fdashboard');
  });

  it('shows social sign-in disabled with its reason, and a labelled password form outside production', async () => {
    await page.goto(`${APP_URL}/login`);
    for (const name of ['Continue with Google', 'Continue with Microsoft', 'Continue with Facebook', 'Sign in with an email link']) {
      await expect(page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
    }
    await expect(page.getByText('Not configured for this deployment').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('form', { name: 'Sign in with email and password' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'login');
  });

  it('refuses an incomplete sign-up with inline messages before calling the server', async () => {
    await page.goto(`${APP_URL}/sign-up`);
    const form = page.getByRole('form', { name: 'Create an account with email' });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Enter your name').isVisible()).resolves.toBe(true);
    await expect(form.getByText('Enter your email address').isVisible()).resolves.toBe(true);
    await form.getByLabel('Name').fill('Test Person');
    await form.getByLabel('Email').fill('  Test@Example.com ');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByLabel('Confirm password', { exact: true }).fill('different');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Use at least 8 characters').isVisible()).resolves.toBe(true);
    await expect(form.getByText('The passwords do not match').isVisible()).resolves.toBe(true);
    await screenshot(page, 'sign-up-errors');
  });

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${APP_URL}/no/such/page`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
    expect(pathOf(page)).toBe('/no/such/page');
    await screenshot(page, 'not-found');
  });

  it('shows the permission message on /404 when one is passed', async () => {
    await page.goto(`${APP_URL}/404?${new URLSearchParams({ message: PERMISSION_MESSAGE })}`);
    await expect(page.getByRole('alert').filter({ hasText: PERMISSION_MESSAGE }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'not-found-permission');
  });

  it('redirects /legal to the terms, with the data attributions', async () => {
    await page.goto(`${APP_URL}/legal`);
    await waitForPath(page, '/legal/terms');
    await expect(page.getByText('Roads and map data: © OpenStreetMap contributors, © OpenMapTiles').isVisible()).resolves.toBe(true);
    await expect(page.getByText(/licensed under CC BY 4\.0/).first().isVisible()).resolves.toBe(true);
  });

  it('opens the notifications menu from the keyboard and closes it with Escape', async () => {
    await page.goto(`${APP_URL}/home`);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.focus();
    await bell.press('ArrowDown');
    await expect(bell.getAttribute('aria-expanded')).resolves.toBe('true');
    const focusedRole = await page.locator(':focus').getAttribute('role');
    expect(focusedRole).toBe('menuitem');
    await page.keyboard.press('Escape');
    await expect(bell.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(bell.evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
  });

  it('collapses the navigation into a menu button on a phone-sized screen', async () => {
    const phone = await newPage(browser, PHONE);
    try {
      await phone.page.goto(`${APP_URL}/home`);
      const menu = phone.page.getByRole('button', { name: 'Menu' });
      await expect(menu.isVisible()).resolves.toBe(true);
      await expect(phone.page.getByRole('link', { name: 'Legal & Privacy' }).count()).resolves.toBe(0);
      await menu.click();
      await expect(phone.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
      await screenshot(phone.page, 'home-phone-menu');
      await phone.page.keyboard.press('Escape');
      await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await phone.context.close();
    }
  });
});
