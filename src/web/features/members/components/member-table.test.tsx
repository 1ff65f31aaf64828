import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { publicMember } from '#test/public-member.ts';
import { MemberTable } from './member-table.tsx';

const roster = (size: number, prefix = 'Member') =>
  Array.from({ length: size }, (_, i) => publicMember(`${prefix} ${i + 1}`));

const table = () => screen.getByRole('table', { name: 'Clan members' });
// A selector, not a role query: role queries over thousands of rows take seconds in jsdom.
const listedRows = () => [...table().querySelectorAll('tbody th[scope="row"]')];
const untilAllShown = { timeout: 20_000 };

describe('MemberTable', () => {
  it(
    'shows the first rows of 2,000 members at once and every member a few frames later',
    { timeout: 45_000 },
    async () => {
      render(<MemberTable members={roster(2000)} />);

      const first = listedRows().length;
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(2000);
      expect(table()).toHaveAttribute('aria-busy', 'true');

      await waitFor(() => expect(listedRows()).toHaveLength(2000), untilAllShown);
      expect(table()).toHaveAttribute('aria-busy', 'false');
      expect(listedRows()[1999]).toHaveTextContent('Member 2000');
    },
  );

  it('starts again from the top when the list changes, and ends with exactly the new list', async () => {
    const view = render(<MemberTable members={roster(300)} />);
    await waitFor(() => expect(listedRows()).toHaveLength(300), untilAllShown);

    view.rerender(<MemberTable members={roster(600, 'Found')} />);
    expect(listedRows().length).toBeLessThan(600);
    expect(listedRows()[0]).toHaveTextContent('Found 1');
    await waitFor(() => expect(listedRows()).toHaveLength(600), untilAllShown);
    expect(within(table()).queryByText('Member 1')).toBeNull();
  });

  it('keeps a row opened while the rest of a long roster is still being added', async () => {
    render(<MemberTable members={roster(600)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show details for Member 1' }));
    await waitFor(() => expect(listedRows()).toHaveLength(600), untilAllShown);
    expect(screen.getByRole('button', { name: 'Show details for Member 1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('keeps its column headers in one sticky header row', () => {
    render(<MemberTable members={roster(3)} />);
    const header = within(table()).getAllByRole('rowgroup')[0];
    expect(header?.tagName).toBe('THEAD');
    expect(header).toHaveClass('sticky', 'top-0');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Details', 'Rank', 'Name', 'Role', 'Combat', 'Clan XP', 'Siege Score']);
  });

  it('says a member WOM has never updated is not tracked yet, instead of showing their zeros', async () => {
    render(
      <MemberTable
        members={[
          publicMember('Fresh Face', { wom_account_type: 'unknown', first_lvl: 0, first_xp: 0, clan_xp: 0 }),
          publicMember('Old Hand', { wom_account_type: 'regular' }),
        ]}
      />,
    );
    const [fresh, old] = listedRows();
    expect(fresh).toHaveTextContent('Not tracked by Wise Old Man yet');
    expect(old).not.toHaveTextContent('Not tracked');
    // Combat reads '-', not the game's lowest level, in its column and folded under the name on a phone.
    const cells = (row: Element) =>
      [...row.parentElement!.querySelectorAll('td')].slice(2).map((cell) => cell.textContent);
    expect(cells(fresh!)).toEqual(['Opal', '-', '-', '0']);
    expect(cells(old!)).toEqual(['Opal', '90', '500,000', '0']);
    expect(fresh).toHaveTextContent('Opal · Combat -');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show details for Fresh Face' }));
    const details = screen.getByText('Starting Level').parentElement!;
    expect(details).toHaveTextContent('Starting Level-');
  });
});
