// Accessibility and layout checks shared by the browser tests: axe-core with the WCAG 2.2 A/AA
// rules, and "no horizontal scrolling" for the 360 px phone layout.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * One line per violation: "rule-id: selector, selector". Empty when the page passes. Axe checks
 * the page at rest: finite CSS transitions and animations finish first, or a button just enabled
 * is measured halfway between its disabled and enabled colours (seen under load in CI).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Once a document: axe-core is 650 kB to parse, up to 2 s on a map page still drawing.
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    type Animation = { finished: Promise<unknown>; effect: { getTiming(): { iterations?: number } } | null };
    const g = globalThis as unknown as {
      document: { getAnimations(): Animation[] };
      axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
    };
    const finite = g.document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => null))), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    // Only the violations are read: resultTypes spares axe the selectors of every node that
    // passed (its documented speed-up); the violations and their nodes are reported in full.
    const result = await g.axe.run(g.document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_TAGS);
}

/** True when the page needs no horizontal scrolling at its current width. */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return g.document.documentElement.scrollWidth <= g.innerWidth;
  });
}

export const PHONE_360 = { width: 360, height: 780 };
