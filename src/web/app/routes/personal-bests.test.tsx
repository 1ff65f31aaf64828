import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LootBoard, PersonalBestBoard } from '#core/dink/dink.schema.ts';
import { apiError, stubApi, type FakeRequest } from '#test/render-with-queries.tsx';
import { renderApp } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

beforeAll(() => preloadPageOf('/personal-bests'), 30_000);

afterEach(() => vi.unstubAllGlobals());

const BOSSES: PersonalBestBoard['bosses'] = [
  { boss: 'Vorkath', team_sizes: [1] },
  { boss: 'Chambers of Xeric', team_sizes: [1, 3, 5] },
];

/** The board the server would answer for a request: its first boss and team size unless asked. */
function boardFor({ url }: FakeRequest): PersonalBestBoard {
  const boss = url.searchParams.get('boss') ?? 'Vorkath';
  const size = Number(url.searchParams.get('team_size') ?? '1');
  return {
    bosses: BOSSES,
    boss,
    team_size: size,
    entries: [
      {
        rank: 1,
        wom_id: '42',
        player_name: 'Zezima',
        time_ms: boss === 'Vorkath' ? 73_200 : size * 1_000_000,
        occurred_at: '2026-11-20T10:00:00.000Z',
        image_url: '/api/dink/images/7',
        thumbnail_url: '/api/dink/images/7/thumbnail',
      },
      {
        rank: 2,
        wom_id: '77',
        player_name: 'Woox',
        time_ms: 3_723_000,
        occurred_at: '2026-10-02T18:00:00.000Z',
        image_url: null,
        thumbnail_url: null,
      },
    ],
  };
}

const loot: LootBoard = {
  season: { id: 2, name: 'Season 2', started_at: '2026-01-01T00:00:00.000Z' },
  entries: [
    { rank: 1, wom_id: '77', player_name: 'Woox', total_value: 1_250_000_000, drops: 31 },
    { rank: 2, wom_id: '42', player_name: 'Zezima', total_value: 98_500, drops: 2 },
  ],
};

function server(overrides: Partial<Record<'board' | 'loot', (request: FakeRequest) => Response>> = {}) {
  const asked: string[] = [];
  stubApi({
    'GET /api/personal-bests': (request) => {
      asked.push(request.url.search);
      return overrides.board?.(request) ?? Response.json(boardFor(request));
    },
    'GET /api/loot-board': (request) => overrides.loot?.(request) ?? Response.json(loot),
  });
  return asked;
}

const bodyRows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('personal bests page', () => {
  it('shows the first board with rank, player, time and date, and the season loot board', async () => {
    server();
    renderApp('/personal-bests');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Personal Bests & Loot' }),
    ).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Vorkath, solo: best times' });
    expect(bodyRows('Vorkath, solo: best times').map((row) => row.textContent)).toEqual([
      '1Zezima1:13.2020 Nov 2026',
      '2Woox1:02:032 Oct 2026',
    ]);
    const [best] = bodyRows('Vorkath, solo: best times');
    expect(
      within(best!).getByRole('img', { name: 'Screenshot of Zezima: Vorkath in 1:13.20' }),
    ).toHaveAttribute('src', '/api/dink/images/7/thumbnail');
    expect(
      within(screen.getByRole('table', { name: 'Vorkath, solo: best times' })).getByRole('link', {
        name: 'Zezima',
      }),
    ).toHaveAttribute('href', '/members/42');
    expect(screen.getByRole('combobox', { name: 'Boss' })).toHaveValue('Vorkath');
    expect(screen.getByRole('combobox', { name: 'Team size' })).toHaveValue('1');

    await screen.findByRole('table', { name: 'Total value of drops this season' });
    const lootRegion = screen.getByRole('region', { name: 'Season Loot' });
    expect(lootRegion).toHaveTextContent('Season 2, since 1 January 2026');
    expect(bodyRows('Total value of drops this season').map((row) => row.textContent)).toEqual([
      '1Woox1,250,000,00031',
      '2Zezima98,5002',
    ]);
  });

  it('keeps the boss and team size in the URL, offering the chosen boss its own team sizes', async () => {
    const asked = server();
    const { location } = renderApp('/personal-bests');
    await screen.findByRole('table', { name: 'Vorkath, solo: best times' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Boss' }), 'Chambers of Xeric');
    expect(location.search).toBe('?boss=Chambers+of+Xeric');
    await screen.findByRole('table', { name: 'Chambers of Xeric, solo: best times' });
    const sizes = within(screen.getByRole('combobox', { name: 'Team size' })).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['Solo', '3 players', '5 players']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team size' }), '3 players');
    expect(location.search).toBe('?boss=Chambers+of+Xeric&team_size=3');
    await screen.findByRole('table', { name: 'Chambers of Xeric, 3 players: best times' });
    expect(bodyRows('Chambers of Xeric, 3 players: best times')[0]).toHaveTextContent('50:00');
    expect(asked).toEqual(['', '?boss=Chambers+of+Xeric', '?boss=Chambers+of+Xeric&team_size=3']);
  });

  it('opens on the board a link names', async () => {
    const asked = server();
    renderApp('/personal-bests?boss=Chambers%20of%20Xeric&team_size=5');
    expect(
      await screen.findByRole('table', { name: 'Chambers of Xeric, 5 players: best times' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Boss' })).toHaveValue('Chambers of Xeric');
    expect(screen.getByRole('combobox', { name: 'Team size' })).toHaveValue('5');
    expect(asked).toEqual(['?boss=Chambers+of+Xeric&team_size=5']);
  });

  it('says so when no time or drop is on record yet', async () => {
    server({
      board: () => Response.json({ bosses: [], boss: null, team_size: null, entries: [] }),
      loot: () => Response.json({ season: loot.season, entries: [] }),
    });
    renderApp('/personal-bests');
    expect(await screen.findByText('No personal bests yet')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Boss' })).not.toBeInTheDocument();
    expect(await screen.findByText('No drops this season yet')).toBeInTheDocument();
  });

  it('shows each board its own error state, and Try Again loads it', async () => {
    let up = false;
    server({
      board: (request) =>
        up ? Response.json(boardFor(request)) : apiError(500, 'INTERNAL', 'Something went wrong'),
      loot: () => (up ? Response.json(loot) : apiError(500, 'INTERNAL', 'Something went wrong')),
    });
    renderApp('/personal-bests');
    const board = await screen.findByRole('heading', { name: 'Unable to Load Personal Bests' });
    expect(await screen.findByRole('heading', { name: 'Unable to Load the Loot Board' })).toBeInTheDocument();
    up = true;
    const alert = board.closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Vorkath, solo: best times' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unable to Load the Loot Board' })).toBeInTheDocument();
  });

  it('marks itself in the links between the feed and the boards', async () => {
    server();
    renderApp('/personal-bests');
    const nav = await screen.findByRole('navigation', { name: 'From the game' });
    expect(within(nav).getByRole('link', { name: 'Personal Bests & Loot' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Clan Feed' })).toHaveAttribute('href', '/feed');
  });
});
