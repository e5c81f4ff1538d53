// Unsealed roads in a browser: staff@forbes.example restricts Forbes' unsealed
// roads from the dashboard card's modal (the form refuses GVM 0 and a 600-character message with
// the spec's words); a Forbes follower on /map sees the banner and the notification arrive live;
// archive and reactivate on /lga/12900/announcements; the resident's dashboard shows the banner
// until the roads open again; a visitor meets the login-required dialog on
// Subscribe; a resident subscribes from a closure's panel (/map?closure=ID) and to a second LGA
// from the map. New screens at 360 px, axe-clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn } from '../support/api';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, ADMIN, isShown, launchBrowser, newPage, RESIDENT, screenshot, signedInContext, STAFF, waitForPath } from './support/browser';

const NARROW = { width: 360, height: 780 };
const FORBES = '12900';
const PARKES = '16200';

let browser: Browser;
const contexts: BrowserContext[] = [];
let staffPage: Page;
let residentPage: Page;
let residentToken: string;
let staffToken: string;

async function open(viewport = NARROW): Promise<Page> {
  const { context, page } = await newPage(browser, viewport);
  contexts.push(context);
  return page;
}

/** As open, signed in as `email` (the page still blank). */
async function openSignedIn(email: string): Promise<Page> {
  const { context, page } = await signedInContext(browser, email, { viewport: NARROW });
  contexts.push(context);
  return page;
}

const noHorizontalScroll = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth + 1');

/** datetime-local text for tomorrow at this time (the browser's zone is Australia/Sydney). */
function tomorrowLocal(): string {
  const d = new Date(Date.now() + 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  [residentToken, staffToken] = await Promise.all([signIn(RESIDENT).then((t) => t.accessToken), signIn(STAFF).then((t) => t.accessToken)]);
  // Start from open, with the resident following Forbes and not following Parkes.
  for (let i = 0; i < 5; i++) {
    const r = await gql<{ setUnsealedRoadsStatus: { announcement: unknown } }>(
      'mutation($c: String!) { setUnsealedRoadsStatus(lgaCode: $c, input: { status: OPEN }) { announcement { id } } }',
      { c: FORBES },
      { token: staffToken },
    );
    const now = await gql<{ unsealedRoadsStatus: { announcement: unknown } }>('query($c: String!) { unsealedRoadsStatus(lgaCode: $c) { announcement { id } } }', { c: FORBES });
    if (!r.errors && !now.data!.unsealedRoadsStatus.announcement) break;
  }
  await gql('mutation { subscribeToLga(code: "12900") { lgas { code } } }', {}, { token: residentToken });
  await gql('mutation { unsubscribeFromLga(code: "16200") { lgas { code } } }', {}, { token: residentToken });
  await gql('mutation { markAllNotificationsRead }', {}, { token: residentToken });
});

