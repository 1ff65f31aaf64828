import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Which member combobox on the page: by its label, and which of those (a race has one a row). */
export interface ComboboxAt {
  label?: string;
  index?: number;
}

/** The member combobox with that label; the first unless an index says otherwise. */
export function memberCombobox({ label = 'Player', index = 0 }: ComboboxAt = {}): HTMLElement {
  const combobox = screen.getAllByRole('combobox', { name: label })[index];
  if (!combobox) throw new Error(`No combobox "${label}" number ${index + 1}`);
  return combobox;
}

/** The list box the combobox controls, found through aria-controls as assistive technology does. */
function listboxOf(combobox: HTMLElement): HTMLElement {
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (listbox?.getAttribute('role') !== 'listbox') throw new Error('The combobox controls no list box');
  return listbox;
}

const optionTexts = (listbox: HTMLElement) =>
  within(listbox)
    .queryAllByRole('option')
    .map((option) => option.textContent);

/**
 * Picks a member as a person would: types the start of the name, then clicks the member in the
 * list it narrowed to. Fails unless the field then shows that name with the list closed.
 */
export async function pickMember(name: string, at: ComboboxAt = {}): Promise<void> {
  const combobox = memberCombobox(at);
  await userEvent.clear(combobox);
  await userEvent.type(combobox, name.slice(0, 3));
  await userEvent.click(within(listboxOf(combobox)).getByRole('option', { name }));
  expect(combobox).toHaveValue(name);
  expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

/**
 * The members the combobox's list shows when opened (all it offers while no name is half-typed):
 * opens the list with a click and closes it again with Escape, leaving the field as it was.
 */
export async function offeredMembers(at: ComboboxAt = {}): Promise<(string | null)[]> {
  const combobox = memberCombobox(at);
  if (combobox.getAttribute('aria-expanded') !== 'true') await userEvent.click(combobox);
  const offered = optionTexts(listboxOf(combobox));
  await userEvent.keyboard('{Escape}');
  return offered;
}
