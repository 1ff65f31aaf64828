import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicMember } from '#core/members/members.schema.ts';
import { publicMember } from '#test/public-member.ts';
import { renderApp, testUser } from '#test/render.tsx';

const character = {
  name: 'Mine',
  wom_name: null,
  womrole: 'opal',
  combat_level: 90,
  current_lvl: 1500,
  current_xp: 1,
  ehb: 0,
  siege_score: 0,
  claimed_at: '2026-01-01T00:00:00.000Z',
};

const member = publicMember;

// Sent in a scrambled order: the page sorts admin titles first, then by clan XP gained.
const roster: PublicMember[] = [
  member('Gem Iron', {
    womrole: 'sapphire',
    ironman_type: 'hardcore',
    wom_name: 'Old Gem',
    clan_xp: 4_000_000,
  }),
  member('Fight Main', { womrole: 'mentor', clan_xp: 9_000_000 }),
  member('Big Boss', { womrole: 'owner', clan_xp: 1 }),
  member('Second', { womrole: 'deputy_owner', clan_xp: 2 }),
  member('Fight Iron', { womrole: 'tzkal', ironman_type: 'group', clan_xp: 3_000_000 }),
  member('Gem Alt', { womrole: 'opal', alt: true, clan_xp: 10 }),
  member('Zezima', {
    womrole: 'zenyte',
    wom_name: 'Zezima',
    clan_xp: 600_000_000,
    siege_score: 42,
    join_date: '2022-04-23',
    first_lvl: 2100,
    first_xp: 123_456_789,
    next_rank: { rank: null, remaining: null, unit: null, label: 'Max rank achieved' },
  }),
];

function renderMembers(path = '/members', members: PublicMember[] = roster) {
  return renderApp(path, { queries: [[['members'], members]] });
}

async function table() {
  return screen.findByRole('table', { name: 'Clan members' });
}

/** The names of the listed members, top to bottom. */
async function listedNames(): Promise<string[]> {
  const rowHeaders = within(await table()).getAllByRole('rowheader');
  return rowHeaders.map((cell) => cell.querySelector('span span')?.textContent ?? '');
}

const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });

async function toggleFilter(label: string) {
  const user = userEvent.setup();
  if (filtersButton().getAttribute('aria-expanded') !== 'true') await user.click(filtersButton());
  await user.click(screen.getByRole('checkbox', { name: label }));
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.restoreAllMocks());

