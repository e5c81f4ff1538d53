// A closure administrator's DRFA claim (staff@forbes.example): records a flood with its AGRN on the
// evidence screen, tags three closures to it (one backdated, one with changed conditions), one is
// reopened, and the event's CSV shows each closure's periods closed and with changed conditions and
// the AGRN. The screen has no axe violations, works by keyboard and fits 360 px. Shared stack: the
// test removes every closure it creates.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y';
import { APP_URL, STAFF, launchBrowser, screenshot, signedInPage, savedDownload } from './support/browser';

const FORBES = '12900';
const RUN = Date.now().toString(36);
let browser: Browser;
const created: string[] = [];
let cleanupPage: Page | undefined;

const overflowsAt360 = (page: Page) => page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
const tokenOf = (page: Page) =>
  page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')).map((k) => localStorage.getItem(k))[0]") as Promise<string>;

async function api<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${APP_URL}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: await tokenOf(page) }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data!;
}

async function closure(page: Page, reason: string, extra: Record<string, unknown>): Promise<string> {
  const lng = 147.65 + Math.random() * 0.2;
  const lat = -33.52 + Math.random() * 0.08;
  const input = { lgaCode: FORBES, type: 'flood', reason, regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + 0.002, lat + 0.001]] }) }], ...extra };
  const { createClosure } = await api<{ createClosure: { id: string } }>(page, 'mutation($i: ClosureInput!) { createClosure(input: $i) { id } }', { i: input });
  created.push(createClosure.id);
  return createClosure.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  if (cleanupPage) for (const id of created) await api(cleanupPage, 'mutation($id: ID!) { deleteClosure(id: $id) { id } }', { id }).catch(() => undefined);
  await browser?.close();
});

describe('a DRFA claim for a flood', { timeout: 120_000 }, () => {
  it('records the event, tags closures, and exports the periods and the AGRN', async () => {
    const { context, page } = await signedInPage(browser, STAFF);
    cleanupPage = page;
    const now = Math.floor(Date.now() / 1000);
    const backdated = await closure(page, `DRFA backdated ${RUN}`, { scheduledFor: now - 6 * 3600 });
    const changed = await closure(page, `DRFA changed ${RUN}`, { condition: 'changed', type: 'roadworks' });
    const third = await closure(page, `DRFA third ${RUN}`, {});
    await api(page, 'mutation($id: ID!) { reopenClosure(id: $id) { id } }', { id: backdated });

    await page.goto(`${APP_URL}/comms/evidence?lga=${FORBES}`);
    await page.getByRole('heading', { name: 'Record a disaster event' }).waitFor();
    // By keyboard: type into each field, tick a measure with Space, submit with Enter.
    const name = `Lachlan flood ${RUN}`;
    await page.getByLabel('Event name').focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('AGRN 1034');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    await page.getByLabel('First day').fill(yesterday);
    await page.getByLabel('Emergency works').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Event name').focus();
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('AGRN 1034');

    await row.getByRole('button', { name: /Tag closures/ }).click();
    await page.getByRole('heading', { name: `Closures of ${name}` }).waitFor();
    // The checklist lists the closures in effect during the event's days in the export's order.
    const { drfaEvidence } = await api<{ drfaEvidence: { closures: Array<{ id: string }> } }>(
      page, 'query($l: String!, $f: AWSDate, $t: AWSDate) { drfaEvidence(lgaCode: $l, fromDay: $f, toDay: $t) { closures { id } } }', { l: FORBES, f: yesterday, t: today },
    );
    const order = drfaEvidence.closures.map((c) => c.id);
    const boxes = page.locator('.comms-closures input[type="checkbox"]');
    for (const id of [backdated, changed, third]) await boxes.nth(order.indexOf(id)).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save tags' }).click();
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();

    await page.getByRole('combobox', { name: /^Closures/ }).selectOption({ label: `Tagged to ${name} (AGRN 1034)` });
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^drfa-evidence-12900-agrn-1034-/);
    const lines = readFileSync(await savedDownload(csv), 'utf8').split('\r\n');
    const rowOf = (id: string) => lines.find((l) => l.startsWith(`"${id}"`))!;
    expect(lines.filter((l) => l.includes('"AGRN 1034"'))).toHaveLength(3);
    expect(rowOf(backdated)).toMatch(/"Closed \d\d\/\d\d\/\d{4}, \d\d:\d\d to \d\d\/\d\d\/\d{4}, \d\d:\d\d"/);
    expect(rowOf(backdated)).toMatch(/"6\.\d","0\.0"/);
    expect(rowOf(changed)).toContain('"Changed conditions"');
    expect(rowOf(changed)).toMatch(/"0\.0","0\.\d","Changed conditions /);
    expect(rowOf(third)).toContain('"Still in effect"');
    await screenshot(page, 'drfa-event-export');

    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('heading', { name: 'Disaster events' }).waitFor();
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    expect(await overflowsAt360(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-events-360');
    await context.close();
  });
});
