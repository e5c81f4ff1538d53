// The public dashboard's tabs and the saved map options, on a 360 px phone. Staff (the demo
// Forbes staff account, only looked at) get LGA and Personal tabs: Personal with their role cards
// first, the arrow keys move between tabs, and ?tab= keeps the tab over a reload. A resident sees
// no tabs. A new resident who saved the Minimal base layer and zoom 13 gets that style on /map and
// on the report map, which also opens at zoom 13. Every screen visited is axe-clean.
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from '../integration/identity/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, launchBrowser, screenshot, signedInPage, STAFF } from './support/browser';

type MapEl = { __map: { getZoom(): number; getStyle(): { name?: string; layers: { id: string }[] } } };
const styleName = (map: Locator) => map.evaluate((el) => (el as unknown as MapEl).__map.getStyle().name);
const zoomOf = (map: Locator) => map.evaluate((el) => Math.round((el as unknown as MapEl).__map.getZoom()));
const appLayers = (map: Locator) => map.evaluate((el) => (el as unknown as MapEl).__map.getStyle().layers.filter((l) => l.id.startsWith('app-')).length);

describe('dashboard tabs and saved map options', { timeout: 120_000 }, () => {
  let browser: Browser;
  let resident: TestUser;

  beforeAll(async () => {
    resident = await createUser({ lgaCode: '12900' });
    const saved = await call('mutation($i: ProfileInput!) { updateProfile(input: $i) { mapOptions } }', { i: { mapOptions: JSON.stringify({ zoom: 13, baseLayer: 'minimal' }) } }, resident);
    expect(saved.errors).toBeUndefined();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gives staff LGA and Personal tabs that arrow keys move between and a reload keeps', async () => {
    const { context, page } = await signedInPage(browser, STAFF, { viewport: PHONE_360 });
    try {
      const personal = page.getByRole('tab', { name: 'Personal' });
      const lga = page.getByRole('tab', { name: 'LGA' });
      await page.getByRole('tabpanel', { name: 'Personal' }).getByRole('region', { name: 'Your profile' }).waitFor();
      expect(await personal.getAttribute('aria-selected')).toBe('true');
      expect(await lga.getAttribute('aria-selected')).toBe('false');
      // Their work is on Personal: the role cards.
      expect(await page.locator('.role-card').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'dashboard-tabs-staff-personal');

      await personal.focus();
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('tabpanel', { name: 'LGA' }).getByRole('region', { name: 'Closures in Forbes' }).waitFor();
      expect(await lga.getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id)).toBe('dashboard-tab-lga');
      expect(new URL(page.url()).searchParams.get('tab')).toBe('lga');
      expect(await page.locator('.role-card').count()).toBe(0);

      await page.reload();
      await page.getByRole('tabpanel', { name: 'LGA' }).getByRole('region', { name: 'Closures in Forbes' }).waitFor();
      expect(await page.getByRole('tab', { name: 'LGA' }).getAttribute('aria-selected')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'dashboard-tabs-staff-lga');
    } finally {
      await context.close();
    }
  });

  it('shows a resident one page, and every map uses their saved base layer and zoom', async () => {
    const { context, page } = await signedInPage(browser, resident.email, { viewport: PHONE_360 });
    try {
      await page.getByRole('region', { name: 'Closures in Forbes' }).waitFor();
      await page.getByRole('region', { name: 'Your profile' }).waitFor();
      expect(await page.getByRole('tablist').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'dashboard-resident-phone');

      await page.goto(`${APP_URL}/profile/map-view`);
      const picker = page.getByLabel('Base layer');
      await picker.waitFor();
      await expect.poll(() => picker.inputValue()).toBe('minimal');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'map-view-minimal');

      await page.goto(`${APP_URL}/map`);
      const map = page.locator('[data-testid="map"][data-map-ready="true"]');
      await map.waitFor({ timeout: 45_000 });
      await expect.poll(() => styleName(map), { timeout: 15_000 }).toBe('Road closures minimal (local)');
      // The app's own layers (the LGA outline, closures) stay on top of the swapped style.
      await expect.poll(() => appLayers(map), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await zoomOf(map)).toBe(13);
      await screenshot(page, 'map-minimal');

      await page.goto(`${APP_URL}/report`);
      const reportMap = page.locator('[data-testid="map"][data-map-ready="true"]');
      await reportMap.waitFor({ timeout: 30_000 });
      await expect.poll(() => styleName(reportMap), { timeout: 15_000 }).toBe('Road closures minimal (local)');
      await expect.poll(() => zoomOf(reportMap), { timeout: 15_000 }).toBe(13);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'report-map-minimal');
    } finally {
      await context.close();
    }
  });
});
