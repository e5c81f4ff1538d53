// "Request Access to LGA" with a real user on a 360 px phone: an admin sets a council's mail
// domain through updateCustomer, a new user at that domain signs in and sees the button on the
// dashboard (axe-clean, no sideways scrolling), it opens /request-access, and once their request
// is pending the dashboard no longer offers it. The same dashboard shows the user's profile and the
// closures they follow. The council's settings are restored afterwards.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lambdas/adapters/db/db';
import { useStackTable } from '../support/api';
import { call, createUser, unique, type TestUser } from '../integration/identity/support';
import { axeViolations, fitsWidth, PHONE_360 } from './support/a11y';
import { APP_URL, isShown, launchBrowser, screenshot, waitForPath, signedInContext } from './support/browser';

const LGA = '10800'; // Bland: no other test uses it
const DOMAIN = `bland-${unique()}.nsw.gov.example`;
const UPDATE = 'mutation($c: ID!, $i: CustomerSettingsInput!) { updateCustomer(code: $c, input: $i) { emailSuffix } }';
const REQUEST = 'mutation($c: String!) { requestLgaAccess(lgaCode: $c) { status } }';

describe('Request Access to LGA', { timeout: 120_000 }, () => {
  let browser: Browser;
  let admin: TestUser;
  let hadCustomer = false;
  let suffixBefore: string | undefined;

  beforeAll(async () => {
    useStackTable();
    hadCustomer = !!(await db().entities.customer.get({ lgaCode: LGA }).go()).data;
    suffixBefore = (await db().entities.lga.get({ code: LGA }).go()).data?.emailSuffix;
    admin = await createUser({ admin: true });
    expect((await call(UPDATE, { c: LGA, i: { emailSuffix: DOMAIN } }, admin)).data?.updateCustomer).toEqual({ emailSuffix: DOMAIN });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await call(UPDATE, { c: LGA, i: { emailSuffix: suffixBefore ?? '' } }, admin);
    if (!hadCustomer) await db().entities.customer.delete({ lgaCode: LGA }).go();
    const requests = await db().entities.accessRequest.query.byLga({ lgaCode: LGA }).go({ pages: 'all' });
    for (const r of requests.data.filter((item) => item.email.endsWith(DOMAIN))) {
      await db().entities.accessRequest.delete({ lgaCode: LGA, requestedAt: r.requestedAt, uid: r.uid }).go();
    }
  });

  it('shows the button to a new user at the council mail domain, opens /request-access, and hides it while pending', async () => {
    const officer = await createUser({ email: `officer.${unique()}@${DOMAIN}`, lgaCode: LGA });
    const { context, page } = await signedInContext(browser, officer.email, { viewport: PHONE_360 });
    try {
      await page.goto(`${APP_URL}/dashboard`);
      const button = page.getByRole('link', { name: 'Request Access to LGA →' });
      await button.waitFor({ timeout: 30_000 });
      // The public dashboard: the council's closures (none in Bland), the profile and the closures followed (none yet).
      const profile = page.getByRole('region', { name: 'Your profile' });
      await profile.getByText(officer.email).waitFor();
      const closures = page.getByRole('region', { name: 'Closures in Bland' });
      await closures.getByText('Nothing changed in the last 12 hours.').waitFor();
      const followed = page.getByRole('region', { name: 'Closures you follow' });
      await followed.getByText("You don't follow any closures yet.", { exact: false }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, 'request-access-01-dashboard-360');

      await button.click();
      await waitForPath(page, '/request-access');
      await page.getByRole('heading', { level: 1, name: 'Request access to an LGA' }).waitFor();

      expect((await call(REQUEST, { c: LGA }, officer)).data?.requestLgaAccess).toEqual({ status: 'pending' });
      await page.goto(`${APP_URL}/dashboard`);
      await page.getByRole('heading', { level: 1, name: /, Test officer\./ }).waitFor();
      await page.getByRole('heading', { name: 'Your access requests' }).waitFor();
      expect(await isShown(page.getByRole('link', { name: 'Request Access to LGA →' }), 3_000)).toBe(false);
      await screenshot(page, 'request-access-02-pending-360');
    } finally {
      await context.close();
    }
  });
});
