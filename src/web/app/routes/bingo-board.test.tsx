import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { renderApp } from '#test/render.tsx';

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
        points: 2,
        goal: { type: 'item', items: ['Dragon warhammer'], count: 1 },
      },
      {
        id: 2,
        row: 0,
        col: 1,
        title: 'Fish',
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
          { tile_id: 1, state: 'complete', progress: 1, required: 1 },
          { tile_id: 2, state: 'open', progress: 250_000, required: 1_000_000 },
        ],
      },
      {
        id: 11,
        name: 'Blue',
        score: 7,
        bonus: 5,
        members: [{ wom_id: '2', name: 'Blue One' }],
        tiles: [
          { tile_id: 1, state: 'open', progress: 0, required: 1 },
          { tile_id: 2, state: 'complete', progress: 1_200_000, required: 1_000_000 },
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
});
