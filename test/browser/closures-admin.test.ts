// Closure administration screens: lists per view, detail edit, reopen, delete and
// restore, photo upload, activity, the dashboard card and the role guard. The edits run on two
// closures this file creates, so the seeded demo closures stay as other files expect them.
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signIn } from '../support/api';
import { axeViolations, fitsWidth } from './support/a11y';
import { ADMIN, APP_URL, PHONE, RESIDENT, STAFF, isShown, launchBrowser, screenshot, waitForPath, signedInPage, signedInContext } from './support/browser';

const FORBES = '12900';
const RUN = Date.now().toString(36);

let browser: Browser;
let token: string;
const created: { edit: string; remove: string } = { edit: '', remove: '' };

/** A real PNG (solid amber, 64×48) so the browser and the thumbnailer both accept it. */
function pngBytes(width = 64, height = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [248, 184, 74]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function api<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await gql<T>(query, variables, { token });
  if (res.errors?.length) throw new Error(res.errors.map((e) => e.message).join('; '));
  return res.data!;
}

async function createTestClosure(reason: string): Promise<string> {
  // The seeded flood's road is a real snapped line: reuse it so the closure has valid geometry.
  const page = await api<{ closuresByLga: { items: Array<{ type: { value: string }; regions: Array<{ geometry: string }> }> } }>(
    `query ($lgaCode: String!) { closuresByLga(lgaCode: $lgaCode, view: ACTIVE, limit: 50) { items { type { value } regions { geometry } } } }`,
    { lgaCode: FORBES },
  );
  const source = page.closuresByLga.items.find((c) => c.type.value === 'flood') ?? page.closuresByLga.items[0];
  const geometry = source.regions[0].geometry;
  const data = await api<{ createClosure: { id: string } }>(
    `mutation ($input: ClosureInput!) { createClosure(input: $input) { id lgaCode } }`,
    {
      input: {
        lgaCode: FORBES,
        type: 'hazard',
        reason,
        regions: [{ geometry: typeof geometry === 'string' ? geometry : JSON.stringify(geometry) }],
        estimatedReopening: Math.floor(Date.now() / 1000) + 5 * 86_400,
      },
    },
  );
  return data.createClosure.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await signIn(STAFF)).accessToken;
  created.edit = await createTestClosure(`Test ${RUN}: fallen tree across both lanes`);
  created.remove = await createTestClosure(`Test ${RUN}: debris on the road`);
});
afterAll(async () => {
  await browser?.close();
});

// Other suites share the 2-core machine: allow slow mutations rather than fail on load.
const shown = (locator: Parameters<typeof isShown>[0]) => isShown(locator, 30_000);

const row = (page: Page, id: string) => page.locator(`tr[data-closure-id="${id}"]`);

