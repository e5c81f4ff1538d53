// Watch zones in the browser: a resident chooses "Watch an area" on the map, draws a polygon by
// clicking its corners, and sees it under My subscriptions; a closure drawn inside it reaches them
// in the app. On a 360 px phone, by keyboard, a circle around a searched place; the list read
// offline; its channels changed and the area deleted on My subscriptions. Axe finds nothing; nothing scrolls sideways.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable } from '../support/api';
import { createForbesClosure, freshUser, notificationsOf, type TestUser } from '../integration/notifications/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, DESKTOP, isShown, launchBrowser, screenshot, STAFF, setOffline, signedInContext } from './support/browser';

let browser: Browser;
let user: TestUser;
let staff: { token: string };

beforeAll(async () => {
  useStackTable();
  [browser, user] = await Promise.all([launchBrowser(), freshUser('zones-browser')]);
  staff = { token: (await signIn(STAFF)).accessToken };
});
afterAll(async () => {
  await browser?.close();
});

interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
}
const mapReady = (page: Page) => page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });

async function clickAt(page: Page, point: { lng: number; lat: number }): Promise<void> {
  const { x, y } = await page.locator('[data-testid="map"]').evaluate((el, [lng, lat]) => {
    const p = (el as unknown as MapElement).__map.project([lng, lat]);
    const rect = el.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }, [point.lng, point.lat] as const);
  await page.mouse.click(x, y);
}

const zonesOf = async () =>
  (await gql<{ watchZones: { id: string; name: string; shape: string; channels: { email: string; inApp: boolean } }[] }>('query { watchZones { id name shape channels { email inApp } } }', {}, user.auth)).data!.watchZones;

/** Tabs on until `name` has focus (a keyboard user's way there). */
async function tabTo(page: Page, name: string | RegExp, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      type Active = { getAttribute(n: string): string | null; textContent: string | null; labels?: { textContent: string | null }[] | null };
      const active = (globalThis as unknown as { document: { activeElement: Active | null } }).document.activeElement;
      return (active?.getAttribute('aria-label') ?? active?.labels?.[0]?.textContent ?? active?.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? label === name : name.test(label)) return;
  }
  throw new Error(`${name} was not reached by Tab`);
}

describe('watch zones', { timeout: 180_000 }, () => {
  // Around the middle of the Forbes map's opening view.
  const middle = { lng: 147.86, lat: -33.38 };
  const square = [
    { lng: middle.lng - 0.03, lat: middle.lat - 0.02 },
    { lng: middle.lng + 0.03, lat: middle.lat - 0.02 },
    { lng: middle.lng + 0.03, lat: middle.lat + 0.02 },
    { lng: middle.lng - 0.03, lat: middle.lat + 0.02 },
  ];

  it('drawn on the map by clicks, listed under My subscriptions; a closure inside reaches the app', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: DESKTOP });
    try {
      await page.goto(`${APP_URL}/map`);
      await mapReady(page);
      await page.getByRole('button', { name: 'Watch an area' }).click();
      expect(await isShown(page.getByRole('heading', { name: 'Watch an area' }))).toBe(true);
      // The tool sits above the map: the map is scrolled to, as a person would.
      await page.locator('[data-testid="map"]').scrollIntoViewIfNeeded();
      for (const corner of square) await clickAt(page, corner);
      expect(await isShown(page.getByText('4 corners'))).toBe(true);
      await page.getByLabel('Name').fill('The farm');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'watch-zones-draw-desktop');
      await page.getByRole('button', { name: 'Watch this area' }).click();
      expect(await isShown(page.getByText(/You are watching The farm/))).toBe(true);
      await expect.poll(async () => (await zonesOf()).map((z) => [z.name, z.shape])).toEqual([['The farm', 'polygon']]);

      await page.goto(`${APP_URL}/subscriptions`);
      expect(await isShown(page.getByRole('heading', { name: 'Watched areas' }))).toBe(true);
      expect(await isShown(page.getByText('The farm', { exact: true }))).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      const closure = await createForbesClosure(staff, { regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[middle.lng, middle.lat], [middle.lng + 0.003, middle.lat + 0.001]] }) }] });
      await expect.poll(async () => (await notificationsOf(user)).filter((n) => n.resourceId === closure.id).length, { timeout: 10_000 }).toBe(1);
      await page.goto(`${APP_URL}/notifications`);
      expect(await isShown(page.getByText(/In your watched area “The farm”/))).toBe(true);
      await screenshot(page, 'watch-zones-notification-desktop');
    } finally {
      await context.close();
    }
  });

  it('by keyboard on a 360 px phone: a circle around a searched place; channels changed and deleted', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360, serviceWorker: true });
    try {
      await page.goto(`${APP_URL}/map`);
      await mapReady(page);
      await tabTo(page, 'Watch an area');
      await page.keyboard.press('Enter');
      // The tool (fetched now) gives its heading the focus; the first stop after it is the shape.
      await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName === 'H2', undefined, { timeout: 15_000 });
      await tabTo(page, 'Draw on the map', 3);
      // Radio buttons move with the arrow keys; the place search comes next.
      await page.keyboard.press('ArrowRight');
      await tabTo(page, 'Centre', 2);
      await page.keyboard.type('Parkes');
      expect(await isShown(page.getByRole('option', { name: /Parkes/ }))).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByLabel('Name').focus();
      await page.keyboard.type('Parkes town');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'watch-zones-circle-360');
      await tabTo(page, 'Watch this area');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await zonesOf()).map((z) => z.shape).sort()).toEqual(['circle', 'polygon']);

      await page.goto(`${APP_URL}/subscriptions`);
      expect(await isShown(page.getByText('Parkes town', { exact: true }))).toBe(true);
      // Offline, the areas this device last read are still listed; their choices wait for a connection.
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
      await setOffline(context, true);
      await page.goto(`${APP_URL}/subscriptions`);
      expect(await isShown(page.getByText('You are offline.'), 20_000)).toBe(true);
      expect(await isShown(page.getByText('Parkes town', { exact: true }), 30_000)).toBe(true);
      expect(await page.getByLabel('Email about Parkes town').isDisabled()).toBe(true);
      await screenshot(page, 'watch-zones-offline-360');
      await setOffline(context, false);
      await page.goto(`${APP_URL}/subscriptions`);
      expect(await isShown(page.getByText('Parkes town', { exact: true }))).toBe(true);
      await tabTo(page, 'Email about Parkes town');
      await page.keyboard.press('ArrowDown');
      await expect.poll(async () => (await zonesOf()).find((z) => z.name === 'Parkes town')?.channels.email).toBe('immediate');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'watch-zones-subscriptions-360');
      await tabTo(page, 'Delete Parkes town');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await zonesOf()).map((z) => z.name)).toEqual(['The farm']);
    } finally {
      await context.close();
    }
  });
});
