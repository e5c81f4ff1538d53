// The public map lists and draws the closures in view without waiting for the app's code, the
// base map or the LGA boundaries: /early-reads.js asks for the home LGA's map file while the app
// loads (no API call for closures). Prints, for a first visit (which installs the boundaries
// beside the map, after its closures) and a return visit, how long the list and the drawing took after navigation (budget:
// 1 s) and when the requests on the way were sent; no timed assertion, only their order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { APP_URL, DESKTOP, launchBrowser, newPage, PHONE, screenshot } from './support/browser';
import { describeVisit, installMapProbe, visitPublicMap } from '../../bench/support/public-map-probe';
import { readStoredLgaBundle } from './support/lga-bundle';

interface FileClosure {
  id: string;
  active: boolean;
  condition: string;
  formattedAddress: string | null;
  scheduledFor: number | null;
  deletedAt: number | null;
}

describe('public map speed', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists and draws Forbes's closures from the map file asked for before the app's code, and prints the times", async () => {
    const file = (await (await fetch(`${APP_URL}/feeds/12900/map.json`)).json()) as { closures: FileClosure[] };
    const now = Date.now() / 1000;
    const shown = file.closures.find((c) => c.active && c.condition !== 'opened' && !c.deletedAt && !(c.scheduledFor && c.scheduledFor > now) && c.formattedAddress);
    expect(shown, 'the seed keeps active closures in Forbes').toBeDefined();

    // The return visit's code comes from the service worker, as a returning visitor's does.
    const { context, page } = await newPage(browser, DESKTOP, { serviceWorker: true });
    await installMapProbe(context, shown!.formattedAddress!);
    const first = await visitPublicMap(page, `${APP_URL}/map`, '12900');
    console.log(`[budget] ${describeVisit('public map, first visit', first)}`);
    await screenshot(page, 'public-map-speed');
    // The boundaries install beside the map; the return visit comes once they are on the device.
    await expect.poll(async () => (await readStoredLgaBundle(page)).timestamp ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.goto('about:blank');
    const again = await visitPublicMap(page, `${APP_URL}/map`, '12900');
    console.log(`[budget] ${describeVisit('public map, return visit', again)}`);

    // First visit: the file is on its way before the app's code has asked for the map page, and
    // the boundaries are not asked for before the closures are listed (they never hold them back).
    // Return visit (chunks from the service worker): before the map page rendered.
    expect(first.asked.mapFile).not.toBeNull();
    expect(first.asked.mapFile).toBeLessThan(first.asked.pageChunk ?? Infinity);
    expect(first.asked.boundaries ?? Infinity).toBeGreaterThan(first.listedMs);
    expect(again.asked.mapFile).not.toBeNull();
    expect(again.asked.mapFile).toBeLessThan(again.asked.mapLibre ?? Infinity);
    // A visitor's map of the home council asks the API for no closures at all.
    expect(first.apiClosureQueries + again.apiClosureQueries).toBe(0);
    // The boundaries were installed by the first visit; the return visit reads them from the device.
    expect(again.asked.boundaries).toBeNull();
    await context.close();
  });

  it('draws the closures as a preview while MapLibre loads, at the pixels where MapLibre then draws them', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, PHONE);
    // MapLibre's code is held back, so the page can only show the preview (its own projection).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/maplibre-gl-[A-Za-z0-9_-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${APP_URL}/map`);
    const dots = page.locator('[data-testid="map-preview"] circle');
    await expect.poll(() => dots.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'public-map-preview-phone');
    // The preview is decoration: hidden from assistive technology (the list is the closures' text).
    expect(await page.locator('[data-testid="map-preview"]').getAttribute('aria-hidden')).toBe('true');
    const previewed = await dots.evaluateAll((circles) =>
      circles.map((c) => ({ id: c.getAttribute('data-id')!, x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) })),
    );
    const file = (await (await fetch(`${APP_URL}/feeds/12900/map.json`)).json()) as { closures: Array<{ id: string; position: { lng: number; lat: number } }> };

    release();
    // MapLibre takes over: the preview goes once its closure layer is drawn.
    await expect.poll(() => page.locator('[data-testid="map-preview"]').count(), { timeout: 30_000 }).toBe(0);
    const positions = Object.fromEntries(file.closures.map((c) => [c.id, c.position]));
    const where = await page.locator('[data-testid="map"]').evaluate(
      (el, points) => {
        const map = (el as unknown as { __map: { project(p: [number, number]): { x: number; y: number } } }).__map;
        return points.map(({ id, lng, lat }) => ({ id, ...map.project([lng, lat]) }));
      },
      previewed.map(({ id }) => ({ id, ...positions[id]! })),
    );
    // The map has not moved (nobody touched it), so each dot was where MapLibre puts it, to the pixel.
    for (const dot of previewed) {
      const mapped = where.find((w) => w.id === dot.id)!;
      expect(Math.abs(mapped.x - dot.x), `closure ${dot.id} x`).toBeLessThan(1);
      expect(Math.abs(mapped.y - dot.y), `closure ${dot.id} y`).toBeLessThan(1);
    }
    await screenshot(page, 'public-map-drawn-phone');
    await context.close();
  });
});
