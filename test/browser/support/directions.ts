// The public map's directions panel as a keyboard user fills it: shared by the browser tests that
// plan a trip before checking what they are about.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types a place name and picks its suggestion with the keyboard (arrows, then Enter). */
export async function choosePlace(page: Page, field: 'From' | 'To', query: string, expected: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Directions' });
  const input = panel.getByRole('combobox', { name: field });
  await input.fill(query);
  const listbox = panel.getByRole('listbox', { name: `${field} suggestions` });
  await listbox.getByRole('option', { name: new RegExp(`^${expected}\\b`) }).first().waitFor();
  const options = await listbox.getByRole('option').allTextContents();
  const index = options.findIndex((text) => text.startsWith(`${expected} NSW`));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await input.press('ArrowDown');
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toMatch(new RegExp(`^${expected}, NSW`));
}
