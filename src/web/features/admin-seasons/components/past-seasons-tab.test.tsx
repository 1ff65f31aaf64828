import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PastSeason, Standing } from '#core/seasons/past-seasons.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { PastSeasonsTab } from './past-seasons-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const standing = (rank: number, name: string, score: number): Standing => ({
  rank,
  wom_id: `id-${name}`,
  name,
  siege_score: score,
});

const seasonTwo: PastSeason = {
  id: 2,
  name: 'Season 2',
  started_at: '2025-11-21T12:00:00.000Z',
  ended_at: '2026-11-21T12:00:00.000Z',
  standings_count: 12,
  standings: [standing(1, 'Alpha', 1500), standing(1, 'Bravo', 1500), standing(3, 'Charlie', 90)],
};
const seasonOne: PastSeason = {
  id: 1,
  name: 'Season 1',
  started_at: '2024-11-01T00:00:00.000Z',
  ended_at: '2025-11-21T12:00:00.000Z',
  standings_count: 0,
  standings: [],
};

function renderTab(handlers: Parameters<typeof stubApi>[0]) {
  const fetch = stubApi(handlers);
  const notify = vi.fn();
  renderWithQueries(<PastSeasonsTab notify={notify} />);
  return { fetch, notify };
}

/** Each body row's cells in reading order. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent));

describe('past seasons tab', () => {
  it('lists each closed season with its dates and final standings: rank, name and score', async () => {
    renderTab({ 'GET /api/admin/seasons/past': () => Response.json([seasonTwo, seasonOne]) });

    // The first render of the file also loads the app's providers: slow on a busy machine.
    const two = await screen.findByRole('region', { name: 'Season 2' }, { timeout: 5000 });
    expect(within(two).getByText('21 November 2025 to 21 November 2026')).toBeInTheDocument();
    const table = within(two).getByRole('table', { name: 'Final standings of Season 2' });
    expect(rowsOf(table)).toEqual([
      ['1', 'Alpha', '1,500'],
      ['1', 'Bravo', '1,500'],
      ['3', 'Charlie', '90'],
    ]);
    const one = screen.getByRole('region', { name: 'Season 1' });
    expect(within(one).getByText('Nobody scored points this season.')).toBeInTheDocument();
    expect(within(one).queryByRole('button')).not.toBeInTheDocument();
  });

  it('loads the full standings on "Show all", then the next page on "Show more"', async () => {
    const pages: Record<string, { items: Standing[]; next_cursor: string | null }> = {
      '': {
        items: [
          ...seasonTwo.standings,
          ...Array.from({ length: 7 }, (_, i) => standing(4 + i, `P${i}`, 80 - i)),
        ],
        next_cursor: '10',
      },
      '10': { items: [standing(11, 'Yankee', 3), standing(12, 'Zulu', 1)], next_cursor: null },
    };
    const { fetch } = renderTab({
      'GET /api/admin/seasons/past': () => Response.json([seasonTwo]),
      'GET /api/admin/seasons/2/standings': ({ url }) =>
        Response.json(pages[url.searchParams.get('cursor') ?? '']),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Season 2' });
    const table = () => within(card).getByRole('table', { name: 'Final standings of Season 2' });
    expect(within(table()).getAllByRole('row')).toHaveLength(4);

    await user.click(within(card).getByRole('button', { name: 'Show all 12' }));
    await vi.waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(11));
    await user.click(within(card).getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(13));
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table()).getByRole('rowheader', { name: 'Zulu' })).toBeInTheDocument();
    const standingsCalls = fetch.mock.calls.filter(([input]) => String(input).includes('/standings'));
    expect(standingsCalls).toHaveLength(2);
  });

  it('keeps the top and says why when the full standings cannot be loaded', async () => {
    const { notify } = renderTab({
      'GET /api/admin/seasons/past': () => Response.json([seasonTwo]),
      'GET /api/admin/seasons/2/standings': () => apiError(500, 'INTERNAL', 'Something went wrong'),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Season 2' });
    await user.click(within(card).getByRole('button', { name: 'Show all 12' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to load the standings of Season 2: Something went wrong',
      }),
    );
    expect(within(card).getAllByRole('row')).toHaveLength(4);
    expect(within(card).getByRole('button', { name: 'Show all 12' })).toBeEnabled();
  });

  it('says so when no season has closed yet', async () => {
    renderTab({ 'GET /api/admin/seasons/past': () => Response.json([]) });
    expect(await screen.findByText('No past seasons yet')).toBeInTheDocument();
  });

  it('shows the error with Try Again when the seasons cannot be loaded, and loads them again', async () => {
    let fail = true;
    renderTab({
      'GET /api/admin/seasons/past': () =>
        fail
          ? apiError(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable')
          : Response.json([seasonOne]),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Error Loading Past Seasons')).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Season 1' })).toBeInTheDocument();
  });
});
