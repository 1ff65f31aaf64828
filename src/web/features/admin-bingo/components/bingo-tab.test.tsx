import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminMember } from '#test/admin-member.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../../../app/routes.tsx';
import type { AdminBoard } from '../api/admin-bingo.ts';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => preloadPageOf('/admin'), 30_000);

const admin = testUser({ username: 'boss', is_admin: true });
const roster = [
  adminMember('Zezima', { wom_id: '1' }),
  adminMember('Lynx Titan', { wom_id: '2' }),
  adminMember('Iron Bob', { wom_id: '3' }),
  adminMember('Woox', { wom_id: '4' }),
];

const finished: AdminBoard = {
  id: 7,
  title: 'Autumn bingo',
  description: '',
  starts_at: '2026-10-01T00:00:00.000Z',
  ends_at: '2026-10-08T00:00:00.000Z',
  size: 3,
  bonuses: { row: 0, column: 0, diagonal: 0, board: 0 },
  tiles: [],
  teams: [],
  codeword: 'Frog',
  review: 'auto',
  signups_open: false,
  status: 'finished',
  referees: [],
  signups: [],
  points_batch_id: null,
};

const requestBody = (fetch: ReturnType<typeof stubApi>, method: string, url: string): unknown => {
  const call = fetch.mock.calls.find(([path, init]) => path === url && init?.method === method);
  return call ? JSON.parse(call[1]?.body as string) : undefined;
};

describe("the dashboard's Bingo tab", () => {
  it('builds a board: a tile on a chosen cell, teams balanced by EHB + EHP, and sends it as the API takes it', async () => {
    const fetch = stubApi({
      'GET /api/bingo': () => Response.json({ items: [] }),
      'GET /api/admin/bingo/templates': () => Response.json([]),
      'GET /api/admin/members': () => Response.json(roster),
      'POST /api/admin/bingo/balance': () =>
        Response.json([
          {
            total: 120.5,
            members: [
              { wom_id: '1', name: 'Zezima' },
              { wom_id: '4', name: 'Woox' },
            ],
          },
          {
            total: 118,
            members: [
              { wom_id: '2', name: 'Lynx Titan' },
              { wom_id: '3', name: 'Iron Bob' },
            ],
          },
        ]),
      'POST /api/admin/bingo': () => Response.json({ id: 9, title: 'Winter bingo' }, { status: 201 }),
    });
    renderApp('/admin?tab=bingo', { user: admin, queries: [[['admin', 'members'], roster]] });
    const tab = await screen.findByRole('tabpanel', { name: 'Bingo' });
    await userEvent.click(within(tab).getByRole('button', { name: 'New Board' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Bingo Board' });
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Title'), 'Winter bingo');
    await userEvent.selectOptions(form.getByLabelText('Board size'), '3');
    await userEvent.click(form.getByRole('button', { name: 'Row 1, column 2: empty' }));
    await userEvent.type(form.getAllByLabelText('Title')[1]!, 'Zulrah');
    await userEvent.selectOptions(form.getByLabelText('Goal'), 'kc');
    await userEvent.selectOptions(form.getByLabelText('Boss'), 'zulrah');
    await userEvent.clear(form.getByLabelText('Kills'));
    await userEvent.type(form.getByLabelText('Kills'), '50');

    await userEvent.click(form.getByRole('button', { name: 'Add team' }));
    for (const name of ['Zezima', 'Lynx Titan', 'Iron Bob', 'Woox']) {
      await userEvent.type(form.getByRole('combobox', { name: 'Add a member to Team 1' }), name);
      await userEvent.click(await screen.findByRole('option', { name }));
    }
    await userEvent.click(form.getByRole('button', { name: 'Balance by EHB + EHP' }));
    expect(await form.findByText('EHB + EHP 120.5')).toBeInTheDocument();
    expect(requestBody(fetch, 'POST', '/api/admin/bingo/balance')).toEqual({
      members: ['1', '2', '3', '4'],
      teams: 2,
    });

    await userEvent.click(form.getByRole('button', { name: 'Create Board' }));
    expect(await screen.findByText('Winter bingo was successfully saved.')).toBeInTheDocument();
    expect(requestBody(fetch, 'POST', '/api/admin/bingo')).toMatchObject({
      title: 'Winter bingo',
      size: 3,
      review: 'auto',
      tiles: [
        { row: 0, col: 1, title: 'Zulrah', points: 1, goal: { type: 'kc', metric: 'zulrah', count: 50 } },
      ],
      teams: [
        { name: 'Team 1', members: ['1', '4'] },
        { name: 'Team 2', members: ['2', '3'] },
      ],
    });
  });

  it("books a finished board's points by placement after asking", async () => {
    const fetch = stubApi({
      'GET /api/bingo': () =>
        Response.json({
          items: [
            {
              id: 7,
              title: 'Autumn bingo',
              starts_at: finished.starts_at,
              ends_at: finished.ends_at,
              status: 'finished',
            },
          ],
        }),
      'GET /api/admin/bingo/7': () => Response.json(finished),
      'GET /api/bingo/7/queue': () => Response.json([]),
      'GET /api/admin/members': () => Response.json(roster),
      'POST /api/admin/bingo/7/points': () =>
        Response.json(
          {
            id: 3,
            event_id: null,
            reason: 'Bingo: Autumn bingo',
            created_at: '',
            undone_at: null,
            total: 30,
            entries: [],
          },
          { status: 201 },
        ),
    });
    renderApp('/admin?tab=bingo', { user: admin, queries: [[['admin', 'members'], roster]] });
    await userEvent.click(await screen.findByRole('button', { name: /^Autumn bingo/ }));
    expect(await screen.findByRole('heading', { name: 'Referee queue' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Book points by placement' }));
    await answerConfirm("Book Autumn bingo's points?", 'Book Points');
    expect(await screen.findByText('30 points were booked for Autumn bingo.')).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(([url, init]) => url === '/api/admin/bingo/7/points' && init?.method === 'POST'),
    ).toBe(true);
  });
});
