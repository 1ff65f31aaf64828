import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The viewports the combobox journeys run at: a 390 px phone and a 1280 px desktop. */
export const WIDTHS = [
  { width: 390, height: 844, name: 'phone' },
  { width: 1280, height: 800, name: 'desktop' },
] as const;

/** Where the journeys leave their screenshots, to be looked at. */
export const SHOTS = '/tmp/shots-d';

/**
 * Picks a member in a member combobox as a person would: types the start of the name, sees the
 * list narrow to names holding it, and chooses the one wanted. The list stays open for a scan.
 */
export async function typeInCombobox(page: Page, combobox: Locator, name: string): Promise<Locator> {
  const typed = name.slice(0, 3);
  await combobox.fill('');
  await combobox.pressSequentially(typed);
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
  for (const option of await listbox.getByRole('option').all())
    await expect(option).toContainText(new RegExp(typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
  const option = listbox.getByRole('option', { name, exact: true });
  await expect(option).toBeVisible();
  return option;
}

/** Types the start of a name and chooses the member with a click. */
export async function pickMember(page: Page, combobox: Locator, name: string): Promise<void> {
  await (await typeInCombobox(page, combobox, name)).click();
  await expect(combobox).toHaveValue(name);
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}
