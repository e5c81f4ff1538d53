// A closure on a road the road map lacks, in the browser: a closure administrator snapping a
// street in central Forbes is refused ("Too far from a road…"), draws the line by hand instead
// (mouse, then keyboard: arrow keys move the map, "Add point at map centre" adds a point), and the
// closure shows on a resident's map and list; the seeded street market is there at first look; a
// moderator approving a report far from any road places the closure on the map before it goes public.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { gql, signIn } from '../support/api';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { clickOn } from './support/map';
import { APP_URL, RESIDENT, STAFF, launchBrowser, screenshot, waitForPath, signedInContext } from './support/browser';

/** The street in central Forbes: no road of the (major-road) graph within 60 m. */
const STREET_WEST = { lng: 148.01, lat: -33.3882 };
const STREET_EAST = { lng: 148.014, lat: -33.3872 };

interface MapElement {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  __map: any;
  getBoundingClientRect(): { left: number; top: number };
}

const mapIn = (page: Page, scope = '') => page.locator(`${scope} [data-testid="map"][data-map-ready="true"]`.trim()).first();

async function jumpTo(page: Page, center: { lng: number; lat: number }, zoom: number, scope = ''): Promise<void> {
  await mapIn(page, scope).evaluate(
    (el, [lng, lat, z]) =>
      new Promise<void>((resolve) => {
        const map = (el as unknown as MapElement).__map;
        map.once('idle', () => resolve());
        map.jumpTo({ center: [lng, lat], zoom: z });
      }),
    [center.lng, center.lat, zoom] as const,
  );
}

const clickAt = (page: Page, point: { lng: number; lat: number }, scope = '') => clickOn(page, mapIn(page, scope), point);

