import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry, Leaderboards } from '#core/leaderboards/leaderboards.schema.ts';
import { renderApp } from '#test/render.tsx';

function board(size: number): LeaderboardEntry[] {
  return Array.from({ length: size }, (_, index) => ({
    rank: index + 1,
    wom_id: String(index + 1),
    name: `Player ${index + 1}`,
    value: 500 - index,
  }));
}

function renderBoards(boards: Leaderboards) {
  return renderApp('/leaderboard', { queries: [[['leaderboards'], boards]] });
}

function bodyRows(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

describe('leaderboard page', () => {
  it('shows the top 10 of each board with place, name and value', async () => {
    renderBoards({ siege_score: board(4), event_wins: board(2) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeInTheDocument();
    const siege = screen.getByRole('table', { name: 'Siege Score' });
    expect(bodyRows(siege).map((row) => row.textContent)).toEqual([
      '1Player 1500',
      '2Player 2499',
      '3Player 3498',
      '4Player 4497',
    ]);
    expect(within(siege).getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    const wins = screen.getByRole('table', { name: 'Event Wins' });
    expect(bodyRows(wins)).toHaveLength(2);
    expect(within(wins).getByRole('columnheader', { name: 'Wins' })).toBeInTheDocument();
  });

  it('offers no full-board button at 10 entries or fewer', async () => {
    renderBoards({ siege_score: board(10), event_wins: board(3) });
    const siege = await screen.findByRole('table', { name: 'Siege Score' });
    expect(bodyRows(siege)).toHaveLength(10);
    expect(screen.queryByRole('button', { name: /Show Full Leaderboard/ })).not.toBeInTheDocument();
  });

  it('shows the full board behind a button above 10 entries, and collapses it again', async () => {
    const user = userEvent.setup();
    renderBoards({ siege_score: board(14), event_wins: board(3) });
    const siege = await screen.findByRole('table', { name: 'Siege Score' });
    expect(bodyRows(siege)).toHaveLength(10);
    expect(within(siege).queryByText('Player 11')).not.toBeInTheDocument();

    const expand = screen.getByRole('button', { name: 'Show Full Leaderboard (14)' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(bodyRows(siege)).toHaveLength(14);
    expect(within(siege).getByText('Player 14')).toBeInTheDocument();

    const collapse = screen.getByRole('button', { name: 'Show Top 10' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await user.click(collapse);
    expect(bodyRows(siege)).toHaveLength(10);
  });

  it('shows tied players at the same place', async () => {
    renderBoards({
      siege_score: [],
      event_wins: [
        { rank: 1, wom_id: '1', name: 'Alpha', value: 3 },
        { rank: 1, wom_id: '2', name: 'Bravo', value: 3 },
        { rank: 3, wom_id: '3', name: 'Charlie', value: 1 },
      ],
    });
    const wins = await screen.findByRole('table', { name: 'Event Wins' });
    expect(bodyRows(wins).map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '1',
      '1',
      '3',
    ]);
  });

  it('lists all eight players tied for 9th in the top 10, each at 9th, and offers the rest', async () => {
    const user = userEvent.setup();
    const tied = [
      ...board(8),
      ...Array.from({ length: 8 }, (_, index) => ({
        rank: 9,
        wom_id: String(100 + index),
        name: `Tied ${index + 1}`,
        value: 50,
      })),
      { rank: 17, wom_id: '200', name: 'Last', value: 10 },
    ];
    renderBoards({ siege_score: tied, event_wins: [] });
    const siege = await screen.findByRole('table', { name: 'Siege Score' });
    const places = bodyRows(siege).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(places).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', ...Array<string>(8).fill('9')]);
    expect(within(siege).queryByText('Last')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Full Leaderboard (17)' }));
    expect(bodyRows(siege)).toHaveLength(17);
  });

  it('shows the empty states when nobody has points or wins', async () => {
    renderBoards({ siege_score: [], event_wins: [] });
    expect(await screen.findByText('No players with siege scores')).toBeInTheDocument();
    expect(screen.getByText('No event winners yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains how siege points are earned', async () => {
    renderBoards({ siege_score: [], event_wins: [] });
    const card = await screen.findByRole('region', { name: 'How Siege Points Are Earned' });
    expect(card).toHaveTextContent('15 points for 1st place, 10 for 2nd and 5 for 3rd');
    expect(card).toHaveTextContent('Participation: 2 points');
    expect(card).toHaveTextContent('Short events (1 to 2 hours): 2 points for every participant');
    expect(card).toHaveTextContent('Admin awards: 2, 5, 10 or 15 points');
  });

  it('shows the error state when the boards cannot be loaded, and the card still', async () => {
    renderApp('/leaderboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error Loading Leaderboards' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to load leaderboards');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'How Siege Points Are Earned' })).toBeInTheDocument();
  });

  it("links each player's name to their page", async () => {
    const user = userEvent.setup();
    const { location } = renderBoards({ siege_score: board(2), event_wins: board(1) });
    const siege = await screen.findByRole('table', { name: 'Siege Score' });
    const link = within(siege).getByRole('link', { name: 'Player 2' });
    expect(link).toHaveAttribute('href', '/members/2');
    expect(
      within(screen.getByRole('table', { name: 'Event Wins' })).getByRole('link', { name: 'Player 1' }),
    ).toHaveAttribute('href', '/members/1');
    await user.click(link);
    expect(location.pathname).toBe('/members/2');
  });
});