describe('closure administrator', { timeout: 90_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInPage(browser, STAFF));
  });
  afterAll(async () => context?.close());

  it('sees closure counts on the dashboard card', async () => {
    const card = page.locator('.role-card[data-role="closure_administrator"]');
    const active = card.locator('[data-count="active"] strong');
    await expect.poll(async () => Number(await active.textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    expect(await card.getByText('Recent changes (last 12 hours)').isVisible()).toBe(true);
    // The two closures made a moment ago are recent changes.
    expect(await shown(card.getByRole('link').filter({ hasText: /./ }).first())).toBe(true);
    await screenshot(page, 'closures-admin-01-dashboard');
  });

  it('lists the seeded Forbes closures on the active tab, the scheduled event on its own tab', async () => {
    await page.goto(`${APP_URL}/closures`);
    await waitForPath(page, '/closures/active');
    expect(await shown(page.getByRole('cell', { name: /Newell Highway closed south-west of Forbes/ }))).toBe(true);
    expect(await shown(page.getByRole('cell', { name: /Pavement rehabilitation east of Forbes/ }))).toBe(true);
    const roadworks = page.getByRole('row').filter({ hasText: 'Pavement rehabilitation' });
    expect(await roadworks.getByText('Changed conditions').isVisible()).toBe(true);
    // Dates are DD/MM/YYYY, update times "MMM D, h:mm A".
    expect(await roadworks.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await roadworks.textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)/);
    const activeTab = page.getByRole('navigation', { name: 'Closure lists' }).getByRole('link', { name: /^Active/ });
    await expect.poll(async () => Number((await activeTab.locator('.tab-count').textContent()) ?? NaN)).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'closures-admin-02-active');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('navigation', { name: 'Closure lists' }).getByRole('link', { name: /^Scheduled/ }).click();
    await waitForPath(page, '/closures/scheduled');
    expect(await shown(page.getByRole('cell', { name: /Forbes community fun run/ }))).toBe(true);
    await screenshot(page, 'closures-admin-03-scheduled');
  });

  it('shows the empty state of a list with nothing in it', async () => {
    await page.goto(`${APP_URL}/closures/archived`);
    expect(await shown(page.getByText('No archived closures yet.', { exact: false }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('edits a closure reason and the saved reason survives a reload', async () => {
    await page.goto(`${APP_URL}/closures/active`);
    await row(page, created.edit).getByRole('link').click();
    await waitForPath(page, `/closures/${created.edit}/detail`);
    const reason = page.getByLabel('Reason');
    await reason.fill(`Test ${RUN}: tree removed from one lane, one lane open`);
    await page.getByRole('radio', { name: 'Changed conditions' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await shown(page.getByText('Closure saved.'))).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByLabel('Reason').inputValue()).toBe(`Test ${RUN}: tree removed from one lane, one lane open`);
    expect(await page.getByRole('radio', { name: 'Changed conditions' }).isChecked()).toBe(true);
    // The region list keeps its one region with its length.
    expect(await page.locator('.region-list li').count()).toBe(1);
    expect(await page.locator('.region-list li').textContent()).toMatch(/\d+(\.\d{2})? (m|km)/);
    await screenshot(page, 'closures-admin-04-detail-saved');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the API message when the last region would be removed', async () => {
    await page.getByRole('button', { name: 'Remove region 1' }).click();
    const alert = page.locator('.closure-regions [role="alert"]');
    expect(await shown(alert)).toBe(true);
    expect((await alert.textContent())?.length).toBeGreaterThan(5);
    expect(await page.locator('.region-list li').count()).toBe(1);
    await screenshot(page, 'closures-admin-05-last-region');
  });

  it('refuses an estimated reopening before the scheduled start, inline', async () => {
    await page.getByLabel('Scheduled start').fill('2030-01-10T10:00');
    await page.getByLabel('Estimated reopening').fill('2030-01-09T10:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await shown(page.getByText('Estimated reopening must be after the scheduled start'))).toBe(true);
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('uploads a photo on the media tab and shows its thumbnail', async () => {
    await page.getByRole('navigation', { name: 'Closure sections' }).getByRole('link', { name: /Photos/ }).click();
    await waitForPath(page, `/closures/${created.edit}/media`);
    expect(await shown(page.getByText('No photos yet.'))).toBe(true);
    await page.locator('input[type="file"]').setInputFiles({ name: 'tree.png', mimeType: 'image/png', buffer: pngBytes() });
    expect(await shown(page.getByText('Photo uploaded.'))).toBe(true);
    const img = page.locator('.media-grid img').first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => { const image = el as unknown as { complete: boolean; naturalWidth: number }; return image.complete && image.naturalWidth > 0; }), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'closures-admin-06-media');
    // The thumbnailer runs after the upload; the tab looks again until the 400 px thumbnail replaces the original.
    await expect.poll(() => img.getAttribute('src'), { timeout: 30_000 }).toMatch(/thumbnail\.webp/);
    await expect.poll(() => img.evaluate((el) => { const image = el as unknown as { complete: boolean; naturalWidth: number }; return image.complete && image.naturalWidth > 0; }), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('thumbnail pending', { exact: false }).count()).toBe(0);
    await screenshot(page, 'closures-admin-06b-thumbnail');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('refuses a file that is not an image before uploading', async () => {
    await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await shown(page.getByText('notes.txt is not a photo we can take', { exact: false }))).toBe(true);
    expect(await page.locator('.media-grid li').count()).toBe(1);
  });

  it('reopens the closure after confirmation: it moves to recently opened', async () => {
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reopen this road?' });
    expect(await shown(dialog)).toBe(true);
    await screenshot(page, 'closures-admin-07-reopen-confirm');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    expect(await shown(page.getByText('Closure reopened', { exact: false }))).toBe(true);
    await page.goto(`${APP_URL}/closures/recently-opened`);
    expect(await shown(row(page, created.edit))).toBe(true);
    expect(await row(page, created.edit).getByText('Opened').isVisible()).toBe(true);
    await screenshot(page, 'closures-admin-08-recently-opened');
    await page.goto(`${APP_URL}/closures/active`);
    await page.locator('tbody tr').first().waitFor();
    expect(await row(page, created.edit).count()).toBe(0);
  });

  it('lists the changes on the activities tab', async () => {
    await page.goto(`${APP_URL}/closures/${created.edit}/activities`);
    const timeline = page.locator('.timeline');
    await timeline.waitFor();
    const actions = await page.locator('.timeline__item').evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
    expect(actions).toEqual(expect.arrayContaining(['created', 'updated', 'media_added', 'reopened']));
    expect(await timeline.textContent()).toMatch(/reopened the road/);
    // Saving a form whose reopening time was not touched must not round the stored time to the minute.
    const update = await page.locator('.timeline__item[data-action="updated"]').textContent();
    expect(update).toMatch(/reason/);
    expect(update).not.toMatch(/estimated reopening/);
    await screenshot(page, 'closures-admin-09-activities');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('deletes another closure after confirmation, finds it on the deleted tab and restores it', async () => {
    await page.goto(`${APP_URL}/closures/${created.remove}`);
    await waitForPath(page, `/closures/${created.remove}/detail`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this closure?' }).getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/closures/deleted');
    expect(await shown(row(page, created.remove))).toBe(true);
    await screenshot(page, 'closures-admin-10-deleted');
    expect(await axeViolations(page)).toEqual([]);

    await row(page, created.remove).getByRole('link').click();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByRole('dialog', { name: 'Restore this closure?' }).getByRole('button', { name: 'Restore' }).click();
    expect(await shown(page.getByText('Closure restored.'))).toBe(true);
    await page.goto(`${APP_URL}/closures/active`);
    expect(await shown(row(page, created.remove))).toBe(true);
    await page.goto(`${APP_URL}/closures/deleted`);
    await page.locator('.closures-empty, tbody tr').first().waitFor();
    expect(await row(page, created.remove).count()).toBe(0);
  });

  it('shows the recently opened count on the dashboard card', async () => {
    await page.goto(`${APP_URL}/dashboard`);
    // The machine is shared with other suites: give the dashboard's queries room before reading.
    await page.locator('.role-card[data-role="closure_administrator"] [data-count="recently-opened"]').waitFor({ timeout: 30_000 });
    const opened = page.locator('.role-card[data-role="closure_administrator"] [data-count="recently-opened"] strong');
    await expect.poll(async () => Number(await opened.textContent()), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'closures-admin-11-dashboard-after');
  });

  it('shows an error state on the list and "Failed to load" with zero counts on the dashboard when the API fails', async () => {
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (/closuresByLga|dashboard\(/.test(body)) {
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: null, errors: [{ message: 'Closures are resting', errorType: 'ValidationError' }] }) });
      } else {
        await route.continue();
      }
    });
    try {
      await page.goto(`${APP_URL}/closures/stale`);
      expect(await shown(page.getByRole('alert').filter({ hasText: 'Closures are resting' }))).toBe(true);
      expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
      await screenshot(page, 'closures-admin-12a-list-error');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${APP_URL}/dashboard`);
      expect(await shown(page.getByText('Failed to load closure counts, recent changes and overdue closures: Closures are resting'))).toBe(true);
      const active = page.locator('.role-card[data-role="closure_administrator"] [data-count="active"] strong');
      await expect.poll(() => active.textContent()).toBe('0');
      await screenshot(page, 'closures-admin-12b-dashboard-error');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.unroute('**/graphql');
    }
  });

  it('says which closure does not exist', async () => {
    await page.goto(`${APP_URL}/closures/no-such-closure-${RUN}`);
    expect(await shown(page.getByRole('heading', { name: `Closure no-such-closure-${RUN} not found` }))).toBe(true);
    await screenshot(page, 'closures-admin-12-not-found');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('closure administrator on a phone', { timeout: 60_000 }, () => {
  it('sees cards instead of a table', async () => {
    const { context, page } = await signedInContext(browser, STAFF, { viewport: PHONE });
    try {
      await page.goto(`${APP_URL}/closures/active`);
      expect(await shown(page.locator('.closure-card').filter({ hasText: 'Newell Highway closed' }))).toBe(true);
      expect(await page.locator('table.closure-table').count()).toBe(0);
      await screenshot(page, 'closures-admin-13-phone');
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('platform administrator', { timeout: 60_000 }, () => {
  it('picks any customer council and sees its closures', async () => {
    const { context, page } = await signedInContext(browser, ADMIN);
    try {
      await page.goto(`${APP_URL}/closures/active`);
      const picker = page.getByLabel('Council');
      expect(await shown(picker)).toBe(true);
      expect(await picker.inputValue()).toBe(FORBES);
      expect(await shown(page.getByRole('cell', { name: /Newell Highway closed south-west of Forbes/ }))).toBe(true);
      await screenshot(page, 'closures-admin-14-admin');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('resident', { timeout: 60_000 }, () => {
  it('is sent to the dashboard from /closures', async () => {
    const { context, page } = await signedInContext(browser, RESIDENT);
    try {
      await page.goto(`${APP_URL}/closures`);
      await waitForPath(page, '/dashboard');
      expect(await page.locator('.role-card').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
