// The installable, offline-first app: Chromium's installability check passes (manifest + service
// worker), Install app works from the browser's prompt (and explains itself on an iPhone), and with the network cut the public map still lists the closures this device last
// loaded, says how old they are and when the device was last online, over the base map that the
// first visit loaded before the service worker existed; a signed-in resident keeps their follows
// and the council's unsealed-roads status offline (a change says at once that it needs the
// internet), and signing out forgets the personal copies; a new deployment's worker offers
// Reload, and a page whose code is gone after a deployment says "The app was updated — reload to
// continue." instead of going blank.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_URL, CHROMIUM_FLAGS, DESKTOP, isShown, launchBrowser, newPage, RESIDENT, screenshot, signInWithForm, waitForPath, signedInPage, STAFF, setOffline, signedInContext } from './support/browser';
import { gql, signIn } from '../support/api';
import { freshUser } from '../integration/notifications/support';
import { openMapWithOfflineCopy } from './support/offline';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';

// Run in the page (as strings: the server-side type check has no DOM types).
/** Whether the worker's base-map cache holds the style, and how many tiles. */
const baseMapCached = `caches.open('base-map').then((cache) => cache.keys()).then((keys) => {
  const paths = keys.map((request) => new URL(request.url).pathname);
  return { style: paths.includes('/map-style.json'), tiles: paths.filter((p) => p.startsWith('/tiles/')).length };
})`;

/** Features MapLibre drew from the base map's own sources (roads, councils, places), once idle. */
const renderedBaseMapFeatures = `new Promise((resolve) => {
  const map = document.querySelector('[data-map-ready="true"]').__map;
  const count = () => resolve(map.queryRenderedFeatures().filter((f) => ['roads', 'lga', 'places'].includes(f.source)).length);
  if (map.loaded()) count(); else map.once('idle', count);
})`;

/** Which of the signed-in person's remembered reads the device still keeps. */
const personalReadsKept = `new Promise((resolve, reject) => {
  const opening = indexedDB.open('road-closures-offline');
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const db = opening.result;
    const keys = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
    keys.onerror = () => reject(keys.error);
    keys.onsuccess = () => {
      db.close();
      resolve(keys.result.map(String).filter((key) => key === 'read:me' || key === 'read:mySubscriptions'));
    };
  };
})`;

