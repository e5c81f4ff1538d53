// Alerts by email in the browser, on a 360 px phone and by keyboard: a resident chooses email for
// the council and the closure they follow on My subscriptions; a closure administrator reopens the
// closure and the mail is in the local outbox (/dev/mail) once; the notification settings show the
// address's state (verified, stopped after a bounce) and Resume brings it back. Axe finds nothing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readSmsOutbox } from '../../local/sms-outbox';
import { gql, signIn, useStackTable } from '../support/api';
import { freshUser, FORBES, createForbesClosure, type TestUser } from '../integration/notifications/support';
import { mailTo, waitForMail } from '../integration/alerts/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, isShown, launchBrowser, screenshot, signedInPage, STAFF } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: TestUser;
let closureId: string;
let staff: { token: string };

beforeAll(async () => {
  useStackTable();
  [browser, user] = await Promise.all([launchBrowser(), freshUser('alerts-browser')]);
  staff = { token: (await signIn(STAFF)).accessToken };
  closureId = (await createForbesClosure(staff, { reason: 'Causeway under water' })).id;
  await gql('mutation($c: String!) { subscribeToLga(code: $c) { lgas { code } } }', { c: FORBES }, user.auth);
  await gql('mutation($id: ID!) { subscribeToClosure(id: $id) { lgas { code } } }', { id: closureId }, user.auth);
  ({ context, page } = await signedInPage(browser, user.email, { viewport: PHONE_360, landing: false }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const channelsOf = async () =>
  (await gql<{ mySubscriptions: { channels: { kind: string; target: string; email: string; digestHour: number }[] } }>('query { mySubscriptions { channels { kind target email digestHour } } }', {}, user.auth)).data!.mySubscriptions.channels;

/** Tabs from the page's start until `name` has focus (a keyboard user's way there). */
async function tabTo(name: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; textContent: string | null } | null } }).document.activeElement;
      return active?.getAttribute('aria-label') ?? active?.textContent ?? '';
    });
    if (label.trim() === name) return;
  }
  throw new Error(`${name} was not reached by Tab`);
}

describe('email alerts, chosen per subscription', { timeout: 120_000 }, () => {
  it('the council: a daily digest at an hour picked by keyboard; axe-clean at 360 px', async () => {
    await page.goto(`${APP_URL}/subscriptions/lgas`);
    expect(await isShown(page.getByLabel('Email about Forbes'))).toBe(true);
    await tabTo('Email about Forbes');
    // Off → At once → Daily digest.
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await channelsOf()).find((c) => c.kind === 'lga')?.email).toBe('immediate');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await channelsOf()).find((c) => c.kind === 'lga')?.email).toBe('daily');
    expect(await isShown(page.getByLabel('Daily digest hour for Forbes'))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await channelsOf()).find((c) => c.kind === 'lga')?.digestHour).toBe(6);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-subscriptions-lgas-360');
  });

  it('the closure: at once; a reopening reaches /dev/mail once', async () => {
    await page.goto(`${APP_URL}/subscriptions/closures`);
    const choice = page.getByLabel(/^Email about Flooding/);
    expect(await isShown(choice)).toBe(true);
    await choice.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await channelsOf()).find((c) => c.kind === 'closure')?.email).toBe('immediate');
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-subscriptions-closures-360');

    const reopened = await gql(`mutation($id: ID!) { reopenClosure(id: $id) { id } }`, { id: closureId }, staff);
    expect(reopened.errors).toBeUndefined();
    const [mail] = await waitForMail(user.email, 1);
    expect(mail.subject).toMatch(/^Road reopened/);
    await page.goto(`${APP_URL}/dev/mail`);
    expect(await page.getByText(mail.subject).count()).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(mailTo(user.email)).toHaveLength(1);
  });

  it('the settings show the address state: verified, stopped after a bounce, resumed by keyboard', async () => {
    await page.goto(`${APP_URL}/profile/notifications`);
    expect(await isShown(page.getByText('Verified', { exact: true }))).toBe(true);
    const { handler: feedback } = await import('../../lambdas/events/mail-feedback');
    await feedback({ Records: [{ Sns: { Message: JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: user.email }] } }) } }] } as never);
    await page.reload();
    expect(await isShown(page.getByText('Stopped: mail bounced'))).toBe(true);
    expect(await page.getByText(/Mail to this address bounced/).count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-settings-bounced-360');
    await tabTo('Resume email alerts');
    await page.keyboard.press('Enter');
    expect(await isShown(page.getByText('Verified', { exact: true }))).toBe(true);
  });

  it('a mobile is added and verified with the texted code, by keyboard; axe-clean at 360 px', async () => {
    const mobile = `04${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await page.goto(`${APP_URL}/profile/notifications`);
    const field = page.getByLabel('Mobile number');
    expect(await isShown(field)).toBe(true);
    await field.fill(mobile);
    await field.press('Enter');
    expect(await isShown(page.getByText('Waiting for the code'))).toBe(true);
    const text = readSmsOutbox(inject('stack').dataDir).find((t) => t.to === `+61${mobile.slice(1)}`)!;
    const code = /code is (\d{6})/.exec(text.body)![1];
    await page.getByLabel('6-digit code').fill(code);
    await page.getByLabel('6-digit code').press('Enter');
    expect(await isShown(page.getByText(`+61${mobile.slice(1)}`))).toBe(true);
    await expect.poll(() => page.getByText('Verified', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-settings-mobile-360');
  });
});
