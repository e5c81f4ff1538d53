// The resident's side: a closure administrator's reminder lists its closures with
// "Mark actioned"; any council can be followed from /subscriptions/lgas, at most five.
// Phone width, axe-clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/api';
import { freshUser, type TestUser } from '../integration/notifications/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, launchBrowser, screenshot, signedInContext } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await freshUser('reminded');
  ({ context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360 }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A reminder as the daily schedule writes it (the schedule itself is covered by integration tests). */
async function seedReminder(): Promise<string> {
  const { db } = await import('../../lambdas/adapters/db/db');
  const { notificationId } = await import('../../lambdas/core/notifications/rules');
  const timestamp = Math.floor(Date.now() / 1000);
  const id = notificationId(`reminders:test:${timestamp}`, user.uid, timestamp);
  const data = {
    scheduled: [{ closureId: 'rem-scheduled', type: 'Roadworks', formattedAddress: 'Lachlan Street, Forbes', at: timestamp + 3600, actioned: false }],
    overdue: [{ closureId: 'rem-overdue', type: 'Flooding', formattedAddress: 'Bogan Gate Road, Forbes', at: timestamp - 86_400, actioned: false }],
    stale: [{ closureId: 'rem-stale', type: 'Event', at: timestamp - 8 * 86_400, actioned: true }],
  };
  await db().entities.notification.put({ uid: user.uid, id, timestamp, title: 'Closures to review in Forbes', body: '1 starting soon, 1 overdue for reopening, 1 not updated for 7 days', redirectTo: '/closures/reopening-overdue', resourceId: '12900', icon: 'clock', data }).go();
  return id;
}

describe('the resident side', { timeout: 60_000 }, () => {
  it('lists a reminder\'s closures and marks one actioned', async () => {
    const id = await seedReminder();
    await page.goto(`${APP_URL}/notifications/${encodeURIComponent(id)}`);
    const overdue = page.getByRole('region', { name: 'Overdue for reopening' });
    await overdue.getByRole('link', { name: 'Flooding: Bogan Gate Road, Forbes' }).waitFor();
    expect(await overdue.getByRole('link', { name: 'Flooding: Bogan Gate Road, Forbes' }).getAttribute('href')).toBe('/closures/rem-overdue');
    await expect(page.getByRole('region', { name: 'Starting soon' }).getByRole('button', { name: /^Mark actioned/ }).count()).resolves.toBe(1);
    const stale = page.getByRole('region', { name: 'Not updated for 7 days' });
    expect(await stale.getByText('Actioned', { exact: true }).count()).toBe(1);
    expect(await stale.getByRole('button').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    await overdue.getByRole('button', { name: 'Mark actioned: Flooding: Bogan Gate Road, Forbes' }).click();
    await overdue.getByText('Actioned', { exact: true }).waitFor();
    await screenshot(page, 'resident-reminder');
    // Stored: the server's copy says so too.
    const { db } = await import('../../lambdas/adapters/db/db');
    const { data: stored } = await db().entities.notification.query.byUser({ uid: user.uid }).go();
    const entry = (stored.find((n) => n.id === id)?.data as { overdue: { actioned: boolean }[] }).overdue[0];
    expect(entry?.actioned).toBe(true);
  });

  it('subscribes to any council from a searchable list, at most five, and unsubscribes', async () => {
    await page.goto(`${APP_URL}/subscriptions/lgas`);
    await page.getByLabel('Search councils').fill('parkes');
    await page.getByRole('button', { name: 'Subscribe to Parkes' }).click();
    const followed = page.getByRole('list', { name: 'Councils you follow' });
    await followed.getByText('Parkes', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // Four more through the API make five; the page then refuses a sixth.
    const { data } = await gql<{ lgas: { code: string; name: string }[] }>('query { lgas { code name } }', {}, user.auth);
    const others = data!.lgas.filter((l) => l.code !== '16200').slice(0, 5);
    for (const l of others.slice(0, 4)) expect((await gql(`mutation { subscribeToLga(code: "${l.code}") { lgas { code } } }`, {}, user.auth)).errors).toBeUndefined();
    await page.reload();
    await page.getByText('You can subscribe to at most 5 LGAs').waitFor();
    await page.getByLabel('Search councils').fill(others[4]!.name);
    expect(await page.getByRole('button', { name: `Subscribe to ${others[4]!.name}` }).first().isDisabled()).toBe(true);
    await screenshot(page, 'resident-lgas-full');

    await followed.getByRole('button', { name: 'Unsubscribe from Parkes' }).click();
    await followed.getByText('Parkes', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByText('You can subscribe to at most 5 LGAs').count()).toBe(0);
    const mine = await gql<{ mySubscriptions: { lgas: { code: string }[] } }>('query { mySubscriptions { lgas { code } } }', {}, user.auth);
    expect(mine.data!.mySubscriptions.lgas.map((l) => l.code).sort()).toEqual(others.slice(0, 4).map((l) => l.code).sort());
  });

  it('opens the public map at the zoom saved under /profile/map-view', async () => {
    const saved = await gql('mutation($i: ProfileInput!) { updateProfile(input: $i) { mapOptions } }', { i: { mapOptions: JSON.stringify({ zoom: 14, baseLayer: 'streets' }) } }, user.auth);
    expect(saved.errors).toBeUndefined();
    await page.goto(`${APP_URL}/map`);
    const map = page.locator('[data-testid="map"][data-map-ready="true"]');
    await map.waitFor({ timeout: 30_000 });
    // Without saved options the map fits the whole LGA (about zoom 9 for Forbes at 360 px).
    await expect
      .poll(() => map.evaluate((el) => Math.round((el as unknown as { __map: { getZoom(): number } }).__map.getZoom())), { timeout: 15_000 })
      .toBe(14);
    await screenshot(page, 'resident-map-zoom');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
  });
});
