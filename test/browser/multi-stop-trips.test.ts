// Trips through stops in the browser: a resident plans Forbes → Bogan Gate → Parkes by keyboard in
// the directions panel (an empty stop is named, not skipped), the route is asked for through the
// three places in order, the trip is saved with all three, listed under My subscriptions by its
// places, and opened in directions again with every place. On a 360 px phone the panel with three
// stops fits, says a trip is full at five places, and moves and removes stops by keyboard. Axe finds
// nothing. (The saved trips' rules and alerts: test/integration/alerts/saved-trips.test.ts.)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../support/api';
import { freshUser, type TestUser } from '../integration/notifications/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, DESKTOP, isShown, launchBrowser, screenshot, waitForPath, signedInContext } from './support/browser';
import { choosePlace, placeField, type PlaceFieldName } from './support/directions';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  useStackTable();
  [browser, user] = await Promise.all([launchBrowser(), freshUser('multi-stop-trips')]);
});
afterAll(async () => {
  await browser?.close();
});

interface SavedPlaces {
  name: string;
  places: { lat: number; lng: number; label: string | null }[];
}
const tripsOf = async () => (await gql<{ savedTrips: SavedPlaces[] }>('query { savedTrips { name places { lat lng label } } }', {}, user.auth)).data!.savedTrips;

const mapReady = (page: Page) => page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
const panelOf = (page: Page) => page.getByRole('region', { name: 'Directions' });
const focusedId = (page: Page) => page.evaluate('document.activeElement && document.activeElement.id') as Promise<string | null>;
const isFocused = async (page: Page, field: PlaceFieldName) => (await placeField(page, field).getAttribute('id')) === (await focusedId(page));
const valuesOf = (page: Page, fields: PlaceFieldName[]) => Promise.all(fields.map((f) => placeField(page, f).inputValue()));

/** The locations of every directions request the page sends, in order. */
function recordDirections(page: Page): { lat: number; lng: number }[][] {
  const sent: { lat: number; lng: number }[][] = [];
  page.on('request', (request) => {
    const body = request.method() === 'POST' ? request.postData() : null;
    if (!body?.includes('query Directions')) return;
    sent.push((JSON.parse(body) as { variables: { locations: { lat: number; lng: number }[] } }).variables.locations);
  });
  return sent;
}
const near = (a: { lat: number; lng: number }, lat: number, lng: number) => Math.abs(a.lat - lat) < 0.01 && Math.abs(a.lng - lng) < 0.01;
// The places' points in data/places/nsw-localities.geojson (Parkes: its urban centre's).
const FORBES = [-33.378, 148.01] as const;
const BOGAN_GATE = [-33.095, 147.771] as const;
const PARKES = [-33.141, 148.176] as const;
const throughBoganGate = (locations: { lat: number; lng: number }[] | undefined) =>
  locations?.length === 3 && near(locations[0], ...FORBES) && near(locations[1], ...BOGAN_GATE) && near(locations[2], ...PARKES);

