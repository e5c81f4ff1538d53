// The alerts journey end to end, all in the browser: a resident's address shows as verified for
// alerts, they add a mobile and verify it with the code read off the local SMS stand-in (/dev/sms),
// draw a watched area over the Newell Highway north of Forbes on /map, plan and save the trip
// Forbes → Parkes, and turn email (at once) and texts on for both under My subscriptions. A closure
// administrator then closes a stretch of that road, inside the area and on the trip's route, on the
// staff map. Each kind of subscription
// reaches the resident exactly once on each channel: one mail and one text for the area, one mail
// and one text for the trip (on /dev/mail and /dev/sms), and two notifications in the app, the
// trip's naming the extra minutes (or that there is no way around).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable } from '../support/api';
import { FORBES, freshUser, notificationsOf, type TestUser } from '../integration/notifications/support';
import { axeViolations } from './support/a11y';
import { ADMIN, APP_URL, DESKTOP, isShown, launchBrowser, screenshot, STAFF, waitForPath, signedInContext } from './support/browser';
import { planForbesToParkes } from './support/directions';
import { clickAt, jumpTo, mapOf } from './support/map';

const SPENDING = 'query($c: String!) { smsSpending(lgaCode: $c) { capCents } }';
const SET_CAP = 'mutation($c: String!, $cap: Int!) { setSmsSpendingCap(lgaCode: $c, capCents: $cap) { capCents } }';

/**
 * Two points 2.4 km apart on the Newell Highway north of Forbes, on vertices of the road data: the
 * road a Forbes → Parkes trip takes; the staff map snaps the closure between them.
 */
const ROAD_WEST = { lng: 148.0617, lat: -33.3228 };
const ROAD_EAST = { lng: 148.08, lat: -33.3068 };
const AREA_CENTRE = { lng: 148.071, lat: -33.315 };
/** A square about 5 km a side around that stretch. */
const AREA = [
  { lng: AREA_CENTRE.lng - 0.03, lat: AREA_CENTRE.lat - 0.022 },
  { lng: AREA_CENTRE.lng + 0.03, lat: AREA_CENTRE.lat - 0.022 },
  { lng: AREA_CENTRE.lng + 0.03, lat: AREA_CENTRE.lat + 0.022 },
  { lng: AREA_CENTRE.lng - 0.03, lat: AREA_CENTRE.lat + 0.022 },
];
const AREA_NAME = 'North of town';
const TRIP_NAME = 'Forbes → Parkes';
const TRIP_ALERT = new RegExp(`^Your trip ${TRIP_NAME} now meets a closure (on|near) .+; (the way around is \\d+ minutes? longer|there is no way around it)$`);

let browser: Browser;
let user: TestUser;
let admin: { token: string };
let capBefore: number | undefined;
const mobile = `04${String(Date.now() % 100_000_000).padStart(8, '0')}`;
const e164 = `+61${mobile.slice(1)}`;

beforeAll(async () => {
  useStackTable();
  [browser, user] = await Promise.all([launchBrowser(), freshUser('journey')]);
  // Texts go only within the council's monthly cap: the administrator's (set by keyboard in
  // sms-cap.test.ts) is raised here and put back afterwards.
  admin = { token: (await signIn(ADMIN)).accessToken };
  capBefore = (await gql<{ smsSpending: { capCents: number } }>(SPENDING, { c: FORBES }, admin)).data!.smsSpending.capCents;
  await gql(SET_CAP, { c: FORBES, cap: 1_000_000 }, admin);
});
afterAll(async () => {
  if (capBefore !== undefined) await gql(SET_CAP, { c: FORBES, cap: capBefore }, admin);
  await browser?.close();
});

/** The rows of a local outbox page (/dev/mail or /dev/sms) addressed to `to`, each as its cells' text. */
async function outboxRows(page: Page, path: '/dev/mail' | '/dev/sms', to: string): Promise<string[][]> {
  await page.goto(`${APP_URL}${path}`);
  const rows = await page.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => Array.from((tr as unknown as { cells: ArrayLike<{ textContent: string | null }> }).cells, (td) => (td.textContent ?? '').trim())),
  );
  return rows.filter((cells) => cells[1] === to);
}
/** /dev/mail's subjects to the resident. */
const mailSubjects = async (page: Page) => (await outboxRows(page, '/dev/mail', user.email)).map((cells) => cells[2]);
/** /dev/sms's texts to the resident's mobile, the verification code aside. */
const alertTexts = async (page: Page) => (await outboxRows(page, '/dev/sms', e164)).map((cells) => cells[2]).filter((body) => !/code is \d{6}/.test(body));

