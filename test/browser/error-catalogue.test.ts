// The error messages of the product (docs/web-app.md, "Error messages") that no visitor
// can cause on purpose: a failing server, a push service without a token, a device that lost its
// council boundaries, a lazy file gone after a deployment. Each test makes the failure happen in
// the browser (the GraphQL call answered with an error, a file refused, the device's store
// emptied) and checks what the person sees. Nothing here changes the demo data: every change is
// refused by the faked answer before it reaches the server.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { clickOn } from './support/map';
import { readStoredLgaBundle } from './support/lga-bundle';
import { APP_URL, atPlace, isShown, launchBrowser, newPage, RESIDENT, screenshot, signedInContext, STAFF, waitForPath } from './support/browser';

const FORBES_TOWN = { latitude: -33.3847, longitude: 148.0072 };
// Two points on the Newell Highway north of Forbes: what a closure administrator clicks.
const NEWELL_SOUTH = { lng: 148.0617, lat: -33.3228 };
const NEWELL_NORTH = { lng: 148.08, lat: -33.3068 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
});

/** Signed in, the page still blank; its context closed after the run, so a failing test leaves nothing open. */
async function signedIn(email: string, options: Parameters<typeof signedInContext>[2] = {}): Promise<Page> {
  const { context, page } = await signedInContext(browser, email, options);
  contexts.push(context);
  onTestFailed(async () => screenshot(page, `error-catalogue-failed-${email.split('@')[0]}`));
  return page;
}

const graphqlError = (message: string, errorType = 'Internal') =>
  JSON.stringify({ data: null, errors: [{ message, errorType }] });

/** Answers the GraphQL calls whose body matches `operation` with `body`; every other call reaches the real stack. */
async function fail(page: Page, operation: RegExp, body: string): Promise<void> {
  await page.route('**/graphql', (route: Route) =>
    operation.test(route.request().postData() ?? '') ? route.fulfill({ status: 200, contentType: 'application/json', body }) : route.fallback(),
  );
}

const toast = (page: Page, text: string) => page.locator('.toast-region').getByText(text, { exact: true });

// --- The staff map: snapping a drawn line to the roads ------------------------------------------

interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
  getBoundingClientRect(): { left: number; top: number };
}
const mapElement = (page: Page) => page.locator('[data-testid="map"]');

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

const clickAt = (page: Page, point: { lng: number; lat: number }) => clickOn(page, mapElement(page), point);

describe('snapping to roads fails', { timeout: 120_000 }, () => {
  it("shows 'No path found…' (442) and, for any other failure, 'Unable to snap to roads' with the code and message; the point is not kept", async () => {
    const page = await signedIn(STAFF);
    let answer = graphqlError('No path found. Points may be too far apart.', 'ValidationError');
    await page.route('**/graphql', (route) =>
      /snapToRoads/.test(route.request().postData() ?? '')
        ? route.fulfill({ status: 200, contentType: 'application/json', body: answer })
        : route.fallback(),
    );
    await page.goto(`${APP_URL}/staff-map`);
    await waitForPath(page, '/staff-map');
    await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New closure' }).click();
    await jumpTo(page, { lng: 148.071, lat: -33.315 }, 13);
    await clickAt(page, NEWELL_SOUTH);
    await page.getByText('Region 1: 1 point(s)').waitFor();

    const panelAlert = page.getByRole('region', { name: 'Draw a closure' }).getByRole('alert');
    await clickAt(page, NEWELL_NORTH);
    await panelAlert.waitFor();
    expect(await panelAlert.textContent()).toBe('No path found. Points may be too far apart.');
    expect(await isShown(toast(page, 'No path found. Points may be too far apart.'))).toBe(true);
    await page.getByText('Region 1: 1 point(s)').waitFor();
    await screenshot(page, 'error-catalogue-snap-442');
    expect(await axeViolations(page)).toEqual([]);

    // Any other failure (here the service refusing for load): the words, the code and its message.
    answer = graphqlError('Too many requests', 'RateLimited');
    await clickAt(page, NEWELL_NORTH);
    const other = 'Unable to snap to roads: RateLimited Too many requests';
    await expect.poll(() => panelAlert.textContent()).toBe(other);
    expect(await isShown(toast(page, other))).toBe(true);
    await page.getByText('Region 1: 1 point(s)').waitFor();
  });
});

