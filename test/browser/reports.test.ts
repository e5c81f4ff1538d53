// Reporting and moderation in the browser: a visitor is asked to sign in; a resident and a second
// reporter report water over the road at the same place; the moderator sees one pending cluster
// with both, approves it; the resident's My incident reports shows theirs approved.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/a11y';
import { ADMIN, APP_URL, RESIDENT, STAFF, isShown, launchBrowser, newPage, screenshot, waitForPath, signedInPage, atPlace, signedInContext } from './support/browser';

/** On the Newell Highway south-west of Forbes; "Use my location" puts the pin here. */
const PLACE = { latitude: -33.4165, longitude: 147.9443 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signedIn = (email: string) => signedInPage(browser, email, { prepare: atPlace(PLACE) });

async function report(page: Page, description: string): Promise<void> {
  await page.getByTestId('report-incident').click();
  await waitForPath(page, '/report');
  await page.locator('[data-map-ready="true"]').waitFor();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await page.getByTestId('report-position').filter({ hasText: /Pin at -33\.4165/ }).waitFor();
  await page.getByLabel('Type').selectOption('flood');
  await page.getByLabel('Description').fill(description);
  // The nearby check runs before sending: the second reporter sees the first report's cluster.
  await page.getByRole('region', { name: 'Already reported nearby' }).getByText(/Nothing reported|Pending|Closure/).first().waitFor();
  await screenshot(page, `report-form-${description.length}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send report' }).click();
  await page.getByRole('heading', { name: 'Thank you for your report' }).waitFor();
}

describe('reporting an incident', { timeout: 90_000 }, () => {
  it('asks a visitor to sign in first', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${APP_URL}/report`);
    const dialog = page.getByRole('dialog');
    expect(await isShown(dialog.getByText('You need to be logged in to report an incident'))).toBe(true);
    expect(await isShown(dialog.getByRole('link', { name: 'Sign up' }))).toBe(true);
    await screenshot(page, 'report-login-required');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await waitForPath(page, '/map');
    await context.close();
  });

  // One journey in three steps (each with its own time budget), sharing the two signed-in pages.
  let resident: { context: BrowserContext; page: Page };
  let staff: { context: BrowserContext; page: Page };

  it('two reports form one pending cluster, which the moderator widens', async () => {
    resident = await signedIn(RESIDENT);
    await report(resident.page, 'Water over the Newell Highway');
    await screenshot(resident.page, 'report-sent');
    expect(await axeViolations(resident.page)).toEqual([]);

    staff = await signedIn(STAFF);
    await report(staff.page, 'Still flooded, about 30 cm deep');

    await staff.page.goto(`${APP_URL}/report-clusters/pending?lga=12900`);
    const row = staff.page.locator('tr[data-cluster-id]').filter({ hasText: 'Flooding' }).first();
    await expect(row.locator('td').nth(3).textContent()).resolves.toBe('2');
    await screenshot(staff.page, 'report-clusters-pending');
    expect(await axeViolations(staff.page)).toEqual([]);
    await row.getByRole('link').click();
    // Each member report once (their words appear again only as private suggestions for the reason).
    const members = staff.page.locator('.report-member');
    await members.getByText('Water over the Newell Highway').waitFor();
    await expect(members.getByText('Still flooded, about 30 cm deep').count()).resolves.toBe(1);
    // The moderator widens the cluster; the stored radius is what the page shows after a reload.
    const adjust = staff.page.getByRole('form', { name: 'Adjust cluster' });
    await adjust.getByLabel('Radius (metres)').fill('750');
    await adjust.getByRole('button', { name: 'Save changes' }).click();
    await staff.page.getByText('within 750 m').waitFor();
    await staff.page.reload();
    await staff.page.getByText('within 750 m').waitFor();
    await expect(staff.page.getByLabel('Radius (metres)').inputValue()).resolves.toBe('750');
    await screenshot(staff.page, 'report-cluster-adjusted');
    expect(await axeViolations(staff.page)).toEqual([]);
  });

  it('the moderator opens a member report on its own screen (/reports/{id}) and comes back', async () => {
    // As the moderator sees a pending report: Approve, and Deny with its reason.
    await staff.page.locator('.report-member', { hasText: 'Water over the Newell Highway' }).getByRole('link').click();
    await staff.page.waitForURL((url) => url.pathname.startsWith('/reports/'));
    await staff.page.getByRole('heading', { name: 'Flooding report' }).waitFor();
    await staff.page.getByRole('paragraph').filter({ hasText: /^Water over the Newell Highway$/ }).waitFor();
    await staff.page.getByLabel('Public reason for the closure').waitFor();
    await staff.page.getByRole('textbox', { name: 'Reason for denying' }).waitFor();
    await screenshot(staff.page, 'report-detail-moderator');
    expect(await axeViolations(staff.page)).toEqual([]);
    await staff.page.goBack();
    await staff.page.getByText('within 750 m').waitFor();
  });

  it('the moderation screen fits a 360 px phone, the public reason field included', async () => {
    await staff.page.setViewportSize({ width: 360, height: 800 });
    await staff.page.getByLabel('Public reason for the closure').waitFor();
    const overflow = (await staff.page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(staff.page, 'report-cluster-public-reason-360');
    expect(await axeViolations(staff.page)).toEqual([]);
    await staff.page.setViewportSize({ width: 1280, height: 860 });
  });

  it('the moderator confirms the public reason and approves the cluster; the reporter sees their report approved', async () => {
    // The residents' words are a private suggestion: the field starts empty, and they are
    // published only as the moderator confirms (and here edits) them.
    const field = staff.page.getByLabel('Public reason for the closure');
    await expect(field.inputValue()).resolves.toBe('');
    await staff.page.getByText('What residents wrote (private: not published unless you use it)').waitFor();
    // Keyboard path: Tab from the field to the suggestion's button, Enter copies the words.
    await field.focus();
    const wanted = 'Use these words as the public reason: Water over the Newell Highway';
    for (let presses = 0; presses < 3; presses++) {
      await staff.page.keyboard.press('Tab');
      if ((await staff.page.evaluate("document.activeElement?.getAttribute('aria-label')")) === wanted) break;
    }
    await expect(staff.page.evaluate("document.activeElement?.getAttribute('aria-label')")).resolves.toBe(wanted);
    await staff.page.keyboard.press('Enter');
    await expect(field.inputValue()).resolves.toBe('Water over the Newell Highway');
    await field.fill('Flooding over the Newell Highway south-west of Forbes');
    await screenshot(staff.page, 'report-cluster-public-reason');
    expect(await axeViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Approve and create closure' }).click();
    // Nothing goes public in one click: the dialog says where the closure will be.
    const confirm = staff.page.getByRole('dialog', { name: 'Create a public closure?' });
    await confirm.getByText('goes on the public map at once').waitFor();
    expect(await axeViolations(staff.page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Approve and create closure' }).click();
    await staff.page.getByText('Closure created.').waitFor();
    await screenshot(staff.page, 'report-cluster-approved');
    const href = await staff.page.getByRole('link', { name: 'Open the closure' }).getAttribute('href');
    const closureId = /\/closures\/([^/]+)\/detail/.exec(href ?? '')![1];
    const token = (await staff.page.evaluate("Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')).map((k) => localStorage.getItem(k))[0]")) as string;
    const res = await fetch(`${APP_URL}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query: 'query($id: ID!) { closure(id: $id) { reason } }', variables: { id: closureId } }),
    });
    expect(((await res.json()) as { data: { closure: { reason: string } } }).data.closure.reason).toBe('Flooding over the Newell Highway south-west of Forbes');
    await staff.page.goto(`${APP_URL}/dashboard`);
    const card = staff.page.getByTestId('pending-clusters-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toMatch(/\d+ pending cluster/);
    await screenshot(staff.page, 'report-dashboard-card');
    expect(await axeViolations(staff.page)).toEqual([]);

    await resident.page.goto(`${APP_URL}/my-reports`);
    const mine = resident.page.locator('tr[data-report-id]').first();
    await expect(mine.locator('.report-status').textContent()).resolves.toBe('approved');
    await screenshot(resident.page, 'my-reports-approved');
    expect(await axeViolations(resident.page)).toEqual([]);
    await resident.context.close();
    await staff.context.close();
  });
});

describe('platform administrator', { timeout: 60_000 }, () => {
  it('picks any customer council on /reports and /report-clusters, and the choice follows the tabs', async () => {
    const browser = await launchBrowser();
    try {
      const { context, page } = await signedInContext(browser, ADMIN);
      await page.goto(`${APP_URL}/reports`);
      const picker = page.getByLabel('Council');
      expect(await isShown(picker)).toBe(true);
      expect(await picker.inputValue()).toBe('12900');
      await page.getByRole('link', { name: 'Moderate by cluster' }).click();
      await waitForPath(page, '/report-clusters/pending');
      expect(await page.getByLabel('Council').inputValue()).toBe('12900');
      expect(new URL(page.url()).searchParams.get('lga') ?? '12900').toBe('12900');
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

describe('moderation that cannot go wrong in one click', { timeout: 120_000 }, () => {
  const SUBMIT = 'mutation($input: ReportInput!) { submitReport(input: $input) { id status } }';

  it('a resident is asked before retracting, and Cancel keeps the report', async () => {
    const { newResident, weddinSpot } = await import('../integration/reports/support');
    const { gql } = await import('../support/api');
    const reporter = await newResident();
    const sent = await gql<{ submitReport: { id: string } }>(SUBMIT, { input: { type: 'hazard', description: 'Tree down', position: weddinSpot() } }, reporter.auth);
    const id = sent.data!.submitReport.id;
    const { context, page } = await signedInContext(browser, reporter.email);
    try {
      await page.goto(`${APP_URL}/reports/${id}`);
      await page.getByRole('button', { name: 'Retract report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Retract this report?' });
      await dialog.getByText('This cannot be undone').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'report-retract-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.locator('.report-status').first().textContent()).resolves.toBe('pending');
      await page.getByRole('button', { name: 'Retract report' }).click();
      await page.getByRole('dialog', { name: 'Retract this report?' }).getByRole('button', { name: 'Retract report' }).click();
      await page.locator('.report-status', { hasText: 'retracted' }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it("an ex-customer's moderator is told why Approve and Deny are off instead of meeting a refusal", async () => {
    const { ensureStaff, newResident, weddinSpot, WEDDIN } = await import('../integration/reports/support');
    const { gql, useStackTable } = await import('../support/api');
    useStackTable();
    const { db } = await import('../../lambdas/adapters/db/db');
    await db().entities.customer.put({ lgaCode: WEDDIN, subscriptionStatus: 'canceled' }).go();
    const moderator = `moderator-${Date.now()}@weddin.example`;
    await ensureStaff(moderator, WEDDIN, ['submission_moderator']);
    const reporter = await newResident();
    const sent = await gql<{ submitReport: { id: string } }>(SUBMIT, { input: { type: 'hazard', description: 'Pothole', position: weddinSpot() } }, reporter.auth);
    const { context, page } = await signedInContext(browser, moderator);
    try {
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`${APP_URL}/reports/${sent.data!.submitReport.id}`);
      await page.getByRole('status').filter({ hasText: 'Approving and denying are off' }).waitFor();
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Deny' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'report-detail-ex-customer-360');
    } finally {
      await context.close();
    }
  });
});
