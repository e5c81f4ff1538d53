// The twelve help pages: each renders its own written content (four with a screenshot of the
// screen they explain), they link to each other, and the help screen is axe-clean and fits a
// 360 px phone.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, launchBrowser, newPage, screenshot, STAFF, waitForPath, signedInContext } from './support/browser';

/** The spec's /help children (§2), in order, with the titles the pages carry. */
const HELP_TOPICS = [
  ['introduction', 'Introduction'],
  ['getting-started', 'Getting started'],
  ['navigating', 'Navigating the app'],
  ['subscriptions', 'Subscriptions'],
  ['reporting-incidents', 'Reporting incidents'],
  ['lga-management', 'LGA management'],
  ['closure-administration', 'Closure administration'],
  ['report-moderation', 'Report moderation'],
  ['socials-content-generation', 'Social content generation'],
  ['website-integration', 'Website integration'],
  ['closure-types', 'Closure types'],
  ['road-conditions', 'Road conditions'],
] as const;

describe('help', { timeout: 120_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the introduction from /help and renders all twelve pages with their own content', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${APP_URL}/help`);
      await waitForPath(page, '/help/introduction');
      const seen = new Set<string>();
      for (const [slug, title] of HELP_TOPICS) {
        await page.getByRole('navigation', { name: 'Help topics' }).getByRole('link', { name: title, exact: true }).click();
        await waitForPath(page, `/help/${slug}`);
        // The path changes before React renders the new topic: wait for its own heading.
        await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
        const body = await page.locator('.help__body').innerText();
        expect(body.length).toBeGreaterThan(200);
        expect(body).not.toContain('being built');
        seen.add(body);
      }
      expect(seen.size).toBe(12);
      // The pictured pages: navigating, reporting incidents, closure administration, website integration.
      for (const slug of ['navigating', 'reporting-incidents', 'closure-administration', 'website-integration']) {
        await page.goto(`${APP_URL}/help/${slug}`);
        const picture = page.locator('.help-figure img');
        await picture.waitFor();
        expect((await picture.getAttribute('alt'))!.length).toBeGreaterThan(40);
      }
      await screenshot(page, 'help-road-conditions');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a 360 px phone and can be read by keyboard', async () => {
    const { context, page } = await newPage(browser, PHONE_360);
    try {
      await page.goto(`${APP_URL}/help/closure-administration`);
      await page.getByRole('heading', { level: 1, name: 'Closure administration' }).waitFor();
      // Its screenshot loads, says what it shows, and fits the phone.
      const figure = page.getByRole('img', { name: /^The staff map of Forbes/ });
      await figure.scrollIntoViewIfNeeded();
      await expect.poll(() => figure.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1100);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Report moderation' }).first().focus();
      await page.keyboard.press('Enter');
      await waitForPath(page, '/help/report-moderation');
      await screenshot(page, 'help-phone');
    } finally {
      await context.close();
    }
  });

  it('explains the closure lists in a help popover with Learn more: keyboard, Escape and focus return, axe-clean at 360 px', async () => {
    const { context, page } = await signedInContext(browser, STAFF, { viewport: PHONE_360 });
    try {
      await page.goto(`${APP_URL}/closures/active`);
      const button = page.getByRole('button', { name: 'Help: Closure lists' });
      await button.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.focus();
      await page.keyboard.press('Enter');
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const more = page.getByRole('link', { name: 'Learn more about closure lists' });
      await more.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'help-popover-closure-lists');
      await page.keyboard.press('Escape');
      await more.waitFor({ state: 'hidden' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')")).toBe('Help: Closure lists');
      await button.click();
      await more.click();
      await waitForPath(page, '/help/closure-administration');
      await page.getByRole('heading', { name: 'Closure administration', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