async function pressButton(page: Page, name: string): Promise<void> {
  await panelOf(page).getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

describe('trips through stops', { timeout: 240_000 }, () => {
  it('planned by keyboard through a stop, saved with its three places, listed by them and opened again', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: DESKTOP });
    try {
      const sent = recordDirections(page);
      await page.goto(`${APP_URL}/map`);
      await mapReady(page);
      const panel = panelOf(page);
      await choosePlace(page, 'From', 'Forbe', 'Forbes');
      await choosePlace(page, 'To', 'Park', 'Parkes');

      // Add a stop: it comes between From and To, and the cursor is in it.
      await pressButton(page, 'Add a stop');
      await placeField(page, 'Stop 1').waitFor();
      expect(await isFocused(page, 'Stop 1')).toBe(true);

      // Asked for directions with the stop empty: nothing is routed, the stop says what it needs.
      await pressButton(page, 'Get directions');
      const alert = panel.getByRole('alert');
      expect(await isShown(alert.filter({ hasText: 'Choose a place for each stop' }))).toBe(true);
      const stop = placeField(page, 'Stop 1');
      expect(await stop.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`[id="${await stop.getAttribute('aria-describedby')}"]`).textContent()).toBe('Choose a place for Stop 1, or remove it.');
      expect(await isFocused(page, 'Stop 1')).toBe(true);
      expect(sent).toEqual([]);

      await choosePlace(page, 'Stop 1', 'Bogan G', 'Bogan Gate');
      expect(await stop.getAttribute('aria-invalid')).toBeNull();
      await pressButton(page, 'Get directions');
      await panel.getByTestId('route-summary').waitFor({ timeout: 30_000 });
      expect(sent).toHaveLength(1);
      expect(throughBoganGate(sent[0])).toBe(true);

      const form = page.getByRole('form', { name: 'Save this trip' });
      await form.waitFor({ timeout: 30_000 });
      const name = form.getByLabel('Trip name');
      expect(await name.inputValue()).toBe('Forbes → Bogan Gate → Parkes');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'multi-stop-trip-desktop');
      await name.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await isShown(form.getByRole('status'), 20_000)).toBe(true);
      await expect.poll(async () => (await tripsOf()).map((t) => t.places.map((p) => p.label))).toEqual([['Forbes, NSW', 'Bogan Gate, NSW', 'Parkes, NSW']]);
      expect((await tripsOf())[0].name).toBe('Forbes → Bogan Gate → Parkes');

      await page.goto(`${APP_URL}/subscriptions`);
      const section = page.getByRole('region', { name: 'Saved trips' });
      // Saved under its suggested name, which says its places: the trip is listed by them once.
      await section.getByText('Forbes → Bogan Gate → Parkes', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await section.getByText('Forbes → Bogan Gate → Parkes', { exact: true }).count()).toBe(1);
      expect(await section.getByTestId('saved-trip-places').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'multi-stop-trip-subscriptions');

      // Open in directions, by keyboard: every place is back in order and the route is planned.
      await section.getByRole('link', { name: 'Open in directions' }).focus();
      await page.keyboard.press('Enter');
      await waitForPath(page, '/map');
      await panel.getByTestId('route-summary').waitFor({ timeout: 30_000 });
      expect(await valuesOf(page, ['From', 'Stop 1', 'To'])).toEqual(['Forbes, NSW', 'Bogan Gate, NSW', 'Parkes, NSW']);
      expect(sent).toHaveLength(2);
      expect(throughBoganGate(sent[1])).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('on a 360 px phone: fits with three stops, says five places is the most, moves and removes stops by keyboard', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360 });
    try {
      await page.goto(`${APP_URL}/map`);
      await mapReady(page);
      const panel = panelOf(page);
      // Phones start with the panel folded away.
      await panel.getByRole('button', { name: 'Show' }).click();
      await choosePlace(page, 'From', 'Forbe', 'Forbes');
      await choosePlace(page, 'To', 'Park', 'Parkes');
      for (let i = 0; i < 3; i += 1) await pressButton(page, 'Add a stop');
      await choosePlace(page, 'Stop 1', 'Bogan G', 'Bogan Gate');
      await choosePlace(page, 'Stop 2', 'Trundl', 'Trundle');

      const add = panel.getByRole('button', { name: 'Add a stop' });
      expect(await add.isDisabled()).toBe(true);
      const full = panel.getByText('A trip has at most 5 places: From, 3 stops and To. Remove a stop to add another.');
      expect(await full.isVisible()).toBe(true);
      expect(await add.getAttribute('aria-describedby')).toBe(await full.getAttribute('id'));
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await panel.screenshot({ path: 'test-results/multi-stop-trip-360.png' });
      await screenshot(page, 'multi-stop-trip-360-page');

      // Bogan Gate one later: it is Stop 2 now, and focus stays on its Move down.
      await pressButton(page, 'Move Stop 1 down');
      expect(await valuesOf(page, ['Stop 1', 'Stop 2'])).toEqual(['Trundle, NSW', 'Bogan Gate, NSW']);
      expect(await focusedId(page)).toBe(await panel.getByRole('button', { name: 'Move Stop 2 down' }).getAttribute('id'));
      expect(await panel.getByRole('status').filter({ hasText: 'Bogan Gate is now Stop 2.' }).count()).toBe(1);

      // The empty third stop removed: a stop can be added again, and focus is on Add a stop.
      await pressButton(page, 'Remove Stop 3');
      expect(await placeField(page, 'Stop 3').count()).toBe(0);
      expect(await add.isDisabled()).toBe(false);
      expect(await full.count()).toBe(0);
      expect(await focusedId(page)).toBe(await add.getAttribute('id'));
      expect(await valuesOf(page, ['From', 'Stop 1', 'Stop 2', 'To'])).toEqual(['Forbes, NSW', 'Trundle, NSW', 'Bogan Gate, NSW', 'Parkes, NSW']);
    } finally {
      await context.close();
    }
  });
});
