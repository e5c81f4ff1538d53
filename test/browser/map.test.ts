import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from './support/a11y';
import { clickOn } from './support/map';
import { LIVE_CEILING_MS, watchRealtime, type Realtime } from './support/realtime';
import { APP_URL, launchBrowser, newPage, RESIDENT, screenshot, signedInContext, STAFF, waitForPath } from './support/browser';

// Two points on the Newell Highway (A39) north of Forbes, on vertices of the road data.
const NEWELL_SOUTH = { lng: 148.0617, lat: -33.3228 };
const NEWELL_NORTH = { lng: 148.0800, lat: -33.3068 };

// The whole journey: a closure drawn on the staff map shows on a resident's map live, within
// 2 s. The test asserts "live" (it arrives over the subscription and nothing is read again) under
// a generous ceiling (support/realtime.ts): on a loaded machine a message can take longer.

/** What a map page reads (map files, viewport queries) and hears (its realtime socket). */
interface MapTraffic {
  reads: string[];
  realtime: Realtime;
}

function watchTraffic(page: Page): MapTraffic {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/feeds/') || (url.includes('/graphql') && /ClosuresInBounds|closuresInBounds/.test(request.postData() ?? ''))) reads.push(url);
  });
  return { reads, realtime: watchRealtime(page) };
}

/**
 * Waits for the closure's row, then checks it came live: over the subscription (a message naming
 * it), with no closure read since `readsBefore` (no file, no viewport query, no reload).
 */
async function appearsLive(row: Locator, traffic: MapTraffic, readsBefore: number, reason: string): Promise<void> {
  await row.waitFor({ timeout: LIVE_CEILING_MS });
  expect(traffic.realtime.heard(reason)).toBe(true);
  expect(traffic.reads.slice(readsBefore)).toEqual([]);
}

/** The map container; MapView hangs the maplibre instance on it for tests. */
interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
  getBoundingClientRect(): { left: number; top: number };
}
const mapElement = (page: Page) => page.locator('[data-testid="map"]');

async function mapReady(page: Page): Promise<void> {
  await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
}

async function jumpTo(page: Page, center: { lng: number; lat: number }, zoom: number): Promise<void> {
  await mapElement(page).evaluate(
    (el, [lng, lat, z]) =>
      new Promise<void>((resolve) => {
        const map = (el as unknown as MapElement).__map;
        map.once('idle', () => resolve());
        map.jumpTo({ center: [lng, lat], zoom: z });
      }),
    [center.lng, center.lat, zoom] as const,
  );
}

/** Resolves once the map has drawn everything it was given (for screenshots). */
async function idle(page: Page): Promise<void> {
  await mapElement(page).evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const map = (el as unknown as MapElement).__map;
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
}

async function shot(page: Page, name: string): Promise<void> {
  await idle(page);
  await screenshot(page, name);
}

/** Clicks the map where a coordinate is drawn (map.project gives the pixel inside the canvas). */
const clickAt = (page: Page, point: { lng: number; lat: number }) => clickOn(page, mapElement(page), point);

/** Ids of the closures whose lines the map has in its source (what it draws). */
async function drawnClosureIds(page: Page): Promise<string[]> {
  return mapElement(page).evaluate(async (el) => {
    const map = (el as unknown as MapElement).__map;
    const data = await map.getSource('app-closure-lines').getData();
    return data.features.map((f: { properties: { id: string } }) => f.properties.id);
  });
}