afterAll(async () => {
  // Leave the demo resident following what other journeys expect: Forbes, not Parkes.
  if (residentToken) await gql('mutation { unsubscribeFromLga(code: "16200") { lgas { code } } }', {}, { token: residentToken });
  // And Forbes' unsealed roads open again, so no banner sits over other journeys' maps.
  if (staffToken) await gql('mutation($c: String!) { setUnsealedRoadsStatus(lgaCode: $c, input: { status: OPEN }) { announcement { id } } }', { c: FORBES }, { token: staffToken });
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('unsealed roads', { timeout: 120_000 }, () => {
  it('the resident on /map sees no banner while Forbes is open', async () => {
    residentPage = await openSignedIn(RESIDENT);
    await residentPage.goto(`${APP_URL}/map`);
    // The first visit installs the council boundaries beside the map; the bar waits for them.
    await residentPage.getByRole('button', { name: /Subscribe to Forbes|Unsubscribe from Forbes/ }).waitFor({ timeout: 45_000 });
    expect(await residentPage.getByTestId('unsealed-banner').count()).toBe(0);
  });

  it('staff restrict Forbes from the dashboard card; the form refuses GVM 0 and an over-long message', async () => {
    staffPage = await openSignedIn(STAFF);
    await staffPage.goto(`${APP_URL}/dashboard`);
    await waitForPath(staffPage, '/dashboard');
    const card = staffPage.getByTestId('unsealed-card');
    await card.getByText('Unsealed roads open').waitFor();
    await card.getByRole('button', { name: 'Change unsealed roads status' }).click();
    const dialog = staffPage.getByRole('dialog', { name: /Unsealed roads in/ });
    await dialog.getByRole('radio', { name: /Restricted/ }).check();
    expect(await axeViolations(staffPage)).toEqual([]);
    await screenshot(staffPage, 'announcements-modal-step1');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const message = dialog.getByLabel('Message (optional)');
    expect(await message.inputValue()).toContain('4.5 t');
    const gvm = dialog.getByLabel('Maximum gross vehicle mass (tonnes)');
    expect(await gvm.inputValue()).toBe('4.5');

    await gvm.fill('0');
    await message.fill('x'.repeat(600));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Maximum GVM must be between 1 and 50 tonnes').waitFor();
    await dialog.getByText('Message is too long (maximum 500 characters)').waitFor();
    expect(await axeViolations(staffPage)).toEqual([]);
    expect(await noHorizontalScroll(staffPage)).toBe(true);
    await screenshot(staffPage, 'announcements-modal-errors');

    await gvm.fill('4.5');
    await message.fill('Unsealed roads are open to vehicles of 4.5 t GVM or less after heavy rain.');
    await dialog.getByLabel('Automatically expire (optional)').fill(tomorrowLocal());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Unsealed roads restricted').waitFor();
    await card.getByText('Vehicles over 4.5 t GVM must not use unsealed roads.').waitFor();
  });

  it('the Forbes follower gets the banner and the notification live on /map', async () => {
    const banner = residentPage.getByTestId('unsealed-banner');
    await banner.getByText('Forbes: Unsealed roads restricted').waitFor({ timeout: 10_000 });
    await banner.getByText('Vehicles over 4.5 t GVM must not use unsealed roads.').waitFor();
    await residentPage.getByText('Unsealed roads restricted in Forbes').first().waitFor({ timeout: 10_000 });
    expect(await noHorizontalScroll(residentPage)).toBe(true);
    await screenshot(residentPage, 'announcements-map-banner');
    expect(await axeViolations(residentPage)).toEqual([]);
    const notes = await gql<{ notifications: { items: { title: string }[] } }>('query { notifications(limit: 10) { items { title } } }', {}, { token: residentToken });
    expect(notes.data!.notifications.items.filter((n) => n.title === 'Unsealed roads restricted in Forbes').length).toBeGreaterThanOrEqual(1);
  });

  it('archive and reactivate on /lga/12900/announcements; the map banner follows live', async () => {
    await staffPage.goto(`${APP_URL}/lga/${FORBES}/announcements`);
    const item = staffPage.getByTestId('announcement').filter({ hasText: 'Unsealed roads restricted' }).first();
    await item.waitFor();
    expect(await axeViolations(staffPage)).toEqual([]);
    expect(await noHorizontalScroll(staffPage)).toBe(true);
    await screenshot(staffPage, 'announcements-list');
    await item.getByRole('button', { name: 'Archive' }).click();
    await staffPage.getByTestId('announcement').filter({ hasText: 'Unsealed roads restricted' }).first().getByRole('button', { name: 'Reactivate' }).waitFor();
    await residentPage.getByTestId('unsealed-banner').waitFor({ state: 'detached', timeout: 10_000 });

    const archived = staffPage.getByTestId('announcement').filter({ hasText: 'Unsealed roads restricted' }).first();
    await archived.getByLabel('New expiry (optional)').fill(tomorrowLocal());
    await archived.getByRole('button', { name: 'Reactivate' }).click();
    await staffPage.getByTestId('announcement').filter({ hasText: 'Unsealed roads restricted' }).first().getByRole('button', { name: 'Archive' }).waitFor();
    await residentPage.getByTestId('unsealed-banner').getByText('Forbes: Unsealed roads restricted').waitFor({ timeout: 10_000 });
  });

  it("the resident's dashboard shows their council's unsealed roads while restricted, and nothing once open", async () => {
    await residentPage.goto(`${APP_URL}/dashboard`);
    const banner = residentPage.getByTestId('unsealed-banner');
    await banner.getByText('Forbes: Unsealed roads restricted').waitFor({ timeout: 10_000 });
    await banner.getByText('Vehicles over 4.5 t GVM must not use unsealed roads.').waitFor();
    expect(await banner.getAttribute('aria-label')).toBe('Unsealed roads in Forbes');
    expect(await axeViolations(residentPage)).toEqual([]);
    expect(await noHorizontalScroll(residentPage)).toBe(true);
    await screenshot(residentPage, 'announcements-dashboard-banner');
    // Live: staff open the roads again and the banner goes without a reload.
    const opened = await gql('mutation($c: String!) { setUnsealedRoadsStatus(lgaCode: $c, input: { status: OPEN }) { status } }', { c: FORBES }, { token: staffToken });
    expect(opened.errors).toBeUndefined();
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
  });
});

describe('subscribing from the map', { timeout: 120_000 }, () => {
  it('a visitor meets the login-required dialog on Subscribe', async () => {
    const visitor = await open();
    await visitor.goto(`${APP_URL}/map`);
    await visitor.getByRole('button', { name: 'Subscribe to Forbes' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Sign in needed' });
    await dialog.getByText('You need to be logged in to subscribe to Forbes.').waitFor();
    await dialog.getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'announcements-login-required');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a resident subscribes from a closure panel (/map?closure=ID) and to a second LGA', async () => {
    const admin = (await signIn(ADMIN)).accessToken;
    const lng = 148.0 + Math.random() * 0.05;
    const lat = -32.95 + Math.random() * 0.05;
    const created = await gql<{ createClosure: { id: string } }>(
      'mutation($input: ClosureInput!) { createClosure(input: $input) { id } }',
      { input: { lgaCode: PARKES, type: 'hazard', reason: 'Tree down', regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + 0.002, lat + 0.001]] }) }] } },
      { token: admin },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createClosure.id;
    await residentPage.goto(`${APP_URL}/map?closure=${id}`);
    const subscribe = residentPage.getByRole('button', { name: 'Subscribe', exact: true });
    await subscribe.click();
    await residentPage.getByRole('button', { name: 'Unsubscribe', exact: true }).waitFor();
    // The map centred on the closure, in Parkes: follow Parkes too.
    await residentPage.getByRole('button', { name: 'Subscribe to Parkes' }).click();
    await residentPage.getByRole('button', { name: 'Unsubscribe from Parkes' }).waitFor();
    await screenshot(residentPage, 'announcements-map-subscribed');
    expect(await axeViolations(residentPage)).toEqual([]);
    const mine = await gql<{ mySubscriptions: { closures: { id: string }[]; lgas: { code: string }[] } }>('query { mySubscriptions { closures { id } lgas { code } } }', {}, { token: residentToken });
    expect(mine.data!.mySubscriptions.closures.map((c) => c.id)).toContain(id);
    expect(mine.data!.mySubscriptions.lgas.map((l) => l.code)).toEqual(expect.arrayContaining([FORBES, PARKES]));
  });

  it("tells an ex-customer's announcement manager why nothing can change, not that there are no announcements", async () => {
    const { ensureStaff, WEDDIN } = await import('../integration/reports/support');
    const { useStackTable } = await import('../support/api');
    useStackTable();
    const { db } = await import('../../lambdas/adapters/db/db');
    await db().entities.customer.put({ lgaCode: WEDDIN, subscriptionStatus: 'canceled' }).go();
    const email = `announcer-${Date.now()}@weddin.example`;
    await ensureStaff(email, WEDDIN, ['announcement_manager']);
    await db().entities.announcement.create({ lgaCode: WEDDIN, id: `archived-${Date.now()}`, type: 'general', title: 'Archived before the council left', status: 'archived' }).go();
    const { context: other, page: staffPage } = await signedInContext(browser, email, { viewport: PHONE_360 });
    try {
      // /comms/announcements is for active customers; the council's own page stays open to its staff.
      await staffPage.goto(`${APP_URL}/lga/${WEDDIN}/announcements`);
      await staffPage.waitForURL((url) => url.pathname === `/lga/${WEDDIN}/announcements`, { timeout: 60_000 });
      const notice = staffPage.getByRole('status').filter({ hasText: 'is not active: only the announcements the public sees are listed' });
      const shown = await isShown(notice, 30_000);
      if (!shown) await screenshot(staffPage, 'announcements-ex-customer-failed');
      expect(shown).toBe(true);
      expect(await staffPage.getByText('No announcements yet.').count()).toBe(0);
      expect(await staffPage.getByRole('button', { name: 'Change unsealed roads status' }).isDisabled()).toBe(true);
      expect(await axeViolations(staffPage)).toEqual([]);
      expect(await fitsWidth(staffPage)).toBe(true);
      await screenshot(staffPage, 'announcements-ex-customer');
    } finally {
      await other.close();
    }
  });
});
