// The state's hazards (Live Traffic NSW, the local stand-in's recorded June 2017 payloads) where
// residents look: the Forbes map shows those in and near Forbes beside the council's closures,
// drawn and listed as the state's, with the source, licence and recorded-data note; a hazard's
// details carry its advice, lanes, direction and periods and no edit control, also for staff; the
// embed and the council's text page show them; a route names those it passes; a council closure on the same stretch names
// the state's reference instead of the hazard showing twice; the state's text is never markup.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, launchBrowser, newPage, screenshot, STAFF, waitForPath, signedInContext } from './support/browser';
import { choosePlace } from './support/directions';

/** In the Forbes council: the Newell Highway roadwork near Weelong. */
const WEELONG = '676537';
/** In Parkes, near Forbes: the Forbes Street roadwork. */
const PARKES_FORBES_ST = '698596';
/** On the Newell Highway 40 km north of Parkes, on the way to Peak Hill. */
const TREWILGA = '616148';

interface Hazard {
  id: string;
  headline: string;
  position: { lng: number; lat: number };
  sameAs: string | null;
}
interface HazardFile {
  lastGoodAt: number;
  hazards: Hazard[];
}

const hazardsUrl = `${APP_URL}/feeds/livetraffic/hazards.json`;
let file: HazardFile;

interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
}
const mapElement = (page: Page) => page.locator('[data-testid="map"]');

async function mapReady(page: Page): Promise<void> {
  await page.locator('[data-testid="map"][data-map-ready="true"]').waitFor({ timeout: 30_000 });
}

/** The hazard ids the map has drawn as points. */
async function drawnHazards(page: Page): Promise<string[]> {
  return mapElement(page).evaluate((el) => {
    const map = (el as unknown as MapElement).__map;
    if (!map.getLayer('app-state-hazard-points')) return [];
    return map.queryRenderedFeatures({ layers: ['app-state-hazard-points'] }).map((f: { properties: { hazardId: string } }) => f.properties.hazardId);
  });
}

async function clickOnMap(page: Page, point: { lng: number; lat: number }): Promise<void> {
  const { x, y } = await mapElement(page).evaluate((el, [lng, lat]) => {
    const map = (el as unknown as MapElement).__map;
    const p = map.project([lng, lat]);
    const rect = el.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }, [point.lng, point.lat] as const);
  await page.mouse.click(x, y);
}

const hazardList = (page: Page) => page.getByRole('region', { name: /Live Traffic NSW hazards in this area/ });
const hazardDetails = (page: Page) => page.getByRole('region', { name: 'Live Traffic NSW hazard details' });

/** One import cycle from the test stack's stand-in (its recorded June 2017 payloads). */
async function importRecordedHazards(): Promise<void> {
  const { useStateFeedStack } = await import('../integration/livetraffic/support');
  useStateFeedStack();
  const { importStateHazards } = await import('../../lambdas/adapters/livetraffic/import');
  const result = await importStateHazards();
  if (result.failed.length > 0) throw new Error(`The stand-in did not answer: ${JSON.stringify(result.failed)}`);
}

