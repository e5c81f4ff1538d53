// The installable, offline-first app: Chromium's installability check passes (manifest + service
// worker), Install app works from the browser's prompt (and explains itself on an iPhone), and with the network cut the public map still lists the closures this device last
// loaded, says how old they are and when the device was last online, over the base map that the
// first visit loaded before the service worker existed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, CHROMIUM_FLAGS, DESKTOP, isShown, launchBrowser, newPage, RESIDENT, screenshot, signInWithForm, waitForPath, signedInPage } from './support/browser';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';

/** In the page: whether the worker's base-map cache holds the style, and how many tiles. */
async function baseMapCached(): Promise<{ style: boolean; tiles: number }> {
  const keys = await (await caches.open('base-map')).keys();
  const paths = keys.map((request) => new URL(request.url).pathname);
  return { style: paths.includes('/map-style.json'), tiles: paths.filter((p) => p.startsWith('/tiles/')).length };
}

/** In the page: features MapLibre drew from the base map's own sources (roads, councils, places), once idle. */
async function renderedBaseMapFeatures(): Promise<number> {
  type Feature = { source: string };
  type Map = { loaded(): boolean; once(event: string, listener: () => void): void; queryRenderedFeatures(): Feature[] };
  const map = (document.querySelector('[data-map-ready="true"]') as HTMLElement & { __map?: Map }).__map!;
  if (!map.loaded()) await new Promise<void>((resolve) => map.once('idle', resolve));
  return map.queryRenderedFeatures().filter((f) => ['roads', 'lga', 'places'].includes(f.source)).length;
}

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
    const { context, page } = await signedInPage(browser, RESIDENT, { viewport: PHONE_360 });
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
    } finally {
      await iphone.close();
    }
  });

  it('keeps listing the last loaded closures on /map with the network cut, with their age and the last-online time', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${APP_URL}/map`);
      await waitForPath(page, '/map');
      const rows = page.locator('.closure-list__item');
      await rows.first().waitFor({ timeout: 30_000 });
      const online = await rows.count();
      expect(online).toBeGreaterThan(0);
      // The service worker takes charge of the page; the snapshot write finishes.
      await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
      await page.waitForTimeout(500);
      // The base map this first visit loaded before the worker existed reaches the worker's cache.
      await expect.poll(() => page.evaluate(baseMapCached), { timeout: 20_000 }).toMatchObject({ style: true, tiles: expect.any(Number) });
      expect((await page.evaluate(baseMapCached)).tiles).toBeGreaterThan(0);

      await context.setOffline(true);
      await page.reload();
      expect(await isShown(page.getByText('You are offline.'), 20_000)).toBe(true);
      expect(await isShown(page.getByText(/Last online \d/))).toBe(true);
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBe(online);
      expect(await isShown(page.getByText(/Offline copy: closures as of/))).toBe(true);
      // The base map is drawn from the cache: roads and council boundaries, not an error.
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(renderedBaseMapFeatures)).toBeGreaterThan(0);
      expect(await page.getByText(/The base map could not be loaded/).count()).toBe(0);
      await screenshot(page, 'offline-map');
      expect(await axeViolations(page)).toEqual([]);

      await context.setOffline(false);
      await page.getByText('You are offline.').waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
