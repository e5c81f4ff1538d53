// Communications as the council's media officer would use it (staff@forbes.example): a social
// content task from the three demo closures (generate, edit, approve, map image), the embed
// snippet pasted into a local HTML page (closures shown, visit counted), the open feeds picking up
// a new closure, and the DRFA export of this month as CSV and PDF. New screens: axe, 360 px.
// The embed follows closure changes live and, when the option is on, plans routes. Shared stack:
// the test finds the seeded demo closures by their own text and removes every closure it creates.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cifsIncidentId, wzdxRoadEventId } from '../../lambdas/core/comms/feeds';
import { CLOSURE_FIELDS } from '../../web/src/features/map/api/closure-fields';
import { axeViolations } from './support/a11y';
import { ADMIN, APP_URL, DESKTOP, STAFF, launchBrowser, newPage, screenshot, signedInContext, signedInPage, savedDownload } from './support/browser';
import { LIVE_CEILING_MS, watchRealtime } from './support/realtime';

const FORBES = '12900';
const RUN = Date.now().toString(36);
let browser: Browser;

// Page-side expressions as strings: this file is type-checked without the DOM library.
const overflowsAt360 = (page: Page) => page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
const clipboardText = (page: Page) => page.evaluate('navigator.clipboard.readText()') as Promise<string>;

const withClipboard = (context: BrowserContext) => context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
/** Signed in, on the page sign-in lands on (the API calls below read the page's own token). */
const signedIn = (email: string, viewport?: { width: number; height: number }) => signedInPage(browser, email, { viewport, prepare: withClipboard });
/** Signed in, the page still blank: for a test that opens its first page itself. */
const signedInBlank = (email: string, viewport?: { width: number; height: number }) => signedInContext(browser, email, { viewport, prepare: withClipboard });

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

type Listed = { id: string; reason: string | null };

/** The seeded demo closures, found by their own reasons in the whole list (other tests add closures). */
async function demoClosureIds(page: Page): Promise<string[]> {
  const wanted: Array<['ACTIVE' | 'SCHEDULED', string]> = [
    ['ACTIVE', 'Newell Highway closed south-west of Forbes'],
    ['ACTIVE', 'Pavement rehabilitation east of Forbes'],
    ['SCHEDULED', 'Road closed for the Forbes community fun run'],
  ];
  const ids: string[] = [];
  for (const [view, reason] of wanted) {
    let nextToken: string | null = null;
    let found: Listed | undefined;
    do {
      const data: { closuresByLga: { items: Listed[]; nextToken: string | null } } = await api(page, `query($t: String) { closuresByLga(lgaCode: "${FORBES}", view: ${view}, limit: 100, nextToken: $t) { items { id reason } nextToken } }`, { t: nextToken });
      found = data.closuresByLga.items.find((c) => c.reason?.startsWith(reason));
      nextToken = data.closuresByLga.nextToken;
    } while (!found && nextToken);
    expect(found, reason).toBeDefined();
    ids.push(found!.id);
  }
  return ids;
}

/** A Forbes closure of this test's own, on the seeded flood's real road geometry. */
async function createOwnClosure(page: Page, input: Record<string, unknown>): Promise<string> {
  const [floodId] = await demoClosureIds(page);
  const flood = await api<{ closure: { regions: Array<{ geometry: string }> } }>(page, `query($id: ID!) { closure(id: $id) { regions { geometry } } }`, { id: floodId });
  // The mutations select the map's fields: a realtime subscriber receives only what the mutation selected.
  const { createClosure } = await api<{ createClosure: { id: string } }>(page, `mutation($input: ClosureInput!) { createClosure(input: $input) { ${CLOSURE_FIELDS} } }`, {
    input: { lgaCode: FORBES, type: 'hazard', regions: [{ geometry: flood.closure.regions[0].geometry }], ...input },
  });
  return createClosure.id;
}

const deleteClosure = (page: Page, id: string) => api(page, `mutation($id: ID!) { deleteClosure(id: $id) { ${CLOSURE_FIELDS} } }`, { id });

