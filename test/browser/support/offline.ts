// The first visit that leaves an offline copy on the device: the public map lists its closures,
// the service worker takes charge of the page and the closures' snapshot is written.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { APP_URL, waitForPath } from './browser';

/** Opens /map until its closures are listed and kept on the device; the list's rows and how many. */
export async function openMapWithOfflineCopy(page: Page): Promise<{ rows: Locator; listed: number }> {
  await page.goto(`${APP_URL}/map`);
  await waitForPath(page, '/map');
  const rows = page.locator('.closure-list__item');
  await rows.first().waitFor({ timeout: 30_000 });
  const listed = await rows.count();
  expect(listed).toBeGreaterThan(0);
  // The service worker takes charge of the page (precaching takes long on a busy machine); the snapshot write finishes.
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 90_000 });
  await page.waitForTimeout(500);
  return { rows, listed };
}
