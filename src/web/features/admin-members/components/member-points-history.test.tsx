import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { PointsEntry, PointsHistory } from '#core/members/points-history.ts';
import { adminMember } from '#test/admin-member.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { adminMembersQueryKey, storeAdminMember } from '../api/get-admin-members.ts';
import { MemberPointsHistory } from './member-points-history.tsx';

afterEach(() => vi.unstubAllGlobals());

const member = adminMember('Alpha', { updated_at: '2026-11-20T10:00:00.000Z' });
const season = { id: 3, name: 'Season 3' };

function entry(id: number, overrides: Partial<PointsEntry> = {}): PointsEntry {
  return {
    id,
    amount: 5,
    reason: 'Added by admin',
    event: null,
    actor: { id: 1, username: 'boss' },
    created_at: '2026-11-20T18:05:00.000Z',
    kind: null,
    reverses_id: null,
    undone_at: null,
    undoable: false,
    ...overrides,
  };
}

const page = (items: PointsEntry[], nextCursor: string | null = null): PointsHistory => ({
  items,
  next_cursor: nextCursor,
  season,
});

function renderHistory(
  handler: Parameters<typeof stubApi>[0][string],
  more: Parameters<typeof stubApi>[0] = {},
) {
  const fetch = stubApi({ 'GET /api/admin/members/wom-Alpha/points': handler, ...more });
  const view = renderWithQueries(<MemberPointsHistory womId="wom-Alpha" name="Alpha" />, [
    [adminMembersQueryKey, [member]],
  ]);
  return { ...view, fetch };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Points history' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('member points history', () => {
  it("shows the open season's ledger, newest first: amount, reason, event or admin, and when", async () => {
    const { fetch } = renderHistory(() =>
      Response.json(
        page([
          entry(3, {
            amount: 10,
            reason: 'Bingo night: 2nd place',
            event: { id: 7, name: 'Bingo night' },
            actor: null,
          }),
          entry(2, { amount: -3, reason: 'Adjusted by admin', created_at: '2026-11-19T08:00:00.000Z' }),
          entry(1, { actor: null, reason: 'Imported score' }),
        ]),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Points history' })).toBeInTheDocument();
    expect(await screen.findByText('Season 3')).toBeInTheDocument();
    expect(rows()).toEqual([
      '+10 pointsBingo night: 2nd placeEvent: Bingo night20 Nov 2026, 18:05 UTC',
      '-3 pointsAdjusted by adminBy boss19 Nov 2026, 08:00 UTC',
      '+5 pointsImported scoreSource no longer recorded20 Nov 2026, 18:05 UTC',
    ]);
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://localhost').searchParams.get('limit')).toBe('10');
  });

  it('says so when the member has no points this season', async () => {
    renderHistory(() => Response.json(page([])));
    expect(await screen.findByText('No points yet this season.')).toBeInTheDocument();
  });

  it('loads older points with "Show more" from the cursor the last page gave', async () => {
    const { fetch } = renderHistory(({ url }) =>
      Response.json(
        url.searchParams.get('cursor') === 'older'
          ? page([entry(1, { amount: 2 })])
          : page([entry(2)], 'older'),
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toContain('+2 points');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows points given from the row once the member comes back changed, keeping the list meanwhile', async () => {
    let ledger = [entry(1)];
    const { queryClient, fetch } = renderHistory(() => Response.json(page(ledger)));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));

    ledger = [entry(2, { amount: 15, created_at: '2026-11-21T12:00:00.000Z' }), ...ledger];
    const saved: AdminMember = { ...member, siege_score: 20, updated_at: '2026-11-21T12:00:00.000Z' };
    act(() => storeAdminMember(queryClient, saved));
    expect(rows()).toHaveLength(1);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toContain('+15 points');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('undoes an award after the confirm dialog, then shows it undone with the reversing entry', async () => {
    const award = entry(4, { amount: 10, reason: 'Carried the raid', kind: 'award', undoable: true });
    let ledger = [award, entry(3, { reason: 'Adjusted by admin' })];
    const undone: AdminMember = { ...member, updated_at: '2026-11-21T12:00:00.000Z' };
    const { fetch } = renderHistory(() => Response.json(page(ledger)), {
      'POST /api/admin/members/wom-Alpha/points/4/undo': () => {
        ledger = [
          entry(5, { amount: -10, reason: 'Undone: Carried the raid', kind: 'undo', reverses_id: 4 }),
          { ...award, undoable: false, undone_at: '2026-11-21T12:00:00.000Z' },
          ...ledger.slice(1),
        ];
        return Response.json(undone);
      },
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    // Only the award standing can be undone, not the adjustment.
    expect(screen.getAllByRole('button', { name: /^Undo / })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Undo +10 points: Carried the raid' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo +10 points for Alpha?' });
    expect(dialog).toHaveTextContent('“Carried the raid”, given by boss on 20 Nov 2026, 18:05 UTC.');
    await answerConfirm('Undo +10 points for Alpha?', 'Undo Points');

    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toContain('-10 pointsUndone: Carried the raid');
    expect(rows()[1]).toContain('Undone 21 Nov 2026, 12:00 UTC');
    expect(screen.queryByRole('button', { name: /^Undo / })).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("keeps the dialog open with the server's reason when an undo is refused", async () => {
    const award = entry(4, { kind: 'award', undoable: true });
    renderHistory(() => Response.json(page([award])), {
      'POST /api/admin/members/wom-Alpha/points/4/undo': () =>
        apiError(409, 'CONFLICT', 'These points were already undone'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo +5 points: Added by admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo +5 points for Alpha?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo Points' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to undo the points: These points were already undone',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the error with Try Again when the history cannot be loaded', async () => {
    let fail = true;
    renderHistory(() =>
      fail ? apiError(500, 'INTERNAL', 'Something went wrong') : Response.json(page([entry(1)])),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Error Loading Points History')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
  });
});
