import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { filterMembers, MemberCombobox, type MemberChoice } from './member-combobox.tsx';

const members: MemberChoice[] = [
  { wom_id: '1', name: 'Zezima' },
  { wom_id: '2', name: 'Mods Ash' },
  { wom_id: '3', name: 'Zezimo', note: 'hidden' },
  { wom_id: '4', name: 'Lynx Titan' },
];

/** A form's side of the picker: it holds the chosen id and reports every change. */
function Picker({ initial = '', onChange }: { initial?: string; onChange?: (womId: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MemberCombobox
        label="Member"
        members={members}
        value={value}
        onChange={(womId) => {
          setValue(womId);
          onChange?.(womId);
        }}
      />
      <p>Chosen: {value === '' ? 'nobody' : value}</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Member' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('member combobox', () => {
  it('is a labelled combobox that controls a list box, closed until used', () => {
    render(<Picker />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveAttribute('aria-autocomplete', 'list');
    const listbox = document.getElementById(combobox().getAttribute('aria-controls')!);
    expect(listbox).toHaveAttribute('role', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('filters by name as you type, ignoring case, names starting with it first', async () => {
    render(<Picker />);
    await userEvent.type(combobox(), 'ZEZ');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual(['Zezima', 'Zezimo (hidden)']);
    await userEvent.clear(combobox());
    await userEvent.type(combobox(), 'a');
    expect(optionNames()).toEqual(['Zezima', 'Mods Ash', 'Lynx Titan']);
    expect(screen.getByText('3 members match')).toHaveAttribute('aria-live', 'polite');
  });

  it('moves with Up and Down and chooses with Enter, without submitting the form', async () => {
    const onChange = vi.fn();
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Picker onChange={onChange} />
      </form>,
    );
    await userEvent.type(combobox(), 'zez');
    expect(combobox()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Zezima' }).id,
    );
    await userEvent.keyboard('{ArrowDown}');
    const zezimo = screen.getByRole('option', { name: 'Zezimo (hidden)' });
    expect(zezimo).toHaveAttribute('aria-selected', 'true');
    expect(combobox()).toHaveAttribute('aria-activedescendant', zezimo.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('1');
    expect(combobox()).toHaveValue('Zezima');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(submit).not.toHaveBeenCalled();
  });

  it('closes with Escape, and a second Escape clears the choice', async () => {
    render(<Picker initial="4" />);
    expect(combobox()).toHaveValue('Lynx Titan');
    await userEvent.click(combobox());
    expect(screen.getByRole('option', { name: 'Lynx Titan' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Chosen: 4')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(combobox()).toHaveValue('');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Chosen: nobody')).toBeInTheDocument();
  });

  it('clears the choice while a name is being typed, so a half-typed name is never sent', async () => {
    render(<Picker initial="1" />);
    await userEvent.type(combobox(), '{Backspace}');
    expect(screen.getByText('Chosen: nobody')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(combobox()).toHaveValue('Zezim');
    expect(screen.getByText('Chosen: nobody')).toBeInTheDocument();
  });

  it('takes a name typed in full when the field is left', async () => {
    render(<Picker />);
    await userEvent.type(combobox(), 'mods ash');
    await userEvent.tab();
    expect(screen.getByText('Chosen: 2')).toBeInTheDocument();
    expect(combobox()).toHaveValue('Mods Ash');
  });

  it('chooses a member by pointer', async () => {
    render(<Picker />);
    await userEvent.click(combobox());
    expect(optionNames()).toHaveLength(members.length);
    await userEvent.click(screen.getByRole('option', { name: 'Lynx Titan' }));
    expect(screen.getByText('Chosen: 4')).toBeInTheDocument();
    expect(combobox()).toHaveFocus();
  });

  it('says so when no name matches', async () => {
    render(<Picker />);
    await userEvent.type(combobox(), 'qq');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('No member matches that name')).not.toHaveClass('sr-only');
  });
});

describe('filterMembers', () => {
  it('keeps a 300-member roster in order and finds one of them by any part of its name', () => {
    const roster = Array.from({ length: 300 }, (_, i) => ({ wom_id: String(i), name: `Player ${i}` }));
    expect(filterMembers(roster, '  ')).toEqual(roster);
    expect(filterMembers(roster, 'r 29').map((member) => member.name)).toEqual([
      'Player 29',
      ...Array.from({ length: 10 }, (_, i) => `Player 29${i}`),
    ]);
  });
});
