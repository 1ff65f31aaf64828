import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { testClan } from '#test/render.tsx';
import type { PointsHistory } from '#core/members/points-history.ts';
import { adminMembersQueryKey } from '../api/get-admin-members.ts';
import { MembersTab } from './members-tab.tsx';

afterEach(() => {
  // Toasts live in sonner's module state: one test's toast must not show in the next test's Toaster.
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const zezima = adminMember('Zezima', {
  wom_id: '1001',
  wom_name: 'Zezima',
  womrole: 'opal',
  calculated_rank: 'sapphire',
  role_mismatch: true,
  baseline_source: 'imported',
  rank_proposal: {
    rank: 'sapphire',
    direction: 'promotion',
    basis: 'XP gained 4.0M since 23 Apr 2022',
    requirement: 'clan_xp',
  },
  wom_role_synced: 'opal',
  current_lvl: 2100,
  current_xp: 5_000_000,
  first_xp: 1_000_000,
  clan_xp: 4_000_000,
  ehb: 12,
  siege_score: 42,
  join_date: '2022-04-23',
  updated_at: '2026-11-20T08:05:00.000Z',
});
const hiddenAlt = adminMember('Quiet Alt', { wom_id: '1002', hidden: true, clan_xp: 10 });
const roster: AdminMember[] = [hiddenAlt, zezima];
/** The expanded row's points history: nothing yet this season. */
const noPoints: PointsHistory = { items: [], next_cursor: null, season: { id: 1, name: 'Season 2026' } };

function renderTab(members: AdminMember[] | null = roster) {
  const notify = vi.fn();
  const view = renderWithQueries(
    <>
      <Toaster />
      <MembersTab notify={notify} search="" onSearchChange={vi.fn()} />
    </>,
    // The clan's settings name the +N buttons: the default 2, 5, 10 and 15 here.
    members === null
      ? [[['clan'], testClan]]
      : [
          [['clan'], testClan],
          [adminMembersQueryKey, members],
        ],
  );
  return { ...view, notify };
}

const table = () => screen.getByRole('table', { name: 'Members' });
const rowOf = (name: string) =>
  within(table())
    .getByRole('rowheader', { name: new RegExp(`^${name}`) })
    .closest('tr') as HTMLElement;

async function openRow(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Show details for ${name}` }));
  const toggle = screen.getByRole('button', { name: `Show details for ${name}` });
  return document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
}

describe('members tab', () => {
  it('lists every member under the admin columns, hidden ones marked', () => {
    renderTab();
    expect(screen.getByRole('heading', { name: 'Member Management' })).toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Details', 'Player Name', 'Siege Score', 'WOM Role', 'EHB', 'Clan XP', 'Joined', 'Actions']);
    const cells = within(rowOf('Zezima'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['42', 'Opal(mismatch)', '12', '4,000,000', '23 Apr 2022', '+2 Points']);
    expect(within(rowOf('Quiet Alt')).getByText('Hidden')).toBeInTheDocument();
    expect(within(rowOf('Zezima')).queryByText('Hidden')).not.toBeInTheDocument();
  });

  it('marks a member the sync did not find in the WOM group, but not one who left', () => {
    renderTab([
      adminMember('Hand Added', { wom_id: '5001', not_in_wom: true, wom_role_synced: null }),
      adminMember('Gone Away', { wom_id: '5002', not_in_wom: true, left_at: '2026-11-01T00:00:00.000Z' }),
      zezima,
    ]);
    expect(within(rowOf('Hand Added')).getByText('Not in WOM group')).toBeInTheDocument();
    expect(within(rowOf('Gone Away')).queryByText('Not in WOM group')).toBeNull();
    expect(within(rowOf('Zezima')).queryByText('Not in WOM group')).toBeNull();
  });

  it("shows 'Loading members data...' while the members load", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderTab(null);
    expect(screen.getByRole('status')).toHaveTextContent('Loading members data...');
  });

  it('shows a failed load inline and tries again', async () => {
    const fetch = stubApi({
      'GET /api/admin/members': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderTab(null);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Member Management' })).toBeInTheDocument();
  });

  it('loads the members again with Refresh', async () => {
    const fetch = stubApi({
      'GET /api/admin/members': () => Response.json([...roster, adminMember('Newcomer', { wom_id: '1003' })]),
    });
    renderTab();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('rowheader', { name: /^Newcomer/ })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says a member WOM has never updated is not tracked yet, without levels and XP of 0', async () => {
    renderTab([{ ...zezima, wom_account_type: 'unknown', current_lvl: 0, current_xp: 0, first_xp: 0 }]);
    const toggle = screen.getByRole('button', { name: 'Show details for Zezima' });
    await userEvent.click(toggle);
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(details).getByText(
        'Not tracked by Wise Old Man yet: their levels and XP are known once Wise Old Man first updates them.',
      ),
    ).toBeInTheDocument();
    const level = within(details).getByText('Current Level').nextElementSibling;
    expect(level).toHaveTextContent('-');
  });

  it('links to the deleted members', () => {
    renderTab();
    expect(screen.getByRole('link', { name: 'Deleted Members' })).toHaveAttribute(
      'href',
      '/admin/members/deleted',
    );
  });

  it('opens a row to show its rank, player-watch and WOM details, from a click or the keyboard', async () => {
    stubApi({ 'GET /api/admin/members/1001/points': () => Response.json(noPoints) });
    renderTab([
      {
        ...zezima,
        not_in_wom: true,
        wom_role_synced: 'emerald',
        runewatch_reported: true,
        runewatch_whitelisted: true,
        runewatch_whitelist_reason: 'Known to the clan',
      },
    ]);
    const toggle = screen.getByRole('button', { name: 'Show details for Zezima' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(within(rowOf('Zezima')).getByText('4,000,000'));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;

    expect(
      within(details).getByText('Role mismatch: Opal should be Sapphire (XP gained 4.0M since 23 Apr 2022).'),
    ).toBeInTheDocument();
    expect(
      within(details).getByText('WOM still shows Emerald: change the in-game rank to match.'),
    ).toBeInTheDocument();
    expect(
      within(details).getByText("Not in WOM: this player is not in the clan's WOM group."),
    ).toBeInTheDocument();
    const terms = within(details)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(details)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      'Current Role': 'Opal',
      'Calculated Rank': 'Sapphire',
      'Player Watch': 'Whitelisted: Known to the clan',
      'WOM ID': '1001',
      'WOM Name': 'Zezima',
      'Current Level': '2,100',
      'Current XP': '5,000,000',
      'Initial XP': '1,000,000',
      'Baseline From': 'Imported CSV',
      'Updated At': '20 Nov 2026, 08:05 UTC',
      // Shown on a phone only, where the table leaves these columns out.
      EHB: '12',
      'Clan XP': '4,000,000',
      Joined: '23 Apr 2022',
    });
    expect(
      within(details)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['+2', '+5', '+10', '+15', 'Edit', 'Hide', 'Remove from whitelist', 'Delete']);
    expect(await within(details).findByText('No points yet this season.')).toBeInTheDocument();

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('flags a reported member who is not whitelisted', async () => {
    renderTab([
      {
        ...zezima,
        role_mismatch: false,
        rank_proposal: null,
        runewatch_reported: true,
        runewatch_case: {
          accused_rsn: 'Zezima',
          published_date: null,
          reason: 'Scammed a raid party',
          evidence_rating: null,
          quick_find: null,
          source: null,
        },
      },
    ]);
    const details = await openRow('Zezima');
    expect(
      within(details).getByText('Flagged by player watch: reported on RuneWatch and not whitelisted.'),
    ).toBeInTheDocument();
    expect(within(details).getByText('Reported on RuneWatch: Scammed a raid party')).toBeInTheDocument();
    expect(within(details).queryByText(/^Role mismatch/)).not.toBeInTheDocument();
  });

  describe('siege points', () => {
    it("adds 2 points from the row, shows the new score and toasts 'Added 2 points to {name}'", async () => {
      const fetch = stubApi({
        'POST /api/admin/members/1001/points': () => Response.json({ ...zezima, siege_score: 44 }),
      });
      renderTab();
      await userEvent.click(within(rowOf('Zezima')).getByRole('button', { name: '+2 Points for Zezima' }));
      expect(await screen.findByText('Added 2 points to Zezima')).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/1001/points',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ amount: 2 }) }),
      );
      expect(within(rowOf('Zezima')).getByText('44')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Show details for Zezima' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    it('gives the points of a double-click once, the buttons waiting for the server', async () => {
      let answer: (response: Response) => void = () => {};
      const fetch = stubApi({
        'POST /api/admin/members/1001/points': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      });
      renderTab();
      const details = await openRow('Zezima');
      const plusTwo = within(rowOf('Zezima')).getByRole('button', { name: '+2 Points for Zezima' });
      await userEvent.dblClick(plusTwo);
      expect(plusTwo).toBeDisabled();
      expect(within(details).getByRole('button', { name: '+5' })).toBeDisabled();
      answer(Response.json({ ...zezima, siege_score: 44 }));
      expect(await screen.findByText('Added 2 points to Zezima')).toBeInTheDocument();
      expect(plusTwo).toBeEnabled();
      expect(fetch.mock.calls.filter(([url]) => url === '/api/admin/members/1001/points')).toHaveLength(1);
    });

    it('gives the points of a double-click once even when the server answers between its clicks', async () => {
      const fetch = stubApi({
        'POST /api/admin/members/1001/points': () => Response.json({ ...zezima, siege_score: 44 }),
      });
      renderTab();
      const details = await openRow('Zezima');
      await userEvent.dblClick(within(rowOf('Zezima')).getByRole('button', { name: '+2 Points for Zezima' }));
      await userEvent.dblClick(within(details).getByRole('button', { name: '+10' }));
      await waitFor(() => expect(screen.getAllByText(/^Added \d+ points to Zezima$/)).toHaveLength(2));
      expect(
        fetch.mock.calls
          .filter(([url]) => url === '/api/admin/members/1001/points')
          .map(([, init]) => init?.body),
      ).toEqual([JSON.stringify({ amount: 2 }), JSON.stringify({ amount: 10 })]);
    });

    it("names the member in each row's '+2 Points' button", () => {
      renderTab();
      expect(
        screen
          .getAllByRole('button', { name: /^\+2 Points/ })
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(['+2 Points for Zezima', '+2 Points for Quiet Alt']);
    });

    it('adds 5, 10 or 15 points from the details', async () => {
      const amounts: unknown[] = [];
      stubApi({
        'POST /api/admin/members/1001/points': ({ body }) => {
          amounts.push(body);
          return Response.json(zezima);
        },
      });
      renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: '+15' }));
      expect(await screen.findByText('Added 15 points to Zezima')).toBeInTheDocument();
      await userEvent.click(within(details).getByRole('button', { name: '+5' }));
      expect(await screen.findByText('Added 5 points to Zezima')).toBeInTheDocument();
      expect(amounts).toEqual([{ amount: 15 }, { amount: 5 }]);
    });

    it("offers the clan's own +N buttons: the first on each row, all of them in the details", async () => {
      const amounts: unknown[] = [];
      stubApi({
        'POST /api/admin/members/1001/points': ({ body }) => {
          amounts.push(body);
          return Response.json(zezima);
        },
      });
      renderWithQueries(
        <>
          <Toaster />
          <MembersTab notify={vi.fn()} search="" onSearchChange={vi.fn()} />
        </>,
        [
          [['clan'], { ...testClan, points: { ...testClan.points, buttons: [3, 7] } }],
          [adminMembersQueryKey, roster],
        ],
      );
      expect(screen.queryByRole('button', { name: /^\+2 Points/ })).toBeNull();
      await userEvent.click(within(rowOf('Zezima')).getByRole('button', { name: '+3 Points for Zezima' }));
      expect(await screen.findByText('Added 3 points to Zezima')).toBeInTheDocument();
      const details = await openRow('Zezima');
      expect(
        within(details)
          .getAllByRole('button', { name: /^\+\d+$/ })
          .map((button) => button.textContent),
      ).toEqual(['+3', '+7']);
      await userEvent.click(within(details).getByRole('button', { name: '+7' }));
      expect(await screen.findByText('Added 7 points to Zezima')).toBeInTheDocument();
      expect(amounts).toEqual([{ amount: 3 }, { amount: 7 }]);
    });

    it('sends the reason typed with the next award from the details, then empties the box', async () => {
      const bodies: unknown[] = [];
      let refuse = true;
      stubApi({
        'POST /api/admin/members/1001/points': ({ body }) => {
          bodies.push(body);
          return refuse ? apiError(400, 'VALIDATION_ERROR', 'Too long') : Response.json(zezima);
        },
      });
      renderTab();
      const details = await openRow('Zezima');
      const reason = within(details).getByLabelText('Reason (optional)');
      expect(reason).toHaveAttribute('maxlength', '200');
      await userEvent.type(reason, '  Won the bingo ');
      // A refused award keeps what was typed, to send again.
      await userEvent.click(within(details).getByRole('button', { name: '+10' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      await waitFor(() => expect(within(details).getByRole('button', { name: '+10' })).toBeEnabled());
      expect(reason).toHaveValue('  Won the bingo ');
      refuse = false;
      await userEvent.click(within(details).getByRole('button', { name: '+2' }));
      expect(await screen.findByText('Added 2 points to Zezima')).toBeInTheDocument();
      await waitFor(() => expect(reason).toHaveValue(''));
      // The row's own +2 gives no reason.
      await userEvent.click(within(rowOf('Zezima')).getByRole('button', { name: '+2 Points for Zezima' }));
      await waitFor(() => expect(bodies).toHaveLength(3));
      expect(bodies).toEqual([
        { amount: 10, reason: 'Won the bingo' },
        { amount: 2, reason: 'Won the bingo' },
        { amount: 2 },
      ]);
    });

    it('lets the toast fade after 2 seconds', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
      stubApi({ 'POST /api/admin/members/1001/points': () => Response.json(zezima) });
      renderTab();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(within(rowOf('Zezima')).getByRole('button', { name: '+2 Points for Zezima' }));
      const toast = await screen.findByText('Added 2 points to Zezima');
      await act(() => vi.advanceTimersByTimeAsync(1900));
      expect(toast).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByText('Added 2 points to Zezima')).not.toBeInTheDocument();
    });

    it("says 'Failed to update siege score: {message}' when the server refuses", async () => {
      stubApi({
        'POST /api/admin/members/1001/points': () => apiError(404, 'NOT_FOUND', 'Member not found'),
      });
      const { notify } = renderTab();
      await userEvent.click(within(rowOf('Zezima')).getByRole('button', { name: '+2 Points for Zezima' }));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          kind: 'error',
          text: 'Failed to update siege score: Member not found',
        }),
      );
      expect(screen.queryByText(/^Added/)).not.toBeInTheDocument();
    });
  });

  describe('visibility', () => {
    it('hides a member and offers Unhide once the server has hidden them', async () => {
      const fetch = stubApi({
        'POST /api/admin/members/1001/visibility': () => Response.json({ ...zezima, hidden: true }),
      });
      renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Hide' }));
      expect(await within(details).findByRole('button', { name: 'Unhide' })).toBeInTheDocument();
      expect(within(rowOf('Zezima')).getByText('Hidden')).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/1001/visibility',
        expect.objectContaining({ body: JSON.stringify({ hidden: true }) }),
      );
    });

    it('unhides a hidden member', async () => {
      const fetch = stubApi({
        'POST /api/admin/members/1002/visibility': () => Response.json({ ...hiddenAlt, hidden: false }),
      });
      renderTab();
      const details = await openRow('Quiet Alt');
      await userEvent.click(within(details).getByRole('button', { name: 'Unhide' }));
      expect(await within(details).findByRole('button', { name: 'Hide' })).toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/1002/visibility',
        expect.objectContaining({ body: JSON.stringify({ hidden: false }) }),
      );
    });

    it("says 'Failed to update visibility' when it fails", async () => {
      stubApi({
        'POST /api/admin/members/1001/visibility': () => apiError(500, 'INTERNAL_ERROR', 'Boom'),
      });
      const { notify } = renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Hide' }));
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Failed to update visibility' }),
      );
      expect(within(details).getByRole('button', { name: 'Hide' })).toBeEnabled();
    });
  });

  describe('delete', () => {
    it('asks first, and sends nothing when the admin cancels', async () => {
      const fetch = stubApi({ 'GET /api/admin/members/1001/points': () => Response.json(noPoints) });
      renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', {
        name: 'Are you sure you want to delete Zezima?',
      });
      expect(dialog).toHaveAccessibleDescription(/Their points and history stay/);
      await answerConfirm('Are you sure you want to delete Zezima?', 'Cancel');
      expect(fetch.mock.calls.filter(([, init]) => init?.method !== 'GET')).toEqual([]);
      expect(rowOf('Zezima')).toBeInTheDocument();
    });

    it('deletes the member once confirmed and says so', async () => {
      const fetch = stubApi({ 'DELETE /api/admin/members/1001': () => new Response(null, { status: 204 }) });
      const { notify } = renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Delete' }));
      await answerConfirm('Are you sure you want to delete Zezima?', 'Delete Member');
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Zezima was successfully deleted.' }),
      );
      expect(screen.queryByRole('rowheader', { name: /^Zezima/ })).not.toBeInTheDocument();
      expect(fetch).toHaveBeenCalledWith(
        '/api/admin/members/1001',
        expect.objectContaining({ method: 'DELETE' }),
      );
    });

    it("says 'Failed to delete {name}: {message}' and keeps the member", async () => {
      stubApi({ 'DELETE /api/admin/members/1001': () => apiError(404, 'NOT_FOUND', 'Member not found') });
      const { notify } = renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Delete' }));
      await answerConfirm('Are you sure you want to delete Zezima?', 'Delete Member');
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith({
          kind: 'error',
          text: 'Failed to delete Zezima: Member not found',
        }),
      );
      expect(rowOf('Zezima')).toBeInTheDocument();
    });

    it("refuses a member without a WOM ID: 'Cannot delete member: Missing identifier'", async () => {
      const { notify } = renderTab([{ ...zezima, wom_id: ' ' }]);
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Delete' }));
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Cannot delete member: Missing identifier',
      });
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
  });

  describe('member modal', () => {
    it("opens 'Add New Member' from Add Member", async () => {
      renderTab();
      await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
      const dialog = screen.getByRole('dialog', { name: 'Add New Member' });
      expect(within(dialog).getByLabelText('Name')).toHaveValue('');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("edits a member in 'Edit Member', then closes with '{name} was successfully saved.'", async () => {
      stubApi({
        'PATCH /api/admin/members/1001': () => Response.json({ ...zezima, name: 'Zezima II' }),
      });
      const { notify } = renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Member' });
      const name = within(dialog).getByLabelText('Name');
      expect(name).toHaveValue('Zezima');
      await userEvent.clear(name);
      await userEvent.type(name, 'Zezima II');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Member' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'Zezima II was successfully saved.' });
      expect(screen.getByRole('rowheader', { name: /^Zezima II/ })).toBeInTheDocument();
    });

    it("keeps the modal open on a failed save, with 'Failed to save {name}: {message}' behind it", async () => {
      stubApi({
        'PATCH /api/admin/members/1001': () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
      });
      const { notify } = renderTab();
      const details = await openRow('Zezima');
      await userEvent.click(within(details).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Member' });
      await userEvent.type(within(dialog).getByLabelText('Name'), 'X');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Member' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Failed to save member: Database unavailable',
      );
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to save ZezimaX: Database unavailable',
      });
    });
  });
});

describe('members tab with a large clan', () => {
  const clan = Array.from({ length: 2000 }, (_, i) =>
    adminMember(`Member ${i + 1}`, { wom_id: String(i + 1), clan_xp: 2000 - i }),
  );
  // A selector, not a role query: role queries over thousands of rows take seconds in jsdom.
  const listedRows = () => [...table().querySelectorAll('tbody th[scope="row"]')];
  const untilAllShown = { timeout: 30_000 };

  it(
    'shows the first rows of 2,000 members at once and the rest a few frames later',
    { timeout: 60_000 },
    async () => {
      renderTab(clan);
      expect(listedRows().length).toBeGreaterThan(0);
      expect(listedRows().length).toBeLessThan(2000);
      await waitFor(() => expect(listedRows()).toHaveLength(2000), untilAllShown);
      expect(table()).toHaveAttribute('aria-busy', 'false');
    },
  );

  it(
    'keeps the rows shown and a row far down open when one member changes',
    { timeout: 30_000 },
    async () => {
      const members = clan.slice(0, 300);
      const last = members[299] as AdminMember;
      stubApi({
        'POST /api/admin/members/300/points': () => Response.json({ ...last, siege_score: 2 }),
      });
      const { queryClient } = renderTab(members);
      await waitFor(() => expect(listedRows()).toHaveLength(300), untilAllShown);
      const toggle = () =>
        table().querySelector('button[aria-label="Show details for Member 300"]') as HTMLElement;
      await userEvent.click(toggle());
      const row = () => toggle().closest('tr') as HTMLElement;
      await userEvent.click(within(row()).getByRole('button', { name: '+2 Points for Member 300' }));
      await waitFor(() =>
        expect(queryClient.getQueryData<AdminMember[]>(adminMembersQueryKey)?.[299]?.siege_score).toBe(2),
      );
      expect(listedRows()).toHaveLength(300);
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(within(row()).getAllByRole('cell')[1]).toHaveTextContent(/^2$/);
    },
  );
});
