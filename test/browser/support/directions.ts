// The public map's directions panel as a keyboard user fills it: shared by the browser tests that
// plan a trip before checking what they are about.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { APP_URL } from './browser';
import { mapOf } from './map';

/** A place field of the trip: From, a stop between ("Stop 1" …) or To. */
export type PlaceFieldName = 'From' | 'To' | `Stop ${number}`;

/** The field by its exact name: "To" would also match "Stop 1". */
export const placeField = (page: Page, field: PlaceFieldName) =>
  page.getByRole('region', { name: 'Directions' }).getByRole('combobox', { name: field, exact: true });

/** Types a place name and picks its suggestion with the keyboard (arrows, then Enter). */
export async function choosePlace(page: Page, field: PlaceFieldName, query: string, expected: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Directions' });
  const input = placeField(page, field);
  await input.fill(query);
  const listbox = panel.getByRole('listbox', { name: `${field} suggestions`, exact: true });
  await listbox.getByRole('option', { name: new RegExp(`^${expected}\\b`) }).first().waitFor();
  const options = await listbox.getByRole('option').allTextContents();
  const index = options.findIndex((text) => text.startsWith(`${expected} NSW`));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toMatch(new RegExp(`^${expected}, NSW`));
}

/**
 * Plans Forbes → Parkes on /map, both places picked by keyboard, up to the route's summary; returns
 * the "Save this trip" form a signed-in person then sees under the route.
 */
export async function planForbesToParkes(page: Page): Promise<Locator> {
  await page.goto(`${APP_URL}/map`);
  await mapOf(page).waitFor({ timeout: 30_000 });
  await choosePlace(page, 'From', 'Forbe', 'Forbes');
  await choosePlace(page, 'To', 'Park', 'Parkes');
  const panel = page.getByRole('region', { name: 'Directions' });
  await panel.getByRole('button', { name: 'Get directions' }).click();
  await panel.getByTestId('route-summary').waitFor({ timeout: 30_000 });
  const form = page.getByRole('form', { name: 'Save this trip' });
  await form.waitFor({ timeout: 30_000 });
  return form;
}
