// System administration in the browser as admin@example.com: a visitor's enquiry and feedback
// arrive live in /admin/enquiries; a client error thrown in a visitor's browser shows up grouped
// in /admin/diagnostics; a modified LGA bundle is published and a signed-in resident's app
// downloads it again (the "local data installed" guard), then the previous import is restored.
// Global state: the LGA bundle and Forbes' LGA record are renamed for the publish step and
// restored by the rollback in the same test (also after a failure); roles are never touched.
// Each new screen is checked with axe-core (WCAG 2.2 A/AA), at 360 px and with the keyboard.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/api';
import { axeViolations, fitsWidth } from './support/a11y';
import { LIVE_CEILING_MS, watchRealtime, type Realtime } from './support/realtime';
import { ADMIN, APP_URL, RESIDENT, launchBrowser, newPage, screenshot, signInWithForm, waitForPath } from './support/browser';

const id = Date.now().toString(36);
const forbesName = async () => (await gql<{ lga: { name: string } }>('query { lga(code: "12900") { name } }')).data?.lga.name;
const ERROR_MESSAGE = `Admin test error ${id}`;

describe('system administration', { timeout: 120_000 }, () => {
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };
  let visitor: { context: BrowserContext; page: Page };
  let adminRealtime: Realtime;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newPage(browser);
    adminRealtime = watchRealtime(admin.page);
    visitor = await newPage(browser);
    await signInWithForm(admin.page, ADMIN);
    await waitForPath(admin.page, '/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the landing with its counts, axe-clean', async () => {
    await admin.page.goto(`${APP_URL}/admin`);
    await admin.page.getByRole('heading', { level: 1, name: 'System Administration' }).waitFor();
    await admin.page.getByText(/\d+ open/).waitFor();
    await admin.page.getByText(/client errors? in the last 24 h/).waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'admin-01-landing');
  });

  it('receives a visitor enquiry and feedback live, and filters feedback', async () => {
    await admin.page.goto(`${APP_URL}/admin/enquiries`);
    await admin.page.getByRole('heading', { level: 1, name: 'Enquiries' }).waitFor();
    await admin.page.getByRole('list', { name: 'Enquiries' }).or(admin.page.getByText('Nothing here yet.')).waitFor();
    // The server has confirmed the live subscription before the visitor sends.
    await adminRealtime.subscribed('onEnquirySubmitted');

    const v = visitor.page;
    await v.goto(`${APP_URL}/home`);
    const contact = v.getByRole('region', { name: 'Councils: get in touch' });
    await contact.getByLabel('Name').fill(`Casey ${id}`);
    await contact.getByLabel('Work email').fill(`casey.${id}@shire.example`);
    await contact.getByLabel('Council or organisation (optional)').fill('Example Shire');
    await contact.getByLabel('Message').fill('We would like a demo for our council.');
    await contact.getByRole('button', { name: 'Send enquiry' }).click();
    await contact.getByRole('status').waitFor();

    // Feedback with the keyboard only: open, fill, send.
    await v.getByRole('button', { name: 'Feedback' }).focus();
    await v.keyboard.press('Enter');
    const dialog = v.getByRole('dialog', { name: 'Send feedback' });
    await dialog.waitFor();
    await v.keyboard.type(`Fran ${id}`);
    await v.keyboard.press('Tab');
    await v.keyboard.type(`fran.${id}@example.com`);
    await v.keyboard.press('Tab');
    await v.keyboard.type('The home page reads well.');
    await v.keyboard.press('Tab');
    await v.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    const list = admin.page.getByRole('list', { name: 'Enquiries' });
    await list.getByText(`Casey ${id}`).waitFor({ timeout: LIVE_CEILING_MS });
    await list.getByText(`Fran ${id}`).waitFor({ timeout: LIVE_CEILING_MS });
    const feedback = list.getByRole('listitem').filter({ hasText: `Fran ${id}` });
    expect(await feedback.textContent()).toContain('Page /home');
    expect(await axeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'admin-02-enquiries-live');

    await admin.page.getByRole('button', { name: 'Feedback', exact: true }).first().click();
    await admin.page.waitForURL((url) => url.searchParams.get('kind') === 'FEEDBACK');
    await list.getByText(`Fran ${id}`).waitFor();
    expect(await list.getByText(`Casey ${id}`).count()).toBe(0);

    // Mark handled and reply go through the API; the card says so.
    await feedback.getByRole('button', { name: 'Mark handled' }).click();
    await feedback.getByText('Handled', { exact: true }).waitFor();
  });

  it('groups a client error thrown in two visitors\' browsers in diagnostics', async () => {
    for (let i = 0; i < 2; i++) {
      const { context, page } = await newPage(browser);
      await page.goto(`${APP_URL}/home`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const reported = page.waitForRequest((r) => r.url().includes('/graphql') && (r.postData() ?? '').includes(ERROR_MESSAGE));
      await page.evaluate((message) => setTimeout(() => { throw new Error(message); }), ERROR_MESSAGE);
      await reported;
      await page.waitForTimeout(300);
      await context.close();
    }
    await admin.page.goto(`${APP_URL}/admin/diagnostics`);
    const group = admin.page.getByRole('list', { name: 'Client errors' }).getByRole('listitem').filter({ hasText: ERROR_MESSAGE });
    await group.waitFor();
    expect(await group.getByLabel('2 occurrences').count()).toBe(1);
    expect(await group.textContent()).toContain('Route /home');
    await admin.page.getByText('Not applicable locally', { exact: false }).waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'admin-03-diagnostics');
  });

  it('finds an LGA and shows its managers, axe-clean', async () => {
    await admin.page.goto(`${APP_URL}/admin/lga-managers`);
    await admin.page.getByLabel('Find an LGA').fill('forbes');
    await admin.page.getByRole('button', { name: /^Forbes \(NSW\) · 12900/ }).click();
    await admin.page.getByRole('heading', { name: 'Forbes (12900)' }).waitFor();
    await admin.page.getByText('staff@forbes.example').first().waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'admin-04-lga-managers');
  });

  it('fits every new screen on a 360 px phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-AU', bypassCSP: true, serviceWorkers: 'block', storageState: await admin.context.storageState() });
    const page = await phone.newPage();
    for (const [route, heading] of [['/admin', 'System Administration'], ['/admin/enquiries', 'Enquiries'], ['/admin/diagnostics', 'Diagnostics'], ['/admin/lga-managers', 'LGA managers'], ['/admin/lga-data', 'LGA data']]) {
      await page.goto(`${APP_URL}${route}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
      await page.locator('.page-loader').first().waitFor({ state: 'detached' });
      expect(await fitsWidth(page), route).toBe(true);
      await screenshot(page, `admin-05-phone${route.replaceAll('/', '-')}`);
    }
    await phone.close();
  });

  it('publishes a modified LGA bundle that a signed-in resident\'s app downloads again, then rolls back', async () => {
    const resident = await newPage(browser);
    await signInWithForm(resident.page, RESIDENT);
    await waitForPath(resident.page, '/dashboard');
    await resident.page.goto(`${APP_URL}/profile`);
    await resident.page.getByRole('heading', { level: 1, name: 'User settings' }).waitFor({ timeout: 60_000 });

    await admin.page.goto(`${APP_URL}/admin/lga-data`);
    await admin.page.getByRole('heading', { level: 1, name: 'LGA data' }).waitFor();
    expect(await axeViolations(admin.page)).toEqual([]);
    const dir = tmpdir();
    const bad = path.join(dir, `bad-${id}.geojson`);
    writeFileSync(bad, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { lga_code: '12' }, geometry: { type: 'Point', coordinates: [148, -33] } }] }));
    await admin.page.getByLabel('GeoJSON file').setInputFiles(bad);
    await admin.page.getByRole('button', { name: 'Validate and publish' }).click();
    const alert = admin.page.getByRole('alert').filter({ hasText: 'The file was not published' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain('Feature 1: lga_code must be 5 digits');
    await screenshot(admin.page, 'admin-06-lga-data-refused');

    const abs = JSON.parse(readFileSync('data/lga/australia-lga.geojson', 'utf8')) as { features: { properties: Record<string, unknown> }[] };
    for (const f of abs.features) if (f.properties.lga_code === '12900') f.properties.lga_name = `Forbes ${id}`;
    const good = path.join(dir, `good-${id}.geojson`);
    writeFileSync(good, JSON.stringify(abs));
    await admin.page.getByLabel('GeoJSON file').setInputFiles(good);
    await admin.page.getByRole('button', { name: 'Validate and publish' }).click();
    await admin.page.getByText(/Published: 547 LGAs/).waitFor({ timeout: 60_000 });
    await screenshot(admin.page, 'admin-07-lga-data-published');
    try {
      // The server's LGA record follows the bundle.
      expect(await forbesName()).toBe(`Forbes ${id}`);

      // The resident's next start checks the import timestamp and downloads the new bundle.
      const downloaded = resident.page.waitForResponse((r) => r.url().includes('/feeds/lga-data/') && r.ok(), { timeout: 60_000 });
      await resident.page.reload();
      const bundle = (await (await downloaded).json()) as { features: { properties: { code: string; name: string } }[] };
      expect(bundle.features.find((f) => f.properties.code === '12900')?.properties.name).toBe(`Forbes ${id}`);
      await resident.page.getByRole('heading', { level: 1, name: 'User settings' }).waitFor({ timeout: 60_000 });
      await resident.context.close();
    } finally {
      admin.page.once('dialog', (d) => void d.accept());
      await admin.page.getByRole('button', { name: 'Roll back to the previous import' }).click();
      await admin.page.getByText(/Rolled back: 547 LGAs/).waitFor({ timeout: 30_000 });
    }
    expect(await forbesName()).toBe('Forbes');
  });
});
