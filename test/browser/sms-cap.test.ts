// The administrator's SMS spending cap (the customer page, Text alerts) on a 360 px phone and by
// keyboard: the cap is reached by Tab, typed, saved with Enter, and the page says what the council
// spent of it; nothing scrolls sideways and axe finds nothing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn, useStackTable } from '../support/api';
import { FORBES } from '../integration/notifications/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { ADMIN, APP_URL, isShown, launchBrowser, screenshot, signedInPage } from './support/browser';

const SPENDING = 'query($c: String!) { smsSpending(lgaCode: $c) { capCents } }';
const SET_CAP = 'mutation($c: String!, $cap: Int!) { setSmsSpendingCap(lgaCode: $c, capCents: $cap) { capCents } }';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: { token: string };
let capBefore: number;

beforeAll(async () => {
  useStackTable();
  admin = { token: (await signIn(ADMIN)).accessToken };
  capBefore = (await gql<{ smsSpending: { capCents: number } }>(SPENDING, { c: FORBES }, admin)).data!.smsSpending.capCents;
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, ADMIN, { viewport: PHONE_360 }));
});

afterAll(async () => {
  // Other tests text Forbes's followers: its cap goes back to what it was.
  if (capBefore !== undefined) await gql(SET_CAP, { c: FORBES, cap: capBefore }, admin);
  await context?.close();
  await browser?.close();
});

/** Tabs from where focus is until the element labelled `name` has it (a keyboard user's way there). */
async function tabTo(name: string, limit = 120) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { activeElement: { id: string; getAttribute(n: string): string | null; textContent: string | null } | null; querySelector(s: string): { textContent: string | null } | null } }).document;
      const active = doc.activeElement;
      if (!active) return '';
      const byFor = active.id ? doc.querySelector(`label[for="${active.id}"]`)?.textContent : undefined;
      return byFor ?? active.getAttribute('aria-label') ?? active.textContent ?? '';
    });
    if (label.trim() === name) return;
  }
  throw new Error(`${name} was not reached by Tab`);
}

describe("the administrator's SMS spending cap", () => {
  it('is set by keyboard on a 360 px phone, with no sideways scroll and no axe finding', async () => {
    await page.goto(`${APP_URL}/customer/${FORBES}`);
    const section = page.getByRole('region', { name: 'Text alerts' });
    expect(await isShown(section.getByLabel('Monthly cap (AUD)'), 30_000)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // From the top of the page, Tab to the cap, type a new one, Tab to Save, Enter.
    await page.locator('body').focus();
    await tabTo('Monthly cap (AUD)');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('123.45');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent)).toBe('Save');
    await page.keyboard.press('Enter');
    expect(await isShown(page.getByText('SMS cap saved'))).toBe(true);
    expect(await isShown(section.getByText(/of \$123\.45 spent in \d{4}-\d{2}/))).toBe(true);
    expect((await gql<{ smsSpending: { capCents: number } }>(SPENDING, { c: FORBES }, admin)).data!.smsSpending.capCents).toBe(12_345);

    // Saved, the page still fits the phone and passes axe (the toast included).
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'sms-cap-360');
  });
});
