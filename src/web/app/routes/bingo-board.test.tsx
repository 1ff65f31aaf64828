import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { MyBingo } from '#core/bingo/bingo.schema.ts';
import type { BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

function board(size: number): BingoBoardView {
  return {
    id: 1,
    title: 'Winter bingo',
    description: 'One week',
    starts_at: '2026-12-02T00:00:00.000Z',
    ends_at: '2026-12-09T00:00:00.000Z',
    size,
    bonuses: { row: 5, column: 4, diagonal: 3, board: 50 },
    tiles: [
      {
        id: 1,
        row: 0,
        col: 0,
        title: 'Warhammer',
        icon: 'barrows_chests',
        points: 2,
        goal: { type: 'item', items: ['Dragon warhammer'], count: 1 },
      },
      {
        id: 2,
        row: 0,
        col: 1,
        title: 'Fish',
        icon: null,
        points: 1,
        goal: { type: 'xp', metric: 'fishing', amount: 1_000_000 },
      },
    ],
    teams: [
      {
        id: 10,
        name: 'Red',
        score: 2,
        bonus: 0,
        members: [{ wom_id: '1', name: 'Red One' }],
        tiles: [
          {
            tile_id: 1,
            state: 'complete',
            progress: 1,
            required: 1,
            proof: { full: '/api/dink/images/4', thumbnail: '/api/dink/images/4/thumbnail' },
          },
          { tile_id: 2, state: 'open', progress: 250_000, required: 1_000_000, proof: null },
        ],
      },
      {
        id: 11,
        name: 'Blue',
        score: 7,
        bonus: 5,
        members: [{ wom_id: '2', name: 'Blue One' }],
        tiles: [
          { tile_id: 1, state: 'open', progress: 0, required: 1, proof: null },
          { tile_id: 2, state: 'complete', progress: 1_200_000, required: 1_000_000, proof: null },
        ],
      },
    ],
  };
}

describe('bingo pages', () => {
  it("shows the chosen team's tiles with their progress and every team's standing, best first", async () => {
    renderApp('/bingo/1', { queries: [[['bingo', '1'], board(3)]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter bingo' })).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Board for Red' });
    expect(within(grid).getByText('Warhammer').closest('li')).toHaveTextContent('1 / 1 · 2 pts, Complete');
    expect(within(grid).getByRole('img', { name: 'Proof for Warhammer' })).toHaveAttribute(
      'src',
      '/api/dink/images/4/thumbnail',
    );
    expect(within(grid).getByText('Fish').closest('li')).toHaveTextContent(
      '250,000 / 1,000,000 · 1 pt, Open',
    );
    await userEvent.selectOptions(screen.getByLabelText('Team'), 'Blue (7)');
    expect(screen.getByRole('list', { name: 'Board for Blue' })).toBeInTheDocument();
    const standings = screen.getByRole('table', { name: 'Standings' });
    expect(
      within(standings)
        .getAllByRole('rowheader')
        .map((cell) => cell.firstChild?.textContent),
    ).toEqual(['Blue', 'Red']);
  });

  it('offers a list of tiles as well as the grid when a row has more than four cells, for phones', async () => {
    renderApp('/bingo/1', { queries: [[['bingo', '1'], board(5)]] });
    expect(await screen.findByRole('list', { name: 'Tiles for Red' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Board for Red' })).toHaveClass('hidden', 'sm:grid');
  });

  it('lists the boards with their status, each a link to its page', async () => {
    renderApp('/bingo', {
      queries: [
        [
          ['bingo'],
          {
            items: [
              {
                id: 1,
                title: 'Winter bingo',
                starts_at: '2026-12-02T00:00:00.000Z',
                ends_at: '2026-12-09T00:00:00.000Z',
                status: 'running',
              },
            ],
          },
        ],
      ],
    });
    expect(await screen.findByRole('link', { name: 'Winter bingo' })).toHaveAttribute('href', '/bingo/1');
    expect(screen.getByText(/^Running · /)).toBeInTheDocument();
  });

  it('lets a signed-in member send a proof for a tile of a running board, and refuses one without a screenshot', async () => {
    const day = 86_400_000;
    const running = {
      ...board(3),
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: new Date(Date.now() + 6 * day).toISOString(),
    };
    const fetch = stubApi({
      'POST /api/bingo/1/tiles/2/submissions': () =>
        Response.json({ id: 5, status: 'pending' }, { status: 201 }),
      'GET /api/bingo/1': () => Response.json(running),
    });
    const mine: MyBingo = {
      team: { id: 10, name: 'Red' },
      codeword: 'Penguin',
      referee: false,
      signups_open: false,
      characters: [{ wom_id: '1', name: 'Red One', signed_up: false }],
    };
    renderApp('/bingo/1', {
      user: testUser(),
      queries: [
        [['bingo', '1'], running],
        [['me', 'bingo', 1], mine],
      ],
    });
    expect(await screen.findByRole('region', { name: 'Your place on this board' })).toHaveTextContent(
      'You play for Red.Codeword for your screenshots: Penguin',
    );
    const form = within(await screen.findByRole('region', { name: 'Send a proof' }));
    await userEvent.selectOptions(form.getByLabelText('Tile'), 'Fish');
    await userEvent.type(form.getByLabelText('Note (optional)'), 'Fished it');
    await userEvent.click(form.getByRole('button', { name: 'Send proof' }));
    expect(form.getByRole('alert')).toHaveTextContent('A screenshot is required as proof');
    expect(fetch).not.toHaveBeenCalled();

    const screenshot = new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
    await userEvent.upload(form.getByLabelText('Screenshot (PNG or JPEG, at most 8 MB)'), screenshot);
    await userEvent.click(form.getByRole('button', { name: 'Send proof' }));
    expect(await form.findByRole('status')).toHaveTextContent(
      'Your proof for Fish is waiting for a referee.',
    );
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/bingo/1/tiles/2/submissions') ?? [];
    const sent = init?.body as FormData;
    expect(sent.get('note')).toBe('Fished it');
    expect((sent.get('file') as File).name).toBe('proof.png');
  });

  it('offers no proof form on a board that is not running, nor to a visitor', async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    const upcoming = { ...board(3), starts_at: at(1), ends_at: at(8) };
    const { unmount } = renderApp('/bingo/1', { user: testUser(), queries: [[['bingo', '1'], upcoming]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter bingo' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send a proof' })).not.toBeInTheDocument();
    unmount();
    const running = { ...board(3), starts_at: at(-1), ends_at: at(1) };
    renderApp('/bingo/1', { queries: [[['bingo', '1'], running]] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter bingo' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Send a proof' })).not.toBeInTheDocument();
  });

  it("lets a board's referee approve a proof and deny another with a reason", async () => {
    const proof = (id: number, status: BingoSubmission['status']): BingoSubmission => ({
      id,
      board_id: 1,
      tile_id: 1,
      tile_title: 'Warhammer',
      team_name: 'Red',
      wom_id: '1',
      member_name: 'Red One',
      note: 'Got it',
      source: id === 1 ? 'member' : 'auto',
      status,
      reason: null,
      created_at: '2026-12-03T00:00:00.000Z',
      decided_at: null,
      screenshot: {
        full: `/api/bingo/submissions/${id}/screenshot`,
        thumbnail: `/api/bingo/submissions/${id}/screenshot/thumbnail`,
      },
    });
    const fetch = stubApi({
      'GET /api/bingo/1/queue': () => Response.json([proof(1, 'pending'), proof(2, 'pending')]),
      'PATCH /api/bingo/1/queue/1': () => Response.json(proof(1, 'approved')),
      'PATCH /api/bingo/1/queue/2': () => Response.json(proof(2, 'denied')),
      'GET /api/me/bingo/1': () =>
        Response.json({
          team: null,
          codeword: 'Penguin',
          referee: true,
          signups_open: false,
          characters: [],
        }),
      'GET /api/bingo/1': () => Response.json(board(3)),
    });
    renderApp('/bingo/1/referee', { user: testUser() });
    const items = await screen.findAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Found by the site for Red One');
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Approve' }));
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Deny…' }));
    await userEvent.type(within(items[1]!).getByLabelText('Reason the member sees'), 'No codeword');
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Deny' }));
    const bodies = fetch.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([url, init]): [unknown, unknown] => [url, JSON.parse(init?.body as string)]);
    expect(bodies).toEqual([
      ['/api/bingo/1/queue/1', { status: 'approved' }],
      ['/api/bingo/1/queue/2', { status: 'denied', reason: 'No codeword' }],
    ]);
    expect(screen.getByText('Each screenshot must show the codeword: Penguin')).toBeInTheDocument();
  });
});