/** The council's own website: a page with the snippet, served from another origin (http, as sites are). */
async function councilSite(snippet: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><title>Forbes Shire Council</title></head><body><h1>Road closures</h1>${snippet}</body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** Web storage and IndexedDB databases the page has written (the embed must write none). */
const storedItems = (page: Page) => page.evaluate('indexedDB.databases().then((dbs) => dbs.length + localStorage.length + sessionStorage.length)') as Promise<number>;

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
    session = await signedInBlank(STAFF);
    const { page } = session;
    await page.goto(`${APP_URL}/comms/tasks?lga=${FORBES}`);
    await page.getByRole('heading', { name: 'New task' }).waitFor();
    await page.locator('.comms-closures input[type=checkbox]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Task name').fill(`Weekend roads ${RUN}`);
    // The seeded demo closures: the Newell Highway flood, the roadworks east of Forbes, the scheduled event.
    for (const id of await demoClosureIds(page)) await page.locator(`input[data-closure-id="${id}"]`).check();
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
    // The post names the closure's detour (the seeded flood has one).
    expect(await posts.nth(0).locator('textarea').inputValue()).toMatch(/\nDetour: Use Henry Parkes Way/);

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
    const png = readFileSync(await savedDownload(download));
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

  // The staff preview stays open until a real visit has been counted: by then it would have
  // asked to count itself, had it been going to.
  let preview: Awaited<ReturnType<typeof signedIn>>;
  const previewVisitCalls: string[] = [];

  it('copies the embed snippet with the chosen options and previews it', async () => {
    preview = await signedInBlank(STAFF);
    const { page } = preview;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('recordEmbedVisit')) previewVisitCalls.push(request.frame().url());
    });
    await page.goto(`${APP_URL}/comms/integration?lga=${FORBES}`);
    await page.getByLabel('Show first').selectOption('list');
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    snippet = await clipboardText(page);
    expect(snippet).toContain(`/lga-embed?lga=${FORBES}&amp;first=list&amp;directions=1`);
    await page.frameLocator('iframe.comms-preview').getByRole('heading', { name: 'Road closures in Forbes' }).waitFor({ timeout: 20_000 });
    await page.frameLocator('iframe.comms-preview').locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'comms-integration');
  });

  it('a local council page embedding the snippet shows the closures and the visit is counted; the staff preview is not', async () => {
    admin = await signedIn(ADMIN);
    const before = await visits();
    const site = await councilSite(snippet);
    // Its own browser: a visit is one browser a day, and other tests' browsers share the default user agent.
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-AU', bypassCSP: true, userAgent: `Mozilla/5.0 (council-site visitor ${Date.now()})` });
    const visitor = { context, page: await context.newPage() };
    await visitor.page.goto(site.url);
    const frame = visitor.page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Road closures in Forbes' }).waitFor({ timeout: 20_000 });
    await frame.locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
    expect(await frame.locator('.closure-list__item').count()).toBeGreaterThanOrEqual(2);
    await screenshot(visitor.page, 'comms-embedded-on-council-site');
    await expect.poll(visits, { timeout: 10_000 }).toBe(before + 1);
    // Loading the council's page again the same day is the same visit.
    await visitor.page.reload();
    await frame.locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
    expect(previewVisitCalls).toEqual([]);
    await preview.context.close();
    await visitor.context.close();
    site.server.close();
    expect(await visits()).toBe(before + 1);
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
    expect(await axeViolations(visitor.page)).toEqual([]);
    // Nothing persisted by the embed: no web storage and no IndexedDB database written.
    expect(await storedItems(visitor.page)).toBe(0);
    await screenshot(visitor.page, 'comms-embed-360');
    await visitor.context.close();
    const { context, page } = await signedInBlank(STAFF, phone);
    for (const screen of ['/comms/tasks', '/comms/integration', '/comms/evidence']) {
      await page.goto(`${APP_URL}${screen}?lga=${FORBES}`);
      await page.locator('.comms-page h2').first().waitFor();
      expect(await overflowsAt360(page), screen).toBe(false);
    }
    await screenshot(page, 'comms-evidence-360');
    await context.close();
  });
});

