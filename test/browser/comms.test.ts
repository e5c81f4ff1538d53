// Communications as the council's media officer would use it (staff@forbes.example): a social
// content task from the three demo closures (generate, edit, approve, map image), the embed
// snippet pasted into a local HTML page (closures shown, visit counted), the open feeds picking up
// a new closure, and the DRFA export of this month as CSV and PDF. New screens: axe, 360 px.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, APP_URL, STAFF, isShown, launchBrowser, newPage, screenshot, signInWithForm, waitForPath } from './support/browser';

const FORBES = '12900';
const RUN = Date.now().toString(36);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;

/**
 * WCAG 2.2 A/AA violations as axe-core reports them (ids and where): of the whole document, or of
 * the page content only (`#main`) for signed-in screens, whose shared app bar is not this feature's.
 */
async function axeViolations(page: Page, scope: 'document' | 'main' = 'main'): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const within = scope === 'main' ? "{ include: [['#main']] }" : 'document';
  const tags = JSON.stringify(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const result = (await page.evaluate(`axe.run(${within}, { runOnly: { type: 'tag', values: ${tags} } })`)) as { violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
  return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

// Page-side expressions as strings: this file is type-checked without the DOM library.
const overflowsAt360 = (page: Page) => page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
const clipboardText = (page: Page) => page.evaluate('navigator.clipboard.readText()') as Promise<string>;

async function signedIn(email: string, viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
  await signInWithForm(page, email);
  await waitForPath(page, '/dashboard');
  return { context, page };
}

/** The signed-in page's own access token (Amplify keeps it in localStorage). */
const tokenOf = (page: Page) =>
  page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')).map((k) => localStorage.getItem(k))[0]") as Promise<string>;

async function api<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const token = await tokenOf(page);
  const res = await fetch(`${APP_URL}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data!;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('social content task', () => {
  let session: Awaited<ReturnType<typeof signedIn>>;
  afterAll(async () => session?.context.close());

  it('creates a task from the three demo closures', async () => {
    session = await signedIn(STAFF);
    const { page } = session;
    await page.goto(`${APP_URL}/comms/tasks?lga=${FORBES}`);
    await page.getByRole('heading', { name: 'New task' }).waitFor();
    await page.locator('.comms-closures input[type=checkbox]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Task name').fill(`Weekend roads ${RUN}`);
    // The seeded demo closures: the Newell Highway flood, the roadworks east of Forbes, the scheduled event.
    const demo = await api<{ closuresByLga: { items: Array<{ id: string; type: { value: string } }> } }>(page, `query { closuresByLga(lgaCode: "${FORBES}", view: ACTIVE, limit: 100) { items { id type { value } reason } } }`, {});
    const scheduled = await api<{ closuresByLga: { items: Array<{ id: string; type: { value: string } }> } }>(page, `query { closuresByLga(lgaCode: "${FORBES}", view: SCHEDULED, limit: 100) { items { id type { value } } } }`, {});
    const pick = (items: Array<{ id: string; type: { value: string } }>, type: string) => [...items].reverse().find((c) => c.type.value === type)!.id;
    const ids = [pick(demo.closuresByLga.items, 'flood'), pick(demo.closuresByLga.items, 'roadworks'), pick(scheduled.closuresByLga.items, 'event')];
    for (const id of ids) await page.locator(`input[data-closure-id="${id}"]`).check();
    await page.getByRole('button', { name: 'Create task' }).click();
    await page.waitForURL(/\/comms\/tasks\/12900-/);
  });

  it('generates the posts, edits one, copies one, approves', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Generate posts' }).click();
    await page.getByText('Awaiting Approval', { exact: true }).waitFor({ timeout: 30_000 });
    const posts = page.locator('[data-post-index]');
    expect(await posts.count()).toBe(3);
    expect(await posts.nth(0).locator('textarea').inputValue()).toMatch(/ROAD CLOSED: Newell Highway/);

    await posts.nth(1).locator('textarea').fill('Roadworks east of Forbes: expect delays. Details on the map.');
    await posts.nth(1).getByRole('button', { name: 'Save post' }).click();
    await page.getByText('Post saved.').waitFor();
    await posts.nth(0).getByRole('button', { name: 'Copy post' }).click();
    expect(await clipboardText(page)).toMatch(/ROAD CLOSED/);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.reload();
    expect(await page.locator('[data-post-index="1"] textarea').inputValue()).toBe('Roadworks east of Forbes: expect delays. Details on the map.');
  });

  it('downloads a PNG map image of the task\'s closures', async () => {
    const { page } = session;

    const button = page.getByRole('button', { name: 'Download map image (PNG)' });
    await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const png = readFileSync((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(5_000);
    await screenshot(page, 'comms-task');
  });
});

describe('website integration and the embedded map', () => {
  let snippet = '';
  let admin: Awaited<ReturnType<typeof signedIn>>;
  afterAll(async () => admin?.context.close());
  const visits = async () => (await api<{ embeddedMapVisits: { total: number } }>(admin.page, `{ embeddedMapVisits { total } }`, {})).embeddedMapVisits.total;

  it('copies the embed snippet with the chosen options and previews it', async () => {
    const { context, page } = await signedIn(STAFF);
    await page.goto(`${APP_URL}/comms/integration?lga=${FORBES}`);
    await page.getByLabel('Show first').selectOption('list');
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    snippet = await clipboardText(page);
    expect(snippet).toContain(`/lga-embed?lga=${FORBES}&amp;first=list&amp;directions=1`);
    await page.frameLocator('iframe.comms-preview').locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'comms-integration');
    await context.close();
  });

  it('a local council page embedding the snippet shows the closures and the visit is counted', async () => {
    admin = await signedIn(ADMIN);
    const before = await visits();
    const dir = mkdtempSync(path.join(tmpdir(), 'council-site-'));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><title>Forbes Shire Council</title></head><body><h1>Road closures</h1>${snippet}</body></html>`);
    const visitor = await newPage(browser);
    await visitor.page.goto(`file://${path.join(dir, 'index.html')}`);
    const frame = visitor.page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Road closures in Forbes' }).waitFor({ timeout: 20_000 });
    await frame.locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
    expect(await frame.locator('.closure-list__item').count()).toBeGreaterThanOrEqual(2);
    await screenshot(visitor.page, 'comms-embedded-on-council-site');
    await expect.poll(visits, { timeout: 10_000 }).toBe(before + 1);
    await visitor.context.close();
  });

  it('admins see the visits per day as a chart', async () => {
    await admin.page.goto(`${APP_URL}/admin/embedded-map-visits`);
    await admin.page.getByRole('heading', { name: /visits in total/ }).waitFor();
    await admin.page.locator('.comms-chart canvas').waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'comms-embed-visits');
  });

  it('the embed and the communications screens fit a 360 px phone', async () => {
    const phone = { width: 360, height: 780 };
    const visitor = await newPage(browser, phone);
    await visitor.page.goto(`${APP_URL}/lga-embed?lga=${FORBES}`);
    await visitor.page.locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
    expect(await overflowsAt360(visitor.page)).toBe(false);
    expect(await axeViolations(visitor.page, 'document')).toEqual([]);
    // Nothing persisted by the embed: no web storage and no IndexedDB database written.
    const stored = await visitor.page.evaluate('indexedDB.databases().then((dbs) => dbs.length + localStorage.length + sessionStorage.length)');
    expect(stored).toBe(0);
    await screenshot(visitor.page, 'comms-embed-360');
    await visitor.context.close();
    const { context, page } = await signedIn(STAFF, phone);
    for (const screen of ['/comms/tasks', '/comms/integration', '/comms/evidence']) {
      await page.goto(`${APP_URL}${screen}?lga=${FORBES}`);
      await page.locator('.comms-page h2').first().waitFor();
      expect(await overflowsAt360(page), screen).toBe(false);
    }
    await screenshot(page, 'comms-evidence-360');
    await context.close();
  });
});

