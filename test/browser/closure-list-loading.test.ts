// The closure list never says "No closures in this area" before it has an answer: from the staff
// map's first paint until its viewport query answers (held back here), the list only ever says it
// is loading; then the council's closures are listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { APP_URL, launchBrowser, STAFF, signedInContext } from './support/browser';

// Records every text the list's empty line shows, however briefly (the viewport's debounce is short).
const RECORD_EMPTY_LINES = `
  window.__emptyLines = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.closure-list__empty')) {
      const text = el.textContent || '';
      if (window.__emptyLines[window.__emptyLines.length - 1] !== text) window.__emptyLines.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

describe('closure list while loading', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says "Loading closures…" until the viewport query answers, never "No closures", then lists them', { timeout: 120_000 }, async () => {
    const { page } = await signedInContext(browser, STAFF);
    await page.addInitScript(RECORD_EMPTY_LINES);
    const held: Route[] = [];
    let holding = true;
    await page.route('**/graphql', (route) => {
      if (holding && /closuresInBounds/.test(route.request().postData() ?? '')) held.push(route);
      else void route.continue();
    });
    await page.goto(`${APP_URL}/staff-map`);
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1_000);
    expect(await page.getByText('Loading closures…').isVisible()).toBe(true);

    holding = false;
    // A request the page gave up on meanwhile (a newer viewport) is already settled.
    for (const route of held) await route.continue().catch(() => undefined);
    await page.locator('.closure-list__item').first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate('window.__emptyLines')).toEqual(['Loading closures…']);
    await page.context().close();
  });
});