// --- Reopening a closure fails -------------------------------------------------------------------

describe('reopening a closure fails', { timeout: 90_000 }, () => {
  it("says 'Failed to reopen the closure: {message}' and the closure stays closed", async () => {
    const page = await signedIn(STAFF);
    await page.goto(`${APP_URL}/closures/active`);
    const first = page.locator('tbody tr a').first();
    await first.waitFor({ timeout: 30_000 });
    await first.click();
    const reopen = page.getByRole('button', { name: 'Reopen', exact: true });
    await reopen.waitFor({ timeout: 30_000 });
    await fail(page, /reopenClosure/, graphqlError('Failed to update closure document'));
    await reopen.click();
    const dialog = page.getByRole('dialog', { name: 'Reopen this road?' });
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    expect(await isShown(toast(page, 'Failed to reopen the closure: Failed to update closure document'))).toBe(true);
    // Nothing changed: the closure can still be reopened.
    expect(await isShown(reopen)).toBe(true);
    await screenshot(page, 'error-catalogue-reopen-failed');
    expect(await axeViolations(page)).toEqual([]);
  });
});

// --- Loading failures on the staff dashboard; counts fall back to 0 ------------------------------

describe("the dashboard's parts fail to load", { timeout: 90_000 }, () => {
  it('says which part failed, shows its counts as 0 and keeps the rest of the page', async () => {
    const page = await signedIn(STAFF);
    await fail(page, /dashboard\(|accessRequests\(|pendingClustersCard\(|mySubscriptions/, graphqlError('The server is resting'));
    await page.goto(`${APP_URL}/dashboard?tab=personal`);
    // Closure counts, recent changes and overdue closures come in one call: one toast names all three.
    expect(await isShown(toast(page, 'Failed to load closure counts, recent changes and overdue closures: The server is resting'), 30_000)).toBe(true);
    const closures = page.locator('.role-card[data-role="closure_administrator"]');
    for (const count of ['active', 'scheduled', 'recently-opened', 'reopening-overdue']) {
      expect(await closures.locator(`[data-count="${count}"] strong`).textContent()).toBe('0');
    }
    const accounts = page.locator('.role-card[data-role="account_manager"]');
    expect(await isShown(accounts.getByRole('alert').filter({ hasText: 'Failed to load access requests: The server is resting' }), 30_000)).toBe(true);
    const moderation = page.locator('.role-card[data-role="submission_moderator"]');
    expect(await isShown(moderation.getByRole('status').filter({ hasText: 'Failed to load incident reports. 0 pending.' }), 30_000)).toBe(true);
    expect(await isShown(page.getByRole('alert').filter({ hasText: 'Could not load the closures you follow.' }), 30_000)).toBe(true);
    expect(await page.getByRole('button', { name: 'Try again', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'error-catalogue-dashboard-failed');
    expect(await axeViolations(page)).toEqual([]);
  });
});

// --- Signing the "please join" request fails -----------------------------------------------------

describe('signing the request for a council to join fails', { timeout: 90_000 }, () => {
  it("shows 'Oops! Something went wrong signing the request.' and keeps the button", async () => {
    const page = await signedIn(RESIDENT);
    // Forbes is a customer; answered here as if it were not, so the resident sees the request card.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (/signLgaRequest/.test(body)) return route.fulfill({ status: 200, contentType: 'application/json', body: graphqlError('Request could not be stored') });
      if (!/\blga\(code/.test(body)) return route.fallback();
      const real = await route.fetch();
      const json = (await real.json()) as { data?: { lga?: { customerStatus?: string | null } | null } };
      if (json.data?.lga) json.data.lga.customerStatus = null;
      return route.fulfill({ response: real, body: JSON.stringify(json) });
    });
    await page.goto(`${APP_URL}/dashboard`);
    const sign = page.getByRole('button', { name: 'Sign the request for Forbes to join' });
    expect(await isShown(sign, 30_000)).toBe(true);
    await sign.click();
    const alert = page.locator('.lga-request-card').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Oops! Something went wrong signing the request.');
    expect(await sign.isVisible()).toBe(true);
    await screenshot(page, 'error-catalogue-sign-request-failed');
    expect(await axeViolations(page)).toEqual([]);
  });
});

// --- Push: the push service gives the device no token ---------------------------------------------

describe('push notifications without a registration token', { timeout: 90_000 }, () => {
  it("says 'No registration token available' and leaves push off", async () => {
    const page = await signedIn(RESIDENT, {
      // Push subscribes through the app's service worker.
      serviceWorker: true,
      prepare: async (context) => {
        // A browser that grants permission, then whose push service answers without an address or
        // keys. A string: this file is type-checked without the DOM library.
        await context.addInitScript(`
          Object.defineProperty(window, 'Notification', {
            configurable: true,
            value: Object.assign(function Notification() {}, {
              permission: 'default',
              requestPermission: async () => { window.Notification.permission = 'granted'; return 'granted'; },
            }),
          });
          PushManager.prototype.subscribe = async () => ({ endpoint: '', toJSON: () => ({ endpoint: '' }), unsubscribe: async () => true });
          PushManager.prototype.getSubscription = async () => null;
        `);
      },
    });
    let registered = 0;
    page.on('request', (request) => {
      if (/registerPushSubscription/.test(request.postData() ?? '')) registered++;
    });
    await page.goto(`${APP_URL}/dashboard`);
    const card = page.getByTestId('push-card');
    const button = card.getByRole('button', { name: 'Enable Push Notifications' });
    expect(await isShown(button, 30_000)).toBe(true);
    await button.click();
    expect(await isShown(toast(page, 'Could not change push notifications: No registration token available'), 30_000)).toBe(true);
    expect(await isShown(card.getByRole('button', { name: 'Enable Push Notifications' }))).toBe(true);
    expect(registered).toBe(0);
    await screenshot(page, 'error-catalogue-push-no-token');
    expect(await axeViolations(page)).toEqual([]);
  });
});

// --- Council boundaries (the LGA data bundle) ----------------------------------------------------

describe('council boundaries', { timeout: 90_000 }, () => {
  it("says 'No LGA data imports configured on the server' when the server has none", async () => {
    const { context, page } = await newPage(browser, PHONE_360);
    contexts.push(context);
    await fail(page, /lgaDataImport/, JSON.stringify({ data: { lgaDataImport: null } }));
    await page.goto(`${APP_URL}/init`);
    const error = page.getByRole('alert').filter({ hasText: 'No LGA data imports configured on the server' });
    expect(await isShown(error, 30_000)).toBe(true);
    expect(await error.textContent()).toContain('Council data could not be prepared');
    expect(await page.getByRole('button', { name: 'Try again', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'error-catalogue-no-lga-imports');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("says 'LGA data not cached' when the boundaries are gone from the device, and clears the stored timestamp", async () => {
    const page = await signedIn(RESIDENT, { prepare: atPlace(FORBES_TOWN) });
    await page.goto(`${APP_URL}/profile`);
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor({ timeout: 30_000 });
    expect((await readStoredLgaBundle(page)).timestamp).not.toBeNull();
    // The browser evicted the bundle but not its timestamp (storage pressure, a cleared site store).
    await page.evaluate(`new Promise((resolve, reject) => {
      const open = indexedDB.open('road-closures');
      open.onsuccess = () => {
        const tx = open.result.transaction('lga-data', 'readwrite');
        tx.objectStore('lga-data').delete('bundle');
        tx.oncomplete = () => { open.result.close(); resolve(null); };
        tx.onerror = () => reject(tx.error);
      };
      open.onerror = () => reject(open.error);
    })`);
    await form.getByRole('button', { name: 'Use my location' }).click();
    expect(await isShown(form.getByText('LGA data not cached', { exact: true }))).toBe(true);
    // The next guarded page sends the device to /init for a fresh copy.
    expect(await readStoredLgaBundle(page)).toEqual({ timestamp: null, features: null });
    await screenshot(page, 'error-catalogue-lga-not-cached');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("says 'Invalid coordinates' when the device reports a position that is not a number", async () => {
    const page = await signedIn(RESIDENT, {
      prepare: async (context) => {
        await context.addInitScript(`
          Geolocation.prototype.getCurrentPosition = function (ok) {
            setTimeout(() => ok({ coords: { latitude: NaN, longitude: NaN, accuracy: 5 }, timestamp: Date.now() }), 0);
          };
        `);
      },
    });
    await page.goto(`${APP_URL}/profile`);
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor({ timeout: 30_000 });
    const before = await form.getByLabel('Address').inputValue();
    await form.getByRole('button', { name: 'Use my location' }).click();
    expect(await isShown(form.getByText('Invalid coordinates', { exact: true }))).toBe(true);
    expect(await form.getByLabel('Address').inputValue()).toBe(before);
    expect(await axeViolations(page)).toEqual([]);
  });
});

// --- Reverse geocoding fails ----------------------------------------------------------------------

describe('reverse geocoding fails', { timeout: 90_000 }, () => {
  it('fills the address with the coordinates and shows no error, whether the server answers null or fails', async () => {
    const page = await signedIn(RESIDENT, { prepare: atPlace(FORBES_TOWN) });
    let answer = JSON.stringify({ data: { reverseGeocode: null } });
    await page.route('**/graphql', (route) =>
      /reverseGeocode/.test(route.request().postData() ?? '')
        ? route.fulfill({ status: 200, contentType: 'application/json', body: answer })
        : route.fallback(),
    );
    await page.goto(`${APP_URL}/profile`);
    const form = page.getByRole('form', { name: 'Profile' });
    await form.waitFor({ timeout: 30_000 });
    const address = form.getByLabel('Address');
    const coordinates = `${FORBES_TOWN.latitude.toFixed(5)}, ${FORBES_TOWN.longitude.toFixed(5)}`;
    await form.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => address.inputValue()).toBe(coordinates);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await address.getAttribute('aria-invalid')).not.toBe('true');

    answer = graphqlError('Geocoder unavailable');
    await address.fill('');
    await form.getByRole('button', { name: 'Use my location' }).click();
    await expect.poll(() => address.inputValue()).toBe(coordinates);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('Geocoder unavailable').count()).toBe(0);
    await screenshot(page, 'error-catalogue-reverse-geocode-null');
    expect(await axeViolations(page)).toEqual([]);
  });
});

// --- A lazy page's stylesheet is gone after a deployment ------------------------------------------

describe("a page's stylesheet fails to load (CSS_CHUNK_LOAD_FAILED)", { timeout: 60_000 }, () => {
  it("says 'The app was updated — reload to continue.' like a missing script, not a blank page", async () => {
    // No worker: the page's request must reach the (now missing) file, as after a deployment.
    const context = await browser.newContext({ viewport: PHONE_360, locale: 'en-AU', timezoneId: 'Australia/Sydney', bypassCSP: true, serviceWorkers: 'block' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${APP_URL}/home`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.route(/\/assets\/HelpPage-[^/]+\.css$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.getByRole('link', { name: 'Help' }).first().click();
    const banner = page.getByRole('alert').filter({ hasText: 'The app was updated — reload to continue.' });
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await page.getByText('This page stopped working').count()).toBe(0);
    await screenshot(page, 'error-catalogue-css-chunk-failed');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