async function centreOf(page: Page, scope = ''): Promise<{ lng: number; lat: number }> {
  return mapIn(page, scope).evaluate((el) => {
    const c = (el as unknown as MapElement).__map.getCenter();
    return { lng: c.lng, lat: c.lat };
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a closure drawn by hand on a street of central Forbes', { timeout: 180_000 }, () => {
  const reason = `Street party on a town street ${randomUUID().slice(0, 8)}`;
  let closureId = '';

  it('the staff map offers drawing by hand once the snap refuses, by mouse and by keyboard', async () => {
    const { context, page } = await signedInContext(browser, STAFF);
    onTestFailed(async () => screenshot(page, 'hand-drawn-failed-staff'));
    await page.goto(`${APP_URL}/staff-map`);
    await waitForPath(page, '/staff-map');
    await mapIn(page).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New closure' }).click();
    await jumpTo(page, { lng: 148.012, lat: -33.3877 }, 16);
    await clickAt(page, STREET_WEST);
    await page.getByText('Region 1: 1 point(s)').waitFor();
    await clickAt(page, STREET_EAST);
    const panel = page.getByRole('region', { name: 'Draw a closure' });
    const refusal = panel.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Too far from a road. Please zoom in and try again.');
    // The refused point is not kept until staff choose to draw by hand.
    await page.getByText('Region 1: 1 point(s)').waitFor();
    await screenshot(page, 'hand-drawn-1-snap-refused');
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Draw by hand' }).click();
    await page.getByText('Region 1: 2 point(s)').waitFor();
    expect(await refusal.count()).toBe(0);
    await panel.getByText('Drawing by hand:', { exact: false }).waitFor();

    // Keyboard: focus the map, move it east with the arrow keys, then add a point at its centre.
    const canvas = page.locator('.maplibregl-canvas').first();
    await canvas.focus();
    const before = await centreOf(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await centreOf(page)).lng, { timeout: 10_000 }).toBeGreaterThan(before.lng);
    const addAtCentre = panel.getByRole('button', { name: 'Add point at map centre' });
    await addAtCentre.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Region 1: 3 point(s)').waitFor();
    // Undo by keyboard takes the last point away again; the line keeps its two clicked points.
    await panel.getByRole('button', { name: 'Undo last point' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Region 1: 2 point(s)').waitFor();
    await screenshot(page, 'hand-drawn-2-drawn');
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Continue to details' }).click();
    await panel.getByText('Drawn by hand').waitFor();
    const form = page.getByRole('form', { name: 'New closure details' });
    await form.getByLabel('Type').selectOption('event');
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Create closure' }).click();
    await page.getByText('The closure was created.').waitFor();

    const row = page.locator('.closure-list__item', { hasText: reason });
    await row.waitFor({ timeout: 15_000 });
    closureId = (await row.getAttribute('data-closure-id'))!;
    await row.click();
    const detail = page.getByRole('region', { name: 'Closure details' });
    await detail.getByText('Drawn by hand').waitFor();
    await detail.getByText('Forbes, NSW').first().waitFor();
    await screenshot(page, 'hand-drawn-3-staff-detail');
    expect(await axeViolations(page)).toEqual([]);

    // Kept exactly as drawn: the two clicked points, nothing snapped.
    const token = (await signIn(STAFF)).accessToken;
    const stored = await gql<{ closure: { regions: { geometry: string; drawnByHand: boolean }[] } }>(
      'query($id: ID!) { closure(id: $id) { regions { geometry drawnByHand } } }',
      { id: closureId },
      { token },
    );
    const [region] = stored.data!.closure.regions;
    expect(region.drawnByHand).toBe(true);
    const coordinates = JSON.parse(region.geometry).coordinates as number[][];
    expect(coordinates).toHaveLength(2);
    expect(coordinates[0][0]).toBeCloseTo(STREET_WEST.lng, 4);
    expect(coordinates[1][0]).toBeCloseTo(STREET_EAST.lng, 4);

    // The closure lists mark it too.
    await page.goto(`${APP_URL}/closures/active`);
    const listed = page.locator(`tr[data-closure-id="${closureId}"]`);
    await listed.getByText('Drawn by hand').waitFor({ timeout: 15_000 });
    await screenshot(page, 'hand-drawn-4-staff-list');
    expect(await axeViolations(page)).toEqual([]);

    // At 360 px, drawing still fits the screen.
    await page.setViewportSize(PHONE_360);
    await page.goto(`${APP_URL}/staff-map`);
    await mapIn(page).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New closure' }).click();
    await page.getByRole('button', { name: 'Add point at map centre' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'hand-drawn-5-staff-360');
    await context.close();
  });

  it('a resident sees it on the map and in the list, beside the seeded street market', async () => {
    const { context, page } = await signedInContext(browser, RESIDENT);
    onTestFailed(async () => screenshot(page, 'hand-drawn-failed-resident'));
    await page.goto(`${APP_URL}/map`);
    await waitForPath(page, '/map');
    await mapIn(page).waitFor({ timeout: 30_000 });
    await jumpTo(page, { lng: 148.012, lat: -33.3877 }, 15);
    const row = page.locator(`.closure-list__item[data-closure-id="${closureId}"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('Forbes, NSW');
    await page.locator('.closure-list__item', { hasText: 'Forbes twilight street market' }).first().waitFor();
    await expect
      .poll(() =>
        mapIn(page).evaluate(async (el) => {
          const data = await (el as unknown as MapElement).__map.getSource('app-closure-lines').getData();
          return data.features.map((f: { properties: { id: string } }) => f.properties.id);
        }),
      )
      .toContain(closureId);
    await screenshot(page, 'hand-drawn-6-resident-map');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE_360);
    await row.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'hand-drawn-7-resident-360');
    await context.close();
  });

  afterAll(async () => {
    if (!closureId) return;
    const token = (await signIn(STAFF)).accessToken;
    await gql('mutation($id: ID!) { deleteClosure(id: $id) { id } }', { id: closureId }, { token });
  });
});

describe('a moderator approving a report far from any road', { timeout: 120_000 }, () => {
  it('places the closure on the map, by hand where the snap refuses, before it goes public', async () => {
    // A resident's report on the Forbes town label, 250 m from the nearest road of the graph.
    const resident = (await signIn(RESIDENT)).accessToken;
    const at = { lat: -33.387 + Math.random() * 0.0002, lng: 148.014 };
    const submitted = await gql<{ submitReport: { clusterId: string } }>(
      'mutation($input: ReportInput!) { submitReport(input: $input) { id clusterId } }',
      { input: { type: 'hazard', position: at, description: 'Pothole on the street' } },
      { token: resident },
    );
    expect(submitted.errors).toBeUndefined();
    const clusterId = submitted.data!.submitReport.clusterId;

    const { context, page } = await signedInContext(browser, STAFF);
    onTestFailed(async () => screenshot(page, 'hand-drawn-failed-moderator'));
    await page.goto(`${APP_URL}/report-clusters/${clusterId}`);
    const placer = page.getByRole('region', { name: 'Where the closure goes' });
    await placer.getByText('No road of the road map is near these reports', { exact: false }).waitFor({ timeout: 20_000 });
    const approve = page.getByRole('button', { name: 'Approve and create closure' });
    expect(await approve.isDisabled()).toBe(true);
    await mapIn(page, '.closure-placer').waitFor({ timeout: 30_000 });
    await jumpTo(page, { lng: 148.014, lat: -33.387 }, 16, '.closure-placer');
    await clickAt(page, { lng: 148.0133, lat: -33.3872 }, '.closure-placer');
    await placer.getByText('Region 1: 1 point(s)').waitFor();
    await clickAt(page, { lng: 148.0147, lat: -33.3868 }, '.closure-placer');
    await placer.getByRole('alert').waitFor();
    await placer.getByRole('button', { name: 'Draw by hand' }).click();
    await placer.getByText('Region 1: 2 point(s)').waitFor();
    await placer.getByText('Drawn by hand').first().waitFor();
    expect(await approve.isDisabled()).toBe(false);
    await screenshot(page, 'hand-drawn-8-moderator-placed');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE_360);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'hand-drawn-9-moderator-360');
    await page.setViewportSize({ width: 1280, height: 860 });

    await approve.click();
    // The confirmation step, where the page asks for one.
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Approve and create closure' });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await page.getByText('Closure created.').waitFor({ timeout: 20_000 });
    const href = await page.getByRole('link', { name: 'Open the closure' }).getAttribute('href');
    const closureId = /\/closures\/([^/]+)\/detail/.exec(href ?? '')![1];
    const token = (await signIn(STAFF)).accessToken;
    const res = await gql<{ closure: { formattedAddress: string; regions: { drawnByHand: boolean }[] } }>(
      'query($id: ID!) { closure(id: $id) { formattedAddress regions { drawnByHand } } }',
      { id: closureId },
      { token },
    );
    expect(res.data!.closure).toEqual({ formattedAddress: 'Forbes, NSW', regions: [{ drawnByHand: true }] });
    await screenshot(page, 'hand-drawn-10-moderator-approved');
    await gql('mutation($id: ID!) { deleteClosure(id: $id) { id } }', { id: closureId }, { token });
    await context.close();
  });
});