describe("the state's hazards on the public map", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    // `npm start` imports the stand-in's hazards once it has seeded; the test stack runs no
    // schedule, so this worker runs one import cycle against it, as the schedule would.
    if (!process.env.APP_URL) await importRecordedHazards();
    for (const until = Date.now() + 90_000; ; ) {
      const response = await fetch(hazardsUrl);
      if (response.ok) {
        file = (await response.json()) as HazardFile;
        if (file.hazards.some((h) => h.id === WEELONG)) break;
      }
      if (Date.now() > until) throw new Error('The state hazards file never listed the recorded Weelong roadwork');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the recorded hazards near Forbes beside the council's closures, as the state's, with their details", { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser);
    onTestFailed(async () => screenshot(page, 'state-hazards-failed'));
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);

    const list = hazardList(page);
    await list.locator(`[data-hazard-id="${WEELONG}"]`).waitFor();
    await list.locator(`[data-hazard-id="${PARKES_FORBES_ST}"]`).waitFor();
    expect(await page.getByRole('region', { name: 'Closures in this area' }).locator('[data-closure-id]').count()).toBeGreaterThan(0);
    expect(await list.getByTestId('state-hazards-recorded').textContent()).toMatch(/^Recorded Live Traffic NSW data from 5 June 2017, .*times moved to today/);
    expect(await list.textContent()).toContain('Contains Live Traffic NSW data, © Transport for NSW, licensed under CC BY 4.0.');
    expect(await list.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    await expect.poll(() => drawnHazards(page), { timeout: 15_000 }).toContain(WEELONG);
    // The map's own credits name the state while its hazards are drawn, as CC BY 4.0 asks.
    await expect.poll(() => page.locator('.maplibregl-ctrl-attrib-inner').textContent()).toContain('Contains Live Traffic NSW data, © Transport for NSW');
    await screenshot(page, 'state-hazards-map');

    // A click on the hazard's point opens its details: the state's words, no edit control.
    await clickOnMap(page, file.hazards.find((h) => h.id === WEELONG)!.position);
    const details = hazardDetails(page);
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain(`From Live Traffic NSW (reference ${WEELONG}): the state's, not a council closure.`);
    expect(text).toContain('Newell Highway at 47-55km north of West Wyalong, Weelong');
    expect(text).toContain('Lanes may close, both directions: Weekdays 7am to 6pm');
    expect(text).toContain('Reduced speed limit');
    expect(text).toContain('40 km/h');
    expect(text).toContain('None given by the state');
    expect(await details.getByRole('button').allTextContents()).toEqual(['×']);
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard alone: a hazard of the list opens with Enter, its details close with Enter.
    await list.locator(`[data-hazard-id="${PARKES_FORBES_ST}"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => details.getAttribute('data-hazard-id')).toBe(PARKES_FORBES_ST);
    await details.getByRole('button', { name: 'Close details' }).focus();
    await page.keyboard.press('Enter');
    await details.waitFor({ state: 'detached' });
    await context.close();
  });

  it("fits a 360 px phone without horizontal scrolling; an alert's link opens a hazard, where staff get no edit control", { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser, PHONE_360);
    onTestFailed(async () => screenshot(page, 'state-hazards-phone-failed'));
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);
    await hazardList(page).locator(`[data-hazard-id="${WEELONG}"]`).click();
    await hazardDetails(page).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'state-hazards-phone');
    await context.close();

    const staff = await signedInContext(browser, STAFF);
    // The link of a subscriber's alert opens the hazard.
    await staff.page.goto(`${APP_URL}/map?hazard=${WEELONG}`);
    await waitForPath(staff.page, '/map');
    await mapReady(staff.page);
    await expect.poll(() => hazardDetails(staff.page).getAttribute('data-hazard-id'), { timeout: 20_000 }).toBe(WEELONG);
    expect(await hazardDetails(staff.page).getByRole('button').allTextContents()).toEqual(['×']);
    expect(await hazardDetails(staff.page).getByRole('link').allTextContents()).toEqual(['CC BY 4.0']);
    await staff.context.close();
  });

  it("shows them in the council's embed, also on a phone", { timeout: 120_000 }, async () => {
    for (const viewport of [undefined, PHONE_360]) {
      const { page, context } = await newPage(browser, viewport);
      onTestFailed(async () => screenshot(page, 'state-hazards-embed-failed'));
      await page.goto(`${APP_URL}/lga-embed?lga=12900&first=map&directions=0`);
      await mapReady(page);
      const item = hazardList(page).locator(`[data-hazard-id="${WEELONG}"]`);
      await item.click();
      expect(await hazardDetails(page).textContent()).toContain(`reference ${WEELONG}`);
      expect(await page.locator('.maplibregl-ctrl-attrib-inner').textContent()).toContain('Contains Live Traffic NSW data');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      if (viewport) await screenshot(page, 'state-hazards-embed-phone');
      await context.close();
    }
  });

  it("lists them on the council's low-bandwidth page, after its closures", { timeout: 60_000 }, async () => {
    const { page, context } = await newPage(browser, PHONE_360);
    await page.goto(`${APP_URL}/text/12900`);
    const section = page.getByRole('heading', { name: /^Live Traffic NSW hazards \(\d+\)$/ });
    await section.waitFor();
    const text = (await page.textContent('body')) ?? '';
    expect(text.indexOf('Closures (')).toBeLessThan(text.indexOf('Live Traffic NSW hazards ('));
    expect(text).toContain(`Roadwork (Live Traffic NSW, reference ${WEELONG}): road open with care`);
    expect(text).toContain('Recorded Live Traffic NSW data from 5 June 2017');
    expect(text).toContain('Contains Live Traffic NSW data, © Transport for NSW, licensed under CC BY 4.0.');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('names the state hazards a route passes', { timeout: 120_000 }, async () => {
    const { page, context } = await newPage(browser);
    onTestFailed(async () => screenshot(page, 'state-hazards-directions-failed'));
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);
    await choosePlace(page, 'From', 'Forbe', 'Forbes');
    await choosePlace(page, 'To', 'Peak Hil', 'Peak Hill');
    const panel = page.getByRole('region', { name: 'Directions' });
    await panel.getByRole('button', { name: 'Get directions' }).click();
    const named = panel.getByTestId('route-state-hazards');
    await named.waitFor({ timeout: 30_000 });
    const text = await named.textContent();
    expect(text).toContain(`Passes (Roadwork): ${file.hazards.find((h) => h.id === TREWILGA)!.headline}`);
    expect(text).toContain(`Passes (Roadwork): ${file.hazards.find((h) => h.id === PARKES_FORBES_ST)!.headline}`);
    expect(text).toContain('Recorded Live Traffic NSW data');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows a hazard on a council closure's stretch once, as the council's naming it; never runs the state's text as markup; dates stale data", { timeout: 120_000 }, async () => {
    // The seeded flood closure, found by its reason: the file lists the newest change first, and
    // another file on this stack may have just changed a closure the map does not show here.
    const forbes = (await (await fetch(`${APP_URL}/feeds/12900/map.json`)).json()) as { closures: { id: string; active: boolean; reason: string | null }[] };
    const closureId = forbes.closures.find((c) => c.active && c.reason?.startsWith('Newell Highway closed south-west of Forbes'))!.id;
    const { page, context } = await newPage(browser);
    onTestFailed(async () => screenshot(page, 'state-hazards-same-stretch-failed'));
    // The file as the importer would write it when the council closes the Weelong stretch, the
    // state's text carries markup, and the feed has not answered for three hours.
    await page.route('**/feeds/livetraffic/hazards.json', async (route) => {
      const response = await route.fetch();
      const changed = (await response.json()) as HazardFile;
      changed.lastGoodAt = Math.floor(Date.now() / 1000) - 3 * 3600;
      for (const h of changed.hazards) {
        if (h.id === WEELONG) h.sameAs = closureId;
        if (h.id === PARKES_FORBES_ST) h.headline = '<img src=x onerror="window.__injected=1">Forbes St <b>works</b>';
      }
      await route.fulfill({ response, json: changed });
    });
    await page.goto(`${APP_URL}/map`);
    await mapReady(page);
    const list = hazardList(page);
    await list.locator(`[data-hazard-id="${PARKES_FORBES_ST}"]`).waitFor();
    expect(await list.locator(`[data-hazard-id="${WEELONG}"]`).count()).toBe(0);
    const reference = `Also on Live Traffic NSW: ${file.hazards.find((h) => h.id === WEELONG)!.headline} (reference ${WEELONG})`;
    const row = page.getByRole('region', { name: 'Closures in this area' }).locator(`[data-closure-id="${closureId}"]`);
    await expect.poll(() => row.textContent()).toContain(reference);

    expect(await list.locator(`[data-hazard-id="${PARKES_FORBES_ST}"]`).textContent()).toContain('<img src=x onerror="window.__injected=1">Forbes St <b>works</b>');
    expect(await list.locator('img, b').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(await list.getByRole('status').textContent()).toBe('Last updated from Live Traffic NSW 3 hours ago: it has not answered since, so these hazards may be out of date.');
    expect(await axeViolations(page)).toEqual([]);
    // The closure's details name the state's reference too (opening it moves the map to it).
    await row.click();
    expect(await page.getByRole('region', { name: 'Closure details' }).textContent()).toContain(reference);
    await context.close();
  });
});
