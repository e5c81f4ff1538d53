// The low-bandwidth closures page (/text, /text/{lgaCode}): plain HTML that works with JavaScript
// off, lists the council's active closures (a closure this test creates) and stays under 30 kB.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn } from '../support/api';
import { APP_URL, launchBrowser, PHONE, RESIDENT, screenshot, STAFF, signedInContext } from './support/browser';
import { axeViolations, fitsWidth } from './support/a11y';

const NEWELL_SOUTH = { lng: 148.0617, lat: -33.3228 };
const NEWELL_NORTH = { lng: 148.08, lat: -33.3068 };

async function api<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await gql<T>(query, variables, { token });
  if (res.errors?.length) throw new Error(res.errors.map((e) => e.message).join('; '));
  return res.data!;
}

describe('low-bandwidth closures page', { timeout: 90_000 }, () => {
  let browser: Browser;
  let token: string;
  let closureId: string;
  const reason = `Text page test ${randomUUID().slice(0, 8)}: causeway under water`;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await signIn(STAFF)).accessToken;
    const snapped = await api<{ snapToRoads: { geometry: unknown } }>(
      `query ($points: [CoordinateInput!]!) { snapToRoads(points: $points) { geometry } }`,
      { points: [NEWELL_SOUTH, NEWELL_NORTH] },
      token,
    );
    const geometry = snapped.snapToRoads.geometry;
    const created = await api<{ createClosure: { id: string } }>(
      `mutation ($input: ClosureInput!) { createClosure(input: $input) { id } }`,
      { input: { lgaCode: '12900', type: 'flood', reason, regions: [{ geometry: typeof geometry === 'string' ? geometry : JSON.stringify(geometry) }] } },
      token,
    );
    closureId = created.createClosure.id;
  }, 60_000);

  afterAll(async () => {
    if (closureId) await api(`mutation ($id: ID!) { deleteClosure(id: $id) { id } }`, { id: closureId }, token).catch(() => undefined);
    await browser?.close();
  });

  it('lists the council and its closures with JavaScript disabled, axe-clean at 360 px', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, locale: 'en-AU', bypassCSP: true });
    try {
      const page = await context.newPage();
      await page.goto(`${APP_URL}/text`);
      await page.getByRole('heading', { name: 'Road closures', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Forbes', exact: true }).click();
      await page.waitForURL(`${APP_URL}/text/12900`);
      await page.getByRole('heading', { name: 'Road closures: Forbes' }).waitFor();
      expect(await page.getByText(reason).count()).toBe(1);
      expect(await page.getByText(/Unsealed roads: (open|CLOSED|RESTRICTED)\./).count()).toBe(1);
      expect(await page.locator('script').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'text-page-forbes');
    } finally {
      await context.close();
    }
    // axe needs script in the page: the same page in a normal context.
    const axeContext = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    try {
      const page = await axeContext.newPage();
      await page.goto(`${APP_URL}/text/12900`);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await axeContext.close();
    }
  });

  it('answers plain HTML under 30 kB, cached for a minute, and 404 for a council that does not exist', async () => {
    const response = await fetch(`${APP_URL}/text/12900`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('max-age=60');
    const body = await response.text();
    const bytes = Buffer.byteLength(body);
    console.log(`[text page] /text/12900: ${bytes} bytes`);
    expect(bytes).toBeLessThan(30 * 1024);
    expect(body).toContain(reason);
    expect(body).not.toMatch(/<script/i);
    expect((await fetch(`${APP_URL}/text/99999`)).status).toBe(404);
    expect((await fetch(`${APP_URL}/text/not-a-code`)).status).toBe(404);
  });

  it('lists the councils with closures now before the others, and a resident\'s footer link opens their own council', async () => {
    const index = await (await fetch(`${APP_URL}/text`)).text();
    // Forbes has closures (this test's and the demo's); Albury, first by name, has none.
    expect(index.indexOf('>Forbes</a>')).toBeGreaterThan(0);
    expect(index.indexOf('>Forbes</a>')).toBeLessThan(index.indexOf('>Albury</a>'));
    expect(index.indexOf('Councils with closures now')).toBeLessThan(index.indexOf('>Forbes</a>'));
    expect(index).not.toContain('(0 active)');

    const { context, page } = await signedInContext(browser, RESIDENT);
    try {
      await page.goto(`${APP_URL}/help`);
      await expect.poll(() => page.getByRole('link', { name: 'Text-only closures' }).getAttribute('href')).toBe('/text/12900');
    } finally {
      await context.close();
    }
  });
});
