// A closure administrator's works and costs and the claim pack (staff@forbes.example): on a closure
// tagged to a flood they enter its road segment and chainage (a wrong chainage is explained),
// traffic control and labour by keyboard, then download the event's claim pack from the DRFA
// screen and its registers hold the entries and the totals. Both screens have no axe violations
// and fit 360 px. Shared stack: the test deletes the closure it creates.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords, unzip } from '../integration/comms/pack-reader';
import { axeViolations } from './support/a11y';
import { APP_URL, STAFF, launchBrowser, screenshot, signedInPage, savedDownload } from './support/browser';

const FORBES = '12900';
const RUN = Date.now().toString(36);
let browser: Browser;
let cleanup: (() => Promise<unknown>) | undefined;

const overflowsAt360 = (page: Page) => page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
const tokenOf = (page: Page) =>
  page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')).map((k) => localStorage.getItem(k))[0]") as Promise<string>;

async function api<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${APP_URL}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: await tokenOf(page) }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data!;
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await cleanup?.().catch(() => undefined);
  await browser?.close();
});

describe('works, costs and the claim pack', { timeout: 150_000 }, () => {
  it('enters traffic control and labour on a closure and downloads the event\'s claim pack', async () => {
    const { context, page } = await signedInPage(browser, STAFF);
    const lng = 147.65 + Math.random() * 0.2;
    const lat = -33.52 + Math.random() * 0.08;
    const input = { lgaCode: FORBES, type: 'flood', reason: `Claim pack ${RUN}`, regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + 0.002, lat + 0.001]] }) }] };
    const { createClosure } = await api<{ createClosure: { id: string } }>(page, 'mutation($i: ClosureInput!) { createClosure(input: $i) { id } }', { i: input });
    const id = createClosure.id;
    cleanup = () => api(page, 'mutation($id: ID!) { deleteClosure(id: $id) { id } }', { id });
    const name = `Claim flood ${RUN}`;
    const { saveDisasterEvent } = await api<{ saveDisasterEvent: { id: string } }>(page, 'mutation($i: DisasterEventInput!) { saveDisasterEvent(input: $i) { id } }', {
      i: { lgaCode: FORBES, name, agrn: 'AGRN 1034', startDay: day(3), measures: ['emergency_works'] },
    });
    await api(page, 'mutation($i: EventTagInput!) { tagEventClosures(input: $i) { id } }', { i: { eventId: saveDisasterEvent.id, closureIds: [id] } });

    await page.goto(`${APP_URL}/closures/${id}/works`);
    await page.getByRole('heading', { name: 'Road segment and chainage' }).waitFor();
    // The segment and chainage by keyboard; an end before the start is explained, then corrected.
    await page.getByLabel('Road segment id').focus();
    await page.keyboard.type('NEWELL-0412');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.350');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.100');
    await page.keyboard.press('Enter');
    await page.getByText('The end chainage cannot be before the start chainage').waitFor();
    expect(await page.getByLabel('Chainage end (km)').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Chainage end (km)').fill('13.100');
    await page.getByLabel('Chainage end (km)').press('Enter');
    await page.getByRole('status').filter({ hasText: 'Segment saved.' }).waitFor();

    // Traffic control: 3 devices for three days (9 device-days), by keyboard.
    await page.getByLabel('Kind').selectOption('traffic_control');
    await page.getByLabel('Devices', { exact: true }).focus();
    await page.keyboard.type('3');
    await page.getByLabel('First day').fill(day(2));
    await page.getByLabel('Last day').fill(day(0));
    await page.getByLabel(/^Devices used/).fill('Road closed signs and barriers');
    await page.getByLabel(/^Devices used/).press('Enter');
    await page.getByText(/Traffic control: 3 devices/).waitFor();
    // Labour: 7.5 hours.
    await page.getByLabel('Kind').selectOption('labour');
    await page.getByLabel('Hours').fill('7.5');
    await page.getByLabel('Description').fill('Two crew clearing debris');
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByText(/Labour: 7.5 h/).waitFor();
    const totals = page.getByRole('definition');
    await expect.poll(() => totals.allTextContents()).toEqual(['7.5 h', '0 h', '9 device-days', '$0.00']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-works');
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await overflowsAt360(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-works-360');

    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${APP_URL}/comms/evidence?lga=${FORBES}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Labour 7.5 h, plant 0 h, 9 device-days, $0.00');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Download claim pack/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^drfa-claim-12900-agrn-1034-claim-flood-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzip(new Uint8Array(readFileSync(await savedDownload(download))));
    const works = csvRecords(files, 'registers/works-and-costs.csv');
    expect(works.map((w) => [w.Kind, w['Device-days'], w.Hours]).sort()).toEqual([['Labour', '', '7.5'], ['Traffic control', '9', '']]);
    expect(csvRecords(files, 'registers/closures.csv')).toEqual([expect.objectContaining({ 'Closure id': id, 'Road segment id': 'NEWELL-0412', 'Chainage start (km)': '12.35', 'Chainage end (km)': '13.1' })]);
    const sheet = Object.fromEntries(csvRecords(files, 'registers/totals.csv').map((r) => [r.Item, r.Value]));
    expect(sheet).toMatchObject({ Labour: '7.5', 'Traffic control': '9', AGRN: 'AGRN 1034' });
    await row.getByRole('status').filter({ hasText: 'Claim pack saved (1 closure).' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-claim-pack');

    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    expect(await overflowsAt360(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-claim-pack-360');
    await context.close();
  });
});
