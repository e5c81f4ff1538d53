// Saved trips in the browser: a resident plans Forbes → Parkes on the map, saves it by keyboard
// under the route ("Save this trip", named "Forbes → Parkes" unless changed) and finds it under My
// subscriptions with its channels; on a 360 px phone the list fits and its email choice and Delete
// work. Axe finds nothing on the form or the list. (A closure on the trip alerting it is covered by
// test/integration/alerts/saved-trips.test.ts.)
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, useStackTable } from '../support/api';
import { freshUser, type TestUser } from '../integration/notifications/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, DESKTOP, isShown, launchBrowser, screenshot, signedInContext } from './support/browser';
import { planForbesToParkes } from './support/directions';

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  useStackTable();
  [browser, user] = await Promise.all([launchBrowser(), freshUser('trips-browser')]);
});
afterAll(async () => {
  await browser?.close();
});

const tripsOf = async () => (await gql<{ savedTrips: { id: string; name: string; email: string }[] }>('query { savedTrips { id name email } }', {}, user.auth)).data!.savedTrips;

describe('saved trips', { timeout: 180_000 }, () => {
  it('saved by keyboard under a planned route, then listed under My subscriptions', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: DESKTOP });
    try {
      const form = await planForbesToParkes(page);
      const name = form.getByLabel('Trip name');
      expect(await name.inputValue()).toBe('Forbes → Parkes');
      expect(await axeViolations(page)).toEqual([]);
      // By keyboard: from the name, Tab to the button and press Enter.
      await name.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await isShown(form.getByRole('status'), 20_000)).toBe(true);
      expect(await form.getByRole('status').textContent()).toMatch(/^Saved\./);
      await screenshot(page, 'saved-trips-form');
      await expect.poll(async () => (await tripsOf()).map((t) => t.name)).toEqual(['Forbes → Parkes']);

      await page.goto(`${APP_URL}/subscriptions`);
      const section = page.getByRole('region', { name: 'Saved trips' });
      expect(await isShown(section.getByText('Forbes → Parkes').first(), 20_000)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a 360 px phone the list fits; email is changed and the trip deleted', async () => {
    const { context, page } = await signedInContext(browser, user.email, { viewport: PHONE_360 });
    try {
      await page.goto(`${APP_URL}/subscriptions`);
      const section = page.getByRole('region', { name: 'Saved trips' });
      const email = section.getByLabel('Email about Forbes → Parkes');
      await email.waitFor({ timeout: 20_000 });
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'saved-trips-360');
      await email.selectOption('immediate');
      await expect.poll(async () => (await tripsOf())[0]?.email).toBe('immediate');
      await section.getByRole('button', { name: 'Delete Forbes → Parkes' }).click();
      await expect.poll(async () => (await tripsOf()).length).toBe(0);
    } finally {
      await context.close();
    }
  });
});