describe('open feeds', () => {
  it('a new closure appears in the GeoJSON, WZDx and Waze feeds', async () => {
    const { context, page } = await signedIn(STAFF);
    const flood = await api<{ closuresByLga: { items: Array<{ regions: Array<{ geometry: string }> }> } }>(page, `query { closuresByLga(lgaCode: "${FORBES}", view: ACTIVE, limit: 1) { items { regions { geometry } } } }`, {});
    const reason = `Feed check ${RUN}`;
    const { createClosure } = await api<{ createClosure: { id: string } }>(page, `mutation($input: ClosureInput!) { createClosure(input: $input) { id lgaCode } }`, {
      input: { lgaCode: FORBES, type: 'hazard', reason, regions: [{ geometry: flood.closuresByLga.items[0].regions[0].geometry }] },
    });
    for (const file of ['closures.geojson', 'wzdx.json', 'waze.xml']) {
      await expect.poll(async () => (await (await fetch(`${APP_URL}/feeds/${FORBES}/${file}`)).text()).includes(createClosure.id), { timeout: 20_000 }).toBe(true);
    }
    await context.close();
  });
});

describe('DRFA evidence export', () => {
  it('exports the Forbes report for this month as CSV and PDF', async () => {
    const { context, page } = await signedIn(STAFF);
    await page.goto(`${APP_URL}/comms/evidence?lga=${FORBES}`);
    await page.getByRole('heading', { name: 'Export closures' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^drfa-evidence-12900-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toContain('"First closed","Reopened","Duration (hours)","Activity timeline"');
    expect(text).toContain('"Flooding"');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF report' }).click()]);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2_000);
    await page.getByText(/^Exported \d+ closures? of Forbes\.$/).waitFor();
    await screenshot(page, 'comms-evidence');
    await context.close();
  });
});