describe('the alerts journey', { timeout: 300_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  let outbox: Page;
  let closureId = '';

  beforeAll(async () => {
    ({ context, page } = await signedInContext(browser, user.email, { viewport: DESKTOP }));
    outbox = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await screenshot(page, 'alerts-journey-failed-resident');
    await screenshot(outbox, 'alerts-journey-failed-outbox');
  });
  afterAll(async () => {
    await context?.close();
    // The closure sits on the Newell Highway north of Forbes, which later files' Forbes → Parkes
    // and Peak Hill trips take on this stack: it goes with the journey.
    if (!closureId) return;
    const deleted = await gql('mutation($id: ID!) { deleteClosure(id: $id) { id } }', { id: closureId }, { token: (await signIn(STAFF)).accessToken });
    expect(deleted.errors).toBeUndefined();
  });

  it('the resident: a verified address, a mobile verified with the code from /dev/sms', async () => {
    await page.goto(`${APP_URL}/profile/notifications`);
    const panel = page.getByRole('region', { name: 'Email and text alerts' });
    expect(await isShown(panel.getByText(user.email, { exact: true }))).toBe(true);
    expect(await isShown(panel.getByText('Verified', { exact: true }))).toBe(true);
    const field = page.getByLabel('Mobile number');
    await field.fill(mobile);
    await field.press('Enter');
    expect(await isShown(page.getByText('Waiting for the code'))).toBe(true);
    // The code, as the person reads it off their phone: here the stand-in's outbox.
    let code: string | undefined;
    await expect
      .poll(async () => {
        const texts = await outboxRows(outbox, '/dev/sms', e164);
        code = texts.map((cells) => /code is (\d{6})/.exec(cells[2])?.[1]).find(Boolean);
        return code;
      }, { timeout: 20_000 })
      .toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code').fill(code!);
    await page.getByLabel('6-digit code').press('Enter');
    expect(await isShown(panel.getByText(e164))).toBe(true);
    await expect.poll(() => panel.getByText('Verified', { exact: true }).count(), { timeout: 15_000 }).toBe(2);
  });

  it('the resident: an area drawn over the Newell Highway north of Forbes on /map', async () => {
    await page.goto(`${APP_URL}/map`);
    await mapOf(page).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Watch an area' }).click();
    expect(await isShown(page.getByRole('heading', { name: 'Watch an area' }))).toBe(true);
    await page.locator('[data-testid="map"]').scrollIntoViewIfNeeded();
    await jumpTo(page, AREA_CENTRE, 11);
    for (const corner of AREA) await clickAt(page, corner);
    expect(await isShown(page.getByText('4 corners'))).toBe(true);
    await page.getByLabel('Name').fill(AREA_NAME);
    await page.getByRole('button', { name: 'Watch this area' }).click();
    expect(await isShown(page.getByText(new RegExp(`You are watching ${AREA_NAME}`)))).toBe(true);
  });

  it('the resident: Forbes → Parkes planned in directions and saved', async () => {
    const form = await planForbesToParkes(page);
    expect(await form.getByLabel('Trip name').inputValue()).toBe(TRIP_NAME);
    await form.getByRole('button', { name: 'Save this trip' }).click();
    expect(await isShown(form.getByRole('status'), 20_000)).toBe(true);
    expect(await form.getByRole('status').textContent()).toMatch(/^Saved\./);
  });

  it('the resident: email at once and texts on, for the area and for the trip, on My subscriptions', async () => {
    await page.goto(`${APP_URL}/subscriptions`);
    const channels = async () => {
      const zones = await gql<{ watchZones: { channels: { email: string; sms: boolean } }[] }>('query { watchZones { channels { email sms } } }', {}, user.auth);
      const trips = await gql<{ savedTrips: { email: string; sms: boolean }[] }>('query { savedTrips { email sms } }', {}, user.auth);
      return [zones.data!.watchZones.map((z) => z.channels), trips.data!.savedTrips.map(({ email, sms }) => ({ email, sms }))];
    };
    for (const name of [AREA_NAME, TRIP_NAME]) {
      const email = page.getByLabel(`Email about ${name}`);
      expect(await isShown(email, 20_000)).toBe(true);
      await email.selectOption('immediate');
      await expect.poll(() => email.inputValue()).toBe('immediate');
      // Clicked, not check(): the switch shows the change once the email choice before it is saved.
      const texts = page.getByLabel(`Texts about ${name}`);
      await texts.click();
      await expect.poll(() => texts.isChecked(), { timeout: 15_000 }).toBe(true);
    }
    await expect.poll(channels, { timeout: 15_000 }).toEqual([[{ email: 'immediate', sms: true }], [{ email: 'immediate', sms: true }]]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-journey-subscriptions');
  });

  it('a closure administrator closes that road on the staff map', async () => {
    const { context: staffContext, page: staff } = await signedInContext(browser, STAFF);
    try {
      await staff.goto(`${APP_URL}/staff-map`);
      await waitForPath(staff, '/staff-map');
      await mapOf(staff).waitFor({ timeout: 30_000 });
      await staff.getByRole('button', { name: 'New closure' }).click();
      await jumpTo(staff, AREA_CENTRE, 13);
      await clickAt(staff, ROAD_WEST);
      await staff.getByText('Region 1: 1 point(s)').waitFor();
      await clickAt(staff, ROAD_EAST);
      await staff.getByText('Region 1: 2 point(s)').waitFor();
      await staff.getByRole('button', { name: 'Continue to details' }).click();
      const form = staff.getByRole('form', { name: 'New closure details' });
      const reason = `Floodwater over the road ${Date.now().toString(36)}`;
      await form.getByLabel('Type').selectOption('flood');
      await form.getByLabel('Reason').fill(reason);
      await form.getByRole('button', { name: 'Create closure' }).click();
      await staff.getByText('The closure was created.').waitFor();
      const row = staff.locator('.closure-list__item', { hasText: reason });
      await row.waitFor({ timeout: 15_000 });
      closureId = (await row.getAttribute('data-closure-id'))!;
      expect(closureId).toBeTruthy();
      await screenshot(staff, 'alerts-journey-staff-closed');
    } finally {
      await staffContext.close();
    }
  });

  it('reaches the resident once per kind on each channel: /dev/mail, /dev/sms and the in-app list', async () => {
    const mine = async () => (await notificationsOf(user)).filter((n) => n.resourceId === closureId);
    // Wait for all six to arrive (the alert queue and the trip routing take their time)...
    const arrived = async <T>(read: () => Promise<T[]>, count: number): Promise<T[]> => {
      const until = Date.now() + 90_000;
      let items = await read();
      while (items.length < count && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 1_000));
        items = await read();
      }
      return items;
    };
    const trips = () => gql('query { savedTrips { name places { lat lng label } } watchZones { polygon { lat lng } } }', {}, user.auth);
    expect((await arrived(mine, 2)).length, `${JSON.stringify(await mine())} ${JSON.stringify(await trips())}`).toBeGreaterThanOrEqual(2);
    expect((await arrived(() => mailSubjects(outbox), 2)).length).toBeGreaterThanOrEqual(2);
    expect((await arrived(() => alertTexts(outbox), 2)).length).toBeGreaterThanOrEqual(2);
    // ...then give a doubled send (a retried batch, a second consumer) the time to land, and count.
    await page.waitForTimeout(3_000);

    const subjects = await mailSubjects(outbox);
    expect(subjects.filter((s) => /^Road closed: /.test(s)), subjects.join(' | ')).toHaveLength(1);
    // The trip's subject is its whole sentence, what the closure costs included.
    expect(subjects.filter((s) => TRIP_ALERT.test(s)), subjects.join(' | ')).toHaveLength(1);
    expect(subjects).toHaveLength(2);
    await screenshot(outbox, 'alerts-journey-dev-mail');

    const texts = await alertTexts(outbox);
    expect(texts.filter((t) => /^Road closed: /.test(t)), texts.join(' | ')).toHaveLength(1);
    // One text, with what the closure costs kept whole ("Your" and "now" go first when it is long).
    expect(texts.filter((t) => /^(Your trip|Trip) Forbes -> Parkes .*; (the way around is \d+ minutes? longer|there is no way around it) http/.test(t)), texts.join(' | ')).toHaveLength(1);
    expect(texts).toHaveLength(2);
    await screenshot(outbox, 'alerts-journey-dev-sms');

    const notes = await mine();
    expect(notes.filter((n) => n.body?.startsWith(`In your watched area “${AREA_NAME}”`)), JSON.stringify(notes)).toHaveLength(1);
    expect(notes.filter((n) => TRIP_ALERT.test(n.title)), JSON.stringify(notes)).toHaveLength(1);
    expect(notes).toHaveLength(2);

    // The in-app list shows each once.
    await page.goto(`${APP_URL}/notifications`);
    const recent = page.getByRole('region', { name: 'Recent' });
    expect(await isShown(recent.getByText(TRIP_ALERT))).toBe(true);
    expect(await recent.getByText(TRIP_ALERT).count()).toBe(1);
    expect(await recent.getByText(`In your watched area “${AREA_NAME}”`, { exact: false }).count()).toBe(1);
    await screenshot(page, 'alerts-journey-notifications');
  });
});
