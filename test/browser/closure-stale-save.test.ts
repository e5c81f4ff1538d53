// Two officers on one closure, in the browser: the officer whose form was filled in before the
// other's save is told who changed it and when, keeps the page, and reloads with one click.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn } from '../support/api';
import { axeViolations } from './support/a11y';
import { ADMIN, APP_URL, STAFF, isShown, launchBrowser, screenshot, signedInContext } from './support/browser';

const RUN = Date.now().toString(36);
const LINE = JSON.stringify({ type: 'LineString', coordinates: [[147.94, -33.41], [147.95, -33.412]] });
const FIELDS = 'id version regions { id geometry }';

let browser: Browser;
let closure: { id: string; version: number; regions: { id: string; geometry: string }[] };

async function as<T>(email: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await gql<T>(query, variables, { token: (await signIn(email)).accessToken });
  if (res.errors?.length) throw new Error(res.errors.map((e) => e.message).join('; '));
  return res.data!;
}

const input = (reason: string) => ({ lgaCode: '12900', type: 'hazard', reason, regions: closure.regions.map((r) => ({ id: r.id, geometry: r.geometry })) });

beforeAll(async () => {
  browser = await launchBrowser();
  closure = (await as<{ createClosure: typeof closure }>(STAFF, `mutation ($input: ClosureInput!) { createClosure(input: $input) { ${FIELDS} } }`, {
    input: { lgaCode: '12900', type: 'hazard', reason: `Test ${RUN}: branch on the road`, regions: [{ geometry: LINE }] },
  })).createClosure;
});
afterAll(async () => browser?.close());

describe('the closure form when another officer saved first', { timeout: 90_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInContext(browser, STAFF));
  });
  afterAll(async () => context?.close());

  it('shows who changed it and when, with a Reload button that brings their change in', async () => {
    await page.goto(`${APP_URL}/closures/${closure.id}/detail`);
    const reason = page.getByLabel('Reason');
    await expect.poll(() => reason.inputValue(), { timeout: 30_000 }).toBe(`Test ${RUN}: branch on the road`);
    await reason.fill(`Test ${RUN}: my edit`);

    // The other desk saves while this form holds unsaved edits.
    await as(ADMIN, `mutation ($id: ID!, $input: ClosureInput!, $v: Int) { updateClosure(id: $id, input: $input, expectedVersion: $v) { id } }`, {
      id: closure.id,
      input: input(`Test ${RUN}: crew clearing it now`),
      v: closure.version,
    });

    await page.getByRole('button', { name: 'Save changes' }).click();
    const alert = page.locator('.closure-form [role="alert"]');
    expect(await isShown(alert, 30_000)).toBe(true);
    expect(await alert.textContent()).toMatch(/This closure was changed by .+ at [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M\. Reload to see the changes\./);
    await screenshot(page, 'reliability-stale-save');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => reason.inputValue(), { timeout: 30_000 }).toBe(`Test ${RUN}: crew clearing it now`);
    expect(await alert.count()).toBe(0);

    // Saving again from the reloaded version works.
    await reason.fill(`Test ${RUN}: both lanes open soon`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await isShown(page.getByText('Closure saved.'), 30_000)).toBe(true);
  });
});