// Two pages, a sign-in and a realtime round trip: slower than one screen on a loaded machine.
describe('the embedded map, live and with directions', { timeout: 90_000 }, () => {
  it('without directions it has no route planner, and a closure created and deleted through the API comes and goes without a reload', async () => {
    const visitor = await newPage(browser);
    const realtime = watchRealtime(visitor.page);
    const staff = await signedIn(STAFF);
    let id: string | null = null;
    try {
      await visitor.page.goto(`${APP_URL}/lga-embed?lga=${FORBES}&first=map&directions=0`);
      await visitor.page.getByRole('heading', { name: 'Road closures in Forbes' }).waitFor({ timeout: 20_000 });
      await visitor.page.locator('.closure-list__item').first().waitFor({ timeout: 20_000 });
      expect(await visitor.page.getByRole('region', { name: 'Directions' }).count()).toBe(0);
      // The list comes from the map file at once; a change made before the live subscription is
      // confirmed would reach the embed only with the file's next copy, so the change waits for it.
      await realtime.subscribed('onClosureChanged');

      id = await createOwnClosure(staff.page, { reason: `Embed live ${RUN}`, detour: `Embed detour ${RUN}` });
      const item = visitor.page.locator(`.closure-list__item[data-closure-id="${id}"]`);
      await item.waitFor({ timeout: LIVE_CEILING_MS });
      await item.click();
      const detail = visitor.page.getByRole('region', { name: 'Closure details' });
      await detail.getByText(`Embed detour ${RUN}`).waitFor();
      await screenshot(visitor.page, 'comms-embed-live');

      await deleteClosure(staff.page, id);
      id = null;
      await item.waitFor({ state: 'detached', timeout: 20_000 });
      expect(await storedItems(visitor.page)).toBe(0);
    } finally {
      if (id) await deleteClosure(staff.page, id);
      await visitor.context.close();
      await staff.context.close();
    }
  });

  it('with directions it plans a route anonymously and stores nothing', async () => {
    const visitor = await newPage(browser);
    try {
      await visitor.page.goto(`${APP_URL}/lga-embed?lga=${FORBES}&directions=1`);
      const panel = visitor.page.getByRole('region', { name: 'Directions' });
      for (const [field, query, expected] of [['From', 'Forbe', 'Forbes'], ['To', 'Park', 'Parkes']] as const) {
        const input = panel.getByRole('combobox', { name: field });
        await input.fill(query);
        const listbox = panel.getByRole('listbox', { name: `${field} suggestions` });
        await listbox.getByRole('option', { name: new RegExp(`^${expected} NSW`) }).first().waitFor();
        // Picked with the keyboard (the list is inside the embed's scrolling side panel).
        const index = (await listbox.getByRole('option').allTextContents()).findIndex((text) => text.startsWith(`${expected} NSW`));
        for (let i = 0; i <= index; i += 1) await input.press('ArrowDown');
        await input.press('Enter');
        await expect.poll(() => input.inputValue()).toMatch(new RegExp(`^${expected}, NSW`));
      }
      await panel.getByRole('button', { name: 'Get directions' }).click();
      const summary = panel.getByTestId('route-summary');
      await summary.waitFor({ timeout: 30_000 });
      expect(await summary.textContent()).toMatch(/km · about/);
      expect(await axeViolations(visitor.page)).toEqual([]);
      expect(await storedItems(visitor.page)).toBe(0);
      await screenshot(visitor.page, 'comms-embed-directions');
    } finally {
      await visitor.context.close();
    }
  });
});

describe('open feeds', () => {
  // The feeds promise a closure within a minute (their Cache-Control); on a stack that earlier
  // journeys filled with generated demo data, each change also rebuilds the all-LGA feeds.
  // Roadworks on the Newell Highway: in all three feeds (WZDx carries roadworks on named roads).
  it('a new closure appears in the GeoJSON, WZDx and Waze feeds', { timeout: 150_000 }, async () => {
    const { context, page } = await signedIn(STAFF);
    const id = await createOwnClosure(page, { type: 'roadworks', reason: `Feed check ${RUN}`, detour: `Feed detour ${RUN}` });
    try {
      const { closure } = await api<{ closure: { regions: Array<{ id: string }> } }>(page, `query($id: ID!) { closure(id: $id) { regions { id } } }`, { id });
      const regionId = closure.regions[0].id;
      const idIn = { 'closures.geojson': id, 'wzdx.json': wzdxRoadEventId(id, regionId, 'as-drawn'), 'waze.xml': cifsIncidentId(id, regionId) };
      for (const [file, feedId] of Object.entries(idIn)) {
        await expect.poll(async () => (await (await fetch(`${APP_URL}/feeds/${FORBES}/${file}`)).text()).includes(feedId), { timeout: 60_000, interval: 1_000 }).toBe(true);
      }
      // The detour travels with it: a property of its own in GeoJSON, in the description elsewhere.
      for (const file of ['closures.geojson', 'wzdx.json', 'waze.xml']) {
        expect(await (await fetch(`${APP_URL}/feeds/${FORBES}/${file}`)).text(), file).toContain(`Feed detour ${RUN}`);
      }
    } finally {
      await deleteClosure(page, id);
      await context.close();
    }
  });
});

describe('DRFA evidence export', () => {
  it('exports the Forbes report for this month as CSV and PDF', async () => {
    const { context, page } = await signedInBlank(STAFF);
    await page.goto(`${APP_URL}/comms/evidence?lga=${FORBES}`);
    await page.getByRole('heading', { name: 'Export closures' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^drfa-evidence-12900-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await savedDownload(csv), 'utf8');
    expect(text.split('\r\n')[0]).toContain('"First in effect","In effect until","Closed (hours)","Changed conditions (hours)","Periods"');
    expect(text).toContain('"Flooding"');
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF report' }).click()]);
    const bytes = readFileSync(await savedDownload(pdf));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-8).toString()).toContain('%%EOF');
    expect(bytes.length).toBeGreaterThan(1_000);
    await page.getByText(/^Exported \d+ closures? of Forbes\.$/).waitFor();
    await screenshot(page, 'comms-evidence');
    await context.close();
  });
});