describe('base map served locally', () => {
  it('serves the style and a non-empty vector tile of Forbes roads', async () => {
    const response = await fetch(`${APP_URL}/map-style.json`);
    expect(response.status).toBe(200);
    const style = (await response.json()) as { sources: Record<string, { tiles: string[] }> };
    const template = style.sources.roads.tiles[0];
    expect(template.startsWith(APP_URL.replace('localhost', '127.0.0.1')) || template.includes('/tiles/roads/')).toBe(true);
    // z10 tile holding Forbes (148.01, -33.38).
    const tile = await fetch(`${APP_URL}/tiles/roads/10/933/615.pbf`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('application/x-protobuf');
    expect((await tile.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe('staff map to public map, live', () => {
  let browser: Browser;
  let staff: Page;
  let resident: Page;
  let anonymous: Page;
  let residentTraffic: MapTraffic;
  let anonymousTraffic: MapTraffic;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: staff } = await signedInContext(browser, STAFF));
    ({ page: resident } = await signedInContext(browser, RESIDENT));
    ({ page: anonymous } = await newPage(browser));
    residentTraffic = watchTraffic(resident);
    anonymousTraffic = watchTraffic(anonymous);
  });

  afterAll(async () => {
    await browser?.close();
  });

  // Long: two sign-ins, two LGA-data installs and a full closure life cycle.
  it('a closure drawn on /staff-map appears on a resident /map, turns green when reopened and goes when deleted', { timeout: 180_000 }, async () => {
    onTestFailed(async () => {
      await screenshot(staff, 'map-failed-staff');
      await screenshot(resident, 'map-failed-resident');
    });
    const reason = `Flooding over the highway ${randomUUID().slice(0, 8)}`;
    await staff.goto(`${APP_URL}/staff-map`);
    await waitForPath(staff, '/staff-map');
    await mapReady(staff);
    await resident.goto(`${APP_URL}/map`);
    await waitForPath(resident, '/map');
    await mapReady(resident);
    await jumpTo(resident, { lng: 148.07, lat: -33.315 }, 12);
    // Anonymous visitors get live updates too (API key subscription).
    await anonymous.goto(`${APP_URL}/map`);
    await waitForPath(anonymous, '/map');
    await mapReady(anonymous);
    await shot(resident, 'map-1-resident-before');
    // Both maps are settled and no live-update timing is running yet.
    expect(await axeViolations(resident)).toEqual([]);
    expect(await axeViolations(staff)).toEqual([]);

    // The change must happen after both maps' live subscriptions are confirmed by the server.
    await residentTraffic.realtime.subscribed('onClosureChanged');
    await anonymousTraffic.realtime.subscribed('onClosureChanged');
    await staff.getByRole('button', { name: 'New closure' }).click();
    await jumpTo(staff, { lng: 148.071, lat: -33.315 }, 13);
    await clickAt(staff, NEWELL_SOUTH);
    await staff.getByText('Region 1: 1 point(s)').waitFor();
    // A paddock kilometres from any road: the API's 443 message, and the point is not kept.
    await clickAt(staff, { lng: 148.05, lat: -33.30 });
    const snapError = staff.getByRole('region', { name: 'Draw a closure' }).getByRole('alert');
    await snapError.waitFor();
    expect(await snapError.textContent()).toBe('Too far from a road. Please zoom in and try again.');
    await staff.getByText('Region 1: 1 point(s)').waitFor();
    await clickAt(staff, NEWELL_NORTH);
    await staff.getByText('Region 1: 2 point(s)').waitFor();
    // A later snap that works takes the error away: from the panel and its toast alike.
    expect(await snapError.count()).toBe(0);
    expect(await staff.locator('.toast-region').getByText('Too far from a road.', { exact: false }).count()).toBe(0);
    await shot(staff, 'map-2-staff-drawn');
    expect(await axeViolations(staff)).toEqual([]);
    await staff.getByRole('button', { name: 'Continue to details' }).click();
    const form = staff.getByRole('form', { name: 'New closure details' });
    await form.getByLabel('Type').selectOption('flood');
    await form.getByLabel('Reason').fill(reason);
    const residentReadsBefore = residentTraffic.reads.length;
    const anonymousReadsBefore = anonymousTraffic.reads.length;
    await form.getByRole('button', { name: 'Create closure' }).click();
    await staff.getByText('The closure was created.').waitFor();

    const residentRow = resident.locator('.closure-list__item', { hasText: reason });
    await appearsLive(residentRow, residentTraffic, residentReadsBefore, reason);
    const id = (await residentRow.getAttribute('data-closure-id'))!;
    await appearsLive(anonymous.locator(`.closure-list__item[data-closure-id="${id}"]`), anonymousTraffic, anonymousReadsBefore, reason);
    expect(await residentRow.getAttribute('data-state')).toBe('closed');
    await expect.poll(() => drawnClosureIds(resident)).toContain(id);
    await shot(resident, 'map-3-resident-sees-closure');

    const staffRow = staff.locator('.closure-list__item', { hasText: reason });
    await staffRow.click();
    const detail = staff.getByRole('region', { name: 'Closure details' });
    await detail.getByRole('button', { name: 'Reopen' }).click();
    await detail.getByRole('button', { name: 'Yes, reopen' }).click();
    await staff.getByText('The closure was reopened.').waitFor();
    await resident.locator(`.closure-list__item[data-closure-id="${id}"][data-state="opened"]`).waitFor({ timeout: LIVE_CEILING_MS });
    expect(await resident.locator(`.closure-list__item[data-closure-id="${id}"]`).textContent()).toContain('Reopened');
    await shot(resident, 'map-4-resident-reopened');

    await detail.getByRole('button', { name: 'Delete' }).click();
    await detail.getByRole('button', { name: 'Yes, delete' }).click();
    await staff.getByText('The closure was deleted.').waitFor();
    await resident.locator(`.closure-list__item[data-closure-id="${id}"]`).waitFor({ state: 'detached', timeout: LIVE_CEILING_MS });
    await expect.poll(() => drawnClosureIds(resident)).not.toContain(id);
    await anonymous.locator(`.closure-list__item[data-closure-id="${id}"]`).waitFor({ state: 'detached', timeout: LIVE_CEILING_MS });
    await shot(resident, 'map-5-resident-deleted');
    await shot(staff, 'map-6-staff-after');
  });
});
