// A closure administrator's photo evidence (staff@forbes.example): a photo uploaded with EXIF shows,
// on the closure's Photos tab, when it was taken on the council's clock and where, with a download of
// the original; its stage is set in a native select; and the evidence screen's "Photos (zip)" holds the
// original and photos.csv. No axe violations; fits 360 px. Shared stack: the closure is removed after.
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exifPhoto } from '../fixtures/photos/exif-photo';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, STAFF, launchBrowser, screenshot, signedInPage, savedDownload } from './support/browser';

const FORBES = '12900';
let browser: Browser;
let closureId: string | undefined;
let cleanupPage: Page | undefined;

const tokenOf = (page: Page) =>
  page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')).map((k) => localStorage.getItem(k))[0]") as Promise<string>;

async function api<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${APP_URL}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: await tokenOf(page) }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data!;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  if (cleanupPage && closureId) await api(cleanupPage, 'mutation($id: ID!) { deleteClosure(id: $id) { id } }', { id: closureId }).catch(() => undefined);
  await browser?.close();
});

describe('photo evidence of a closure', { timeout: 120_000 }, () => {
  it('shows capture time, position and stage to staff, and zips the original with its register', async () => {
    const { context, page } = await signedInPage(browser, STAFF);
    cleanupPage = page;
    const lng = 147.65 + Math.random() * 0.2;
    const lat = -33.52 + Math.random() * 0.08;
    const input = { lgaCode: FORBES, type: 'flood', reason: `Photo evidence ${Date.now().toString(36)}`, regions: [{ geometry: JSON.stringify({ type: 'LineString', coordinates: [[lng, lat], [lng + 0.002, lat + 0.001]] }) }] };
    closureId = (await api<{ createClosure: { id: string } }>(page, 'mutation($i: ClosureInput!) { createClosure(input: $i) { id } }', { i: input })).createClosure.id;

    await page.goto(`${APP_URL}/closures/${closureId}/media`);
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'flood.jpg', mimeType: 'image/jpeg', buffer: await exifPhoto() });
    const evidence = page.locator('[data-photo-evidence]');
    await evidence.getByText('27/11/2026, 09:15 (Sydney time)').waitFor({ timeout: 30_000 });
    expect(await evidence.textContent()).toContain('-33.30140, 148.07500');
    expect(await evidence.textContent()).toContain(STAFF);
    expect(await evidence.getByRole('link', { name: 'Download original of photo 1' }).getAttribute('href')).toContain('originals/');

    // The stage: a native select (reached with Tab like any field).
    const stage = page.getByLabel('Stage of photo 1');
    await stage.selectOption('damage');
    await expect.poll(() => stage.inputValue()).toBe('damage');
    await page.reload();
    await page.getByLabel('Stage of photo 1').waitFor();
    expect(await page.getByLabel('Stage of photo 1').inputValue()).toBe('damage');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-photo-evidence');

    await page.setViewportSize(PHONE_360);
    await page.getByLabel('Stage of photo 1').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'drfa-photo-evidence-360');

    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${APP_URL}/comms/evidence?lga=${FORBES}`);
    const zipButton = page.getByRole('button', { name: 'Photos (zip)' });
    await zipButton.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
    const file = await savedDownload(download);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n');
    expect(names).toContain('photos.csv');
    const csv = execFileSync('unzip', ['-p', file, 'photos.csv'], { encoding: 'utf8' });
    const row = csv.split('\r\n').find((line) => line.startsWith(`${closureId}/`))!;
    expect(row).toContain('Damage,2026-11-27 09:15:00,-33.3014,148.075,staff@forbes.example');
    await page.getByText(/Zipped \d+ original photos? with the photo register/).waitFor();
    await screenshot(page, 'drfa-photos-zip');
    await context.close();
  });
});
