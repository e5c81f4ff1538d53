// A network with no internet behind it (a town's exchange flooded, a captive portal): the browser
// still says it is online, yet no request reaches the server. The map must answer from the
// device as it does with the network cut, say the device is offline, and notice by itself when
// the server can be reached again (lib/server-reachability.ts probes 3 s after a failure, then every 15 s).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShown, launchBrowser, newPage, screenshot } from './support/browser';
import { openMapWithOfflineCopy } from './support/offline';
import { axeViolations } from './support/a11y';

/** The API's requests (same origin locally: /graphql). */
const API = /\/graphql(\?|$)/;

describe('a network that reaches no server', { timeout: 240_000 }, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the closures saved on the device under the offline banner, and clears it once the server answers again', async () => {
    const { context, page } = await newPage(browser);
    try {
      const { rows, listed: online } = await openMapWithOfflineCopy(page);

      // Every API request now fails as it does with no internet; the device keeps its network.
      await context.route(API, (route) => route.abort('internetdisconnected'));
      await page.reload();
      expect(await page.evaluate('navigator.onLine')).toBe(true);
      expect(await isShown(page.getByText('You are offline.'), 20_000)).toBe(true);
      await rows.first().waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBe(online);
      expect(await isShown(page.getByText(/Offline copy: closures as of/))).toBe(true);
      await screenshot(page, 'no-internet-map');
      expect(await axeViolations(page)).toEqual([]);

      // The server answers again: the probe notices with no user action, and the banner goes.
      await context.unroute(API);
      await page.getByText('You are offline.').waitFor({ state: 'detached', timeout: 40_000 });
    } finally {
      await context.close();
    }
  });
});
