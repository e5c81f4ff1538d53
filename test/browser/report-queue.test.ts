// Reporting on no signal: a report written with the network cut waits on the device ("Waiting to
// send"), is sent once when the connection returns, and arrives at the server exactly once.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/api';
import { freshUser, type TestUser } from '../integration/notifications/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, launchBrowser, screenshot, atPlace, setOffline, signedInContext } from './support/browser';

/** On the Newell Highway south-west of Forbes; "Use my location" puts the pin here. */
const PLACE = { latitude: -33.4165, longitude: 147.9443 };

let browser: Browser;
let user: TestUser;
beforeAll(async () => {
  [browser, user] = await Promise.all([launchBrowser(), freshUser('offline-reporter')]);
});
afterAll(async () => {
  await browser?.close();
});

const myReports = async () =>
  (await gql<{ myReports: { id: string; description: string | null }[] }>('query { myReports { id description } }', {}, user.auth)).data!.myReports;

describe('a report written offline', { timeout: 90_000 }, () => {
  it('waits to send, then arrives once when the connection returns', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360, prepare: atPlace(PLACE), serviceWorker: true });
    try {
      await page.goto(`${APP_URL}/report`);
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByTestId('report-position').filter({ hasText: /Pin at -33\.4165/ }).waitFor();
      const description = `Tree down, written offline ${randomUUID().slice(0, 8)}`;
      await page.getByLabel('Type').selectOption('storm');
      await page.getByLabel('Description').fill(description);

      await setOffline(context, true);
      await page.getByText('You are offline: the report will wait on this device').waitFor();
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByRole('heading', { name: 'Your report is waiting to send' }).waitFor();
      const queued = page.getByRole('region', { name: 'Reports on this device' });
      await queued.getByText('Waiting to send', { exact: true }).waitFor();
      expect(await queued.getByText(/^Storm at -33\.4165, 147\.9443, written/).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'report-queue-waiting');
      // Nothing reached the server while offline.
      expect((await myReports()).filter((r) => r.description === description)).toHaveLength(0);

      await setOffline(context, false);
      await page.getByRole('heading', { name: 'Thank you for your report' }).waitFor({ timeout: 30_000 });
      await screenshot(page, 'report-queue-sent');
      expect(await axeViolations(page)).toEqual([]);
      const arrived = (await myReports()).filter((r) => r.description === description);
      expect(arrived).toHaveLength(1);

      // My incident reports: the queue shows it sent, and the list holds it once.
      await page.goto(`${APP_URL}/my-reports`);
      await page.locator(`tr[data-report-id="${arrived[0].id}"]`).waitFor();
      expect(await page.locator(`tr[data-report-id="${arrived[0].id}"]`).count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Reports on this device' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