describe('installable, offline-first app', { timeout: 120_000 }, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('passes Chromium\'s installability check with a manifest and a service worker that controls the page', async () => {
    // A real profile of its own: Chromium never offers to install from an incognito window (plain
    // contexts are), and a fresh one cannot inherit a worker or cache from another test.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'rc-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
      viewport: DESKTOP,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${APP_URL}/home`);
      // The worker installs (precaching the shell takes a while on a busy machine), activates and
      // claims the page; only then does Chromium count it as the page's offline-capable worker.
      // Waited for by events, not waitForFunction: that polls with eval, which the app's CSP forbids.
      await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
      const controlled = await page.evaluate(`navigator.serviceWorker.controller !== null || new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
        setTimeout(() => resolve(navigator.serviceWorker.controller !== null), 60000);
      })`);
      expect(controlled).toBe(true);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${APP_URL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      // Chromium re-checks as the worker settles: poll until it has nothing to object to.
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId), { timeout: 30_000, interval: 1_000 })
        .toEqual([]);
      const parsed = (await (await fetch(`${APP_URL}/manifest.webmanifest`)).json()) as { display: string; start_url: string; icons: { purpose: string; sizes: string }[] };
      expect(parsed.display).toBe('standalone');
      expect(parsed.start_url).toBe('/');
      expect(parsed.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('offers Install app from the browser prompt, says so when it fails, and shows Add to Home Screen on an iPhone', async () => {
    const { context, page } = await signedInPage(browser, RESIDENT, { viewport: PHONE_360, serviceWorker: true });
    try {
      // Not offered yet: no card.
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('install-card').count()).toBe(0);
      // The browser offers to install, then the user's permission cannot be gathered.
      await page.evaluate(`(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        event.prompt = () => Promise.reject(new Error('The prompt was blocked'));
        event.userChoice = new Promise(() => undefined);
        window.dispatchEvent(event);
      })()`);
      const card = page.getByTestId('install-card');
      await card.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await card.getByRole('button', { name: 'Install app' }).click();
      expect(await isShown(page.getByText('Failed to gather permission to install...', { exact: true }))).toBe(true);
      // The prompt can be used once: the card goes.
      await card.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }

    const iphone = await browser.newContext({
      viewport: PHONE_360,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      locale: 'en-AU',
      bypassCSP: true,
    });
    try {
      const page = await iphone.newPage();
      await signInWithForm(page, RESIDENT);
      await waitForPath(page, '/dashboard');
      await page.getByTestId('install-card').getByRole('button', { name: 'Install app' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to Home Screen' });
      await dialog.waitFor();
      expect(await isShown(dialog.getByText('Add to Home Screen', { exact: true }).first())).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await screenshot(page, 'install-iphone');
      // The menu's Install app loads the same dialog on first use; it opens again after closing.
      const menu = page.getByRole('button', { name: 'Menu' });
      for (let time = 0; time < 2; time++) {
        if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
        const install = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Install app' });
        await install.click();
        const fromMenu = page.getByRole('dialog', { name: 'Add to Home Screen' });
        await fromMenu.waitFor();
        await fromMenu.getByRole('button', { name: 'OK' }).click();
        await fromMenu.waitFor({ state: 'hidden' });
        await expect(install.evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
      }
    } finally {
      await iphone.close();
    }
  });

  it('keeps listing the last loaded closures on /map with the network cut, with their age and the last-online time', async () => {
    const { context, page } = await newPage(browser, DESKTOP, { serviceWorker: true });
    try {
      const { rows, listed: online } = await openMapWithOfflineCopy(page);
      // The base map this first visit loaded before the worker existed reaches the worker's cache.
      await expect.poll(() => page.evaluate<{ style: boolean; tiles: number }>(baseMapCached), { timeout: 20_000 }).toMatchObject({ style: true, tiles: expect.any(Number) });
      expect((await page.evaluate<{ style: boolean; tiles: number }>(baseMapCached)).tiles).toBeGreaterThan(0);

      await setOffline(context, true);
      await page.reload();
      expect(await isShown(page.getByText('You are offline.'), 20_000)).toBe(true);
      expect(await isShown(page.getByText(/Last online \d/))).toBe(true);
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBe(online);
      expect(await isShown(page.getByText(/Offline copy: closures as of/))).toBe(true);
      // The base map is drawn from the cache: roads and council boundaries, not an error.
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
      expect(await page.evaluate<number>(renderedBaseMapFeatures)).toBeGreaterThan(0);
      expect(await page.getByText(/The base map could not be loaded/).count()).toBe(0);
      await screenshot(page, 'offline-map');
      expect(await axeViolations(page)).toEqual([]);

      await setOffline(context, false);
      await page.getByText('You are offline.').waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await context.close();
    }
  });

  it("keeps a resident's follows and the unsealed-roads status readable offline, says a change needs the internet, and forgets the personal copies on sign-out", async () => {
    const FORBES = '12900';
    const staffToken = (await signIn(STAFF)).accessToken;
    const setForbes = (input: Record<string, unknown>) =>
      gql('mutation($c: String!, $i: UnsealedRoadsInput!) { setUnsealedRoadsStatus(lgaCode: $c, input: $i) { status } }', { c: FORBES, i: input }, { token: staffToken });
    const user = await freshUser('flood-mode');
    const mapFile = (await (await fetch(`${APP_URL}/feeds/${FORBES}/map.json`)).json()) as { closures: { id: string; type: { text: string } }[] };
    const followed = mapFile.closures[0];
    expect((await gql('mutation($id: ID!) { subscribeToClosure(id: $id) { closures { id } } }', { id: followed.id }, user.auth)).errors).toBeUndefined();
    expect((await setForbes({ status: 'CLOSED', message: 'Closed after rain' })).errors).toBeUndefined();
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360, serviceWorker: true });
    try {
      await page.goto(`${APP_URL}/subscriptions`);
      const follow = page.locator('.subs-list').getByRole('link', { name: followed.type.text });
      await follow.waitFor();
      await page.goto(`${APP_URL}/map`);
      const banner = page.getByTestId('unsealed-banner').getByText('Forbes: Unsealed roads closed');
      // After the council boundaries download to this fresh device (the banner needs them).
      await banner.waitFor({ timeout: 60_000 });
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });

      await setOffline(context, true);
      await page.goto(`${APP_URL}/subscriptions`);
      expect(await isShown(page.getByText('You are offline.'), 20_000)).toBe(true);
      await follow.waitFor({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'offline-subscriptions');
      // A change needs the network: it says so at once and the list stays as it was.
      await page.locator('.subs-list li').filter({ hasText: followed.type.text }).getByRole('button', { name: 'Unsubscribe' }).click();
      await page.locator('.toast').getByText('Failed to unsubscribe from the closure: You are offline: this needs the internet.', { exact: false }).waitFor({ timeout: 5_000 });
      expect(await follow.count()).toBe(1);
      await page.goto(`${APP_URL}/map`);
      await banner.waitFor({ timeout: 30_000 });
      await screenshot(page, 'offline-map-unsealed');

      await setOffline(context, false);
      await page.goto(`${APP_URL}/logout`);
      await page.waitForURL((url) => url.pathname !== '/logout');
      await expect.poll(() => page.evaluate<string[]>(personalReadsKept), { timeout: 10_000 }).toEqual([]);
    } finally {
      await context.close();
      await setForbes({ status: 'OPEN' });
    }
  });

  it('offers Reload when a new version is deployed, and reloads onto it', async () => {
    // The next deployment: the built worker with other bytes, as a new build has (restored after).
    // The test stack serves its own copy of the build, so no other file's pages see this one.
    const webRoot = inject('stack')?.webRoot ?? path.resolve(import.meta.dirname, '../../dist/web');
    const workerFile = path.join(webRoot, 'sw.js');
    const deployed = readFileSync(workerFile, 'utf8');
    const { context, page } = await newPage(browser, DESKTOP, { serviceWorker: true });
    try {
      await page.goto(`${APP_URL}/home`);
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
      expect(await page.getByText('A new version is available.').count()).toBe(0);
      // First in the tab of a first visit (no worker when the page registered it), then in a tab
      // the worker controlled from its start: both reload onto the new worker.
      for (const deployment of ['second', 'third']) {
        writeFileSync(workerFile, `${deployed}\n// the ${deployment} deployment\n`);
        await page.evaluate('navigator.serviceWorker.getRegistration().then((registration) => registration.update())');
        const prompt = page.getByRole('alert').filter({ hasText: 'A new version is available.' });
        await prompt.waitFor({ timeout: 30_000 });
        expect(await axeViolations(page)).toEqual([]);
        if (deployment === 'second') await screenshot(page, 'update-available');
        const reloaded = page.waitForEvent('load', { timeout: 30_000 });
        await prompt.getByRole('button', { name: 'Reload' }).click();
        await reloaded;
        // The waiting worker took over: nothing waits any more and the prompt is gone.
        await expect.poll(() => page.evaluate<boolean>('navigator.serviceWorker.getRegistration().then((r) => r.waiting === null && r.active !== null)')).toBe(true);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.getByText('A new version is available.').count()).toBe(0);
      }
    } finally {
      writeFileSync(workerFile, deployed);
      await context.close();
    }
  });

  it("says 'The app was updated — reload to continue.' when a page's code is gone, not a blank page", async () => {
    // No worker: the page's request must reach the (now missing) file, as after a deployment.
    const context = await browser.newContext({ viewport: PHONE_360, locale: 'en-AU', timezoneId: 'Australia/Sydney', bypassCSP: true, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(`${APP_URL}/home`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await context.route(/\/assets\/HelpPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
      await page.getByRole('link', { name: 'Help' }).first().click();
      const banner = page.getByRole('alert').filter({ hasText: 'The app was updated — reload to continue.' });
      await banner.waitFor({ timeout: 20_000 });
      expect(await banner.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
      // The page itself explains, without an error report or a programmer's message.
      await page.getByText('This page has been updated').waitFor();
      expect(await page.getByText('This page stopped working').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'chunk-failed');
      // The new deployment's file is there again: Reload brings the page back.
      await context.unroute(/\/assets\/HelpPage-[^/]+\.js$/);
      await banner.getByRole('button', { name: 'Reload' }).click();
      await page.getByRole('heading', { level: 1, name: 'Introduction' }).waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });
});