describe('members page', () => {
  it('lists members admin titles first, then by clan XP, without alts', async () => {
    renderMembers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(await listedNames()).toEqual([
      'Big Boss',
      'Second',
      'Zezima',
      'Fight Main',
      'Gem Iron',
      'Fight Iron',
    ]);
  });

  it('shows rank, title and ironman icons with their names, the role, clan XP and siege score', async () => {
    renderMembers();
    const zezima = within(await table())
      .getByRole('rowheader', { name: /Zezima/ })
      .closest('tr');
    expect(zezima).not.toBeNull();
    const row = within(zezima as HTMLElement);
    expect(row.getByRole('img', { name: 'Zenyte rank' })).toBeInTheDocument();
    expect(row.getByText('Zenyte')).toBeInTheDocument();
    expect(row.getByText('600,000,000')).toBeInTheDocument();
    expect(row.getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Owner title' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Deputy Owner title' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'TzKal rank' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hardcore Ironman' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Group Ironman' })).toBeInTheDocument();
    expect(screen.getByText('WOM: Old Gem')).toBeInTheDocument();
  });

  it("falls back to 'Unknown Player' and combat level 3 when data is missing", async () => {
    renderMembers('/members', [member('', { wom_name: null, combat_level: 0 })]);
    const row = within(await table())
      .getByRole('rowheader', { name: /^Unknown Player/ })
      .closest('tr');
    expect(within(row as HTMLElement).getByRole('cell', { name: '3' })).toBeInTheDocument();
  });

  it('keeps the search in the URL and narrows by name or WOM name', async () => {
    const user = userEvent.setup();
    const { location } = renderMembers();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'fight');
    expect(await listedNames()).toEqual(['Fight Main', 'Fight Iron']);
    expect(location.search).toBe('?search=fight');

    await user.clear(screen.getByRole('searchbox', { name: 'Search members' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'OLD');
    expect(await listedNames()).toEqual(['Gem Iron']);
  });

  it('opens the view a link describes', async () => {
    renderMembers('/members?search=i&ironman=1&fighters=1');
    expect(await listedNames()).toEqual(['Fight Iron']);
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('i');
    expect(filtersButton()).toHaveTextContent('2');
  });

  it('opens the Filters menu as a disclosure of checkboxes', async () => {
    const user = userEvent.setup();
    renderMembers();
    await table();
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Ironman Only' })).not.toBeInTheDocument();
    await user.click(filtersButton());
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'true');
    for (const label of [
      'Ironman Only',
      'Skillers Only',
      'Fighters Only',
      'Hide Admin Ranks',
      'Show Alt Accounts',
    ]) {
      expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    }
    await user.keyboard('{Escape}');
    expect(filtersButton()).toHaveAttribute('aria-expanded', 'false');
    expect(filtersButton()).toHaveFocus();
  });

  it.each([
    ['Ironman Only', 'ironman=1', ['Gem Iron', 'Fight Iron']],
    ['Skillers Only', 'skillers=1', ['Zezima', 'Gem Iron']],
    ['Fighters Only', 'fighters=1', ['Fight Main', 'Fight Iron']],
    ['Hide Admin Ranks', 'hideAdmins=1', ['Zezima', 'Fight Main', 'Gem Iron', 'Fight Iron']],
    [
      'Show Alt Accounts',
      'alts=1',
      ['Big Boss', 'Second', 'Zezima', 'Fight Main', 'Gem Iron', 'Fight Iron', 'Gem Alt'],
    ],
  ])('%s changes the list and is kept in the URL as %s', async (label, param, expected) => {
    const { location } = renderMembers();
    await table();
    await toggleFilter(label);
    expect(await listedNames()).toEqual(expected);
    expect(location.search).toBe(`?${param}`);
    expect(filtersButton()).toHaveTextContent('1 active');
  });

  it('combines filters, counts them on the button and shows a removable tag for each', async () => {
    const user = userEvent.setup();
    const { location } = renderMembers();
    await table();
    await toggleFilter('Ironman Only');
    await toggleFilter('Skillers Only');
    expect(await listedNames()).toEqual(['Gem Iron']);
    expect(filtersButton()).toHaveTextContent('2 active');
    const tags = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(tags)
        .getAllByRole('button')
        .map((tag) => tag.textContent),
    ).toEqual(['Ironman Only', 'Skillers Only']);

    await user.click(screen.getByRole('button', { name: 'Remove filter Ironman Only' }));
    expect(await listedNames()).toEqual(['Zezima', 'Gem Iron']);
    expect(location.search).toBe('?skillers=1');
    expect(filtersButton()).toHaveTextContent('1 active');
    await user.click(filtersButton());
    expect(screen.getByRole('checkbox', { name: 'Ironman Only' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Skillers Only' })).toBeChecked();
  });

  it('clears every filter with Reset Filters and keeps the search', async () => {
    const user = userEvent.setup();
    const { location } = renderMembers(
      '/members?search=e&ironman=1&skillers=1&fighters=1&hideAdmins=1&alts=1',
    );
    await table();
    expect(filtersButton()).toHaveTextContent('5 active');
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(location.search).toBe('?search=e');
    expect(await listedNames()).toEqual(['Second', 'Zezima', 'Gem Iron']);
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(filtersButton()).toHaveTextContent(/^Filters$/);
    expect(screen.getByRole('button', { name: 'Reset Filters' })).toBeDisabled();
  });

  it('expands a row on click to show the six details, and collapses it again', async () => {
    const user = userEvent.setup();
    renderMembers();
    const zezimaName = within(await table()).getByRole('rowheader', { name: /Zezima/ });
    const toggle = screen.getByRole('button', { name: 'Show details for Zezima' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(zezimaName);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    const terms = within(details as HTMLElement).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual([
      'Clan XP',
      'Siege Score',
      'Joined',
      'Next Rank',
      'Starting Level',
      'Starting XP',
    ]);
    const values = within(details as HTMLElement).getAllByRole('definition');
    expect(values.map((value) => value.textContent)).toEqual([
      '600,000,000',
      '42',
      '23 April 2022',
      'Max rank achieved',
      '2,100',
      '123,456,789',
    ]);

    await user.click(zezimaName);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Starting XP')).not.toBeInTheDocument();
  });

  it('expands a row from the keyboard with Enter and Space', async () => {
    const user = userEvent.setup();
    renderMembers();
    await table();
    const toggle = screen.getByRole('button', { name: 'Show details for Gem Iron' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Sapphire: 2,500,000 XP')).toBeInTheDocument();
    expect(screen.getByText('17 May 2023')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Next Rank')).not.toBeInTheDocument();
  });

  it("shows 'No members found.' when nothing matches", async () => {
    renderMembers('/members?search=nobody');
    expect(await screen.findByText('No members found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'No members found.' for an empty roster", async () => {
    renderMembers('/members', []);
    expect(await screen.findByText('No members found.')).toBeInTheDocument();
  });

  it("shows the server's error with Try Again, which loads the roster", async () => {
    const user = userEvent.setup();
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' }),
      );
    renderApp('/members', { members: null });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
    expect(within(alert).getByText('Something went wrong on our side')).toBeInTheDocument();

    fetchMock.mockImplementation(async () => jsonResponse(200, roster));
    const fetchesBefore = fetchMock.mock.calls.length;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await listedNames()).toContain('Zezima');
    expect(fetchMock).toHaveBeenCalledTimes(fetchesBefore + 1);
  });

  it("shows 'Failed to load data' when the error has no message", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(500, { code: 'INTERNAL_ERROR', message: '' }),
    );
    renderApp('/members', { members: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load data')).toBeInTheDocument();
  });

  it('shows a loading state while the roster loads', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>(() => undefined));
    renderApp('/members', { members: null });
    expect(await screen.findByText('Loading members...')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });

  it("links each name to the member's page", async () => {
    const user = userEvent.setup();
    const { location } = renderMembers('/members', [member('Zezima', { wom_id: '42' })]);
    const link = within(await table()).getByRole('link', { name: 'Zezima' });
    expect(link).toHaveAttribute('href', '/members/42');
    await user.click(link);
    expect(location.pathname).toBe('/members/42');
  });

  it("marks the signed-in member's own characters with a 'You' badge, and asks a visitor for none", async () => {
    const fetchMock = vi.fn(async (input: string) =>
      input === '/api/me/characters'
        ? jsonResponse(200, [
            { ...character, wom_id: 'wom-Fight Main' },
            { ...character, wom_id: 'wom-Zezima' },
          ])
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const signedIn = renderApp('/members', { user: testUser(), queries: [[['members'], roster]] });
    await waitFor(() => expect(screen.getAllByText('(your character)')).toHaveLength(2));
    const zezima = within(await table()).getByRole('rowheader', { name: /Zezima/ });
    expect(zezima).toHaveTextContent(/^Zezima\s*You \(your character\)/);
    expect(within(await table()).getByRole('rowheader', { name: /Gem Iron/ })).not.toHaveTextContent('You');
    signedIn.unmount();

    fetchMock.mockClear();
    renderMembers();
    await table();
    expect(screen.queryByText('(your character)')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/me/characters', expect.anything());
  });
});
