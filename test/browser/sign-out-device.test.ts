// A shared device after sign-out: nothing of the person stays. Their report waiting to send
// (description, exact position) and the closures they opened are removed with their remembered
// reads; a closure detail copy is kept for its reader only and at most 50 are kept.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser, type TestUser } from '../integration/notifications/support';
import { APP_URL, atPlace, launchBrowser, setOffline, signedInContext } from './support/browser';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';

const PLACE = { latitude: -33.4165, longitude: 147.9443 };

/** Every key of an IndexedDB store of the page's origin (none when the store does not exist). */
const keysOf = (page: Page, database: string, store: string) =>
  page.evaluate<string[]>(`new Promise((resolve, reject) => {
    const opening = indexedDB.open(${JSON.stringify(database)});
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains(${JSON.stringify(store)})) {
        db.close();
        return resolve([]);
      }
      const keys = db.transaction(${JSON.stringify(store)}).objectStore(${JSON.stringify(store)}).getAllKeys();
      keys.onerror = () => reject(keys.error);
      keys.onsuccess = () => {
        db.close();
        resolve(keys.result.map(String));
      };
    };
  })`);

/** The paths of every Cache Storage entry of the page's origin. */
const cachedPaths = `caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) => cache.keys()))))
  .then((lists) => lists.flat().map((request) => new URL(request.url).pathname))`;

let browser: Browser;
let user: TestUser;
beforeAll(async () => {
  [browser, user] = await Promise.all([launchBrowser(), freshUser('shared-device')]);
});
afterAll(async () => {
  await browser?.close();
});

describe('signing out on a shared device', { timeout: 120_000 }, () => {
  it('removes the waiting report, the opened closures and the personal reads', async () => {
    const mapFile = (await (await fetch(`${APP_URL}/feeds/12900/map.json`)).json()) as { closures: { id: string }[] };
    const opened = mapFile.closures[0].id;
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360, prepare: atPlace(PLACE), serviceWorker: true });
    try {
      // A closure opened from a link: its details are kept for offline reading.
      await page.goto(`${APP_URL}/map?closure=${opened}`);
      await expect.poll(() => keysOf(page, 'road-closures-offline', 'snapshots'), { timeout: 30_000 }).toContain(`closure:${opened}`);

      // A report written offline, which cannot be sent yet (its sending is held back below).
      await page.goto(`${APP_URL}/report`);
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByTestId('report-position').filter({ hasText: /Pin at -33\.4165/ }).waitFor();
      await page.getByLabel('Type').selectOption('storm');
      await page.getByLabel('Description').fill(`Written on a shared phone ${randomUUID().slice(0, 8)}`);
      await context.route('**/graphql', (route) => (route.request().postData()?.includes('submitReport') ? route.abort() : route.continue()));
      await setOffline(context, true);
      await page.getByText('You are offline: the report will wait on this device').waitFor();
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByRole('heading', { name: 'Your report is waiting to send' }).waitFor();
      await setOffline(context, false);
      expect(await keysOf(page, 'road-closures-report-queue', 'reports')).toHaveLength(1);
      expect(await keysOf(page, 'road-closures-offline', 'snapshots')).toEqual(expect.arrayContaining(['read:me', `closure:${opened}`]));

      // Nothing is discarded in silence: signing out first says the report was not sent.
      await page.goto(`${APP_URL}/logout`);
      const ask = page.getByRole('heading', { name: '1 report is waiting to send' });
      await ask.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await page.waitForURL((url) => url.pathname !== '/logout');
      expect(await keysOf(page, 'road-closures-report-queue', 'reports')).toHaveLength(1);

      await page.goto(`${APP_URL}/logout`);
      await ask.waitFor();
      await page.getByRole('button', { name: 'Sign out and discard' }).click();
      await page.waitForURL((url) => url.pathname !== '/logout');
      await expect.poll(() => keysOf(page, 'road-closures-report-queue', 'reports'), { timeout: 10_000 }).toEqual([]);
      await expect.poll(() => keysOf(page, 'road-closures-offline', 'snapshots'), { timeout: 10_000 }).toEqual([]);
      // No Cache Storage entry holds an API answer or a photo: only pages, config and the base map.
      const cached = await page.evaluate<string[]>(cachedPaths);
      expect(cached.filter((path) => path.startsWith('/graphql') || path.startsWith('/media'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
