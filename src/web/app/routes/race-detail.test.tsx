import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { testRaceDetail } from '../../features/races/race-test-data.ts';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/races/12'), 30_000);

const creator = testUser({ id: 1, username: 'zezima' });
const other = testUser({ id: 2, username: 'bob' });
const seeded = (race = testRaceDetail()) =>
  [[['races', 'detail', race.id], race]] as Array<[string[], unknown]>;

describe('race page', () => {
  it('shows the race and its standings with each participant progress', async () => {
    renderApp('/races/12', { queries: seeded() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fishing Frenzy' })).toBeInTheDocument();
    expect(screen.getByText('First to the target wins.')).toBeInTheDocument();
    expect(screen.getByText(/Created by zezima/)).toBeInTheDocument();
    expect(screen.getByText(/Ends 31 December 2099/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Standings' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Lynx TitanFishingStart1,000Current1,600Target2,00060%');
    expect(rows[2]).toHaveTextContent('Iron BobZulrahStart10Current12Target20');
    expect(screen.getByRole('progressbar', { name: 'Lynx Titan progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
  });

  it("draws each participant's progress over time", async () => {
    renderApp('/races/12', { queries: seeded() });
    expect(
      await screen.findByRole('figure', { name: 'Lynx Titan: Fishing progress over time' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Iron Bob: Zulrah progress over time' })).toBeInTheDocument();
  });

  it('offers Edit Race and Delete to the creator only', async () => {
    renderApp('/races/12', { user: creator, queries: seeded() });
    expect(await screen.findByRole('link', { name: 'Edit Race' })).toHaveAttribute('href', '/races/12/edit');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('offers another signed-in user Refresh but neither Edit Race nor Delete', async () => {
    renderApp('/races/12', { user: other, queries: seeded() });
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Race' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers a visitor nothing to do with the race', async () => {
    renderApp('/races/12', { queries: seeded() });
    await screen.findByRole('heading', { level: 1, name: 'Fishing Frenzy' });
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Race' })).not.toBeInTheDocument();
  });

  it('refreshes the race from WOM and shows the new standings', async () => {
    let refreshed = false;
    const fetch = stubApi({
      'POST /api/races/12/refresh': () => {
        refreshed = true;
        return Response.json(testRaceDetail());
      },
      'GET /api/races/12': () =>
        Response.json(testRaceDetail({ title: refreshed ? 'Refreshed' : 'Fishing Frenzy' })),
    });
    renderApp('/races/12', { user: other });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Refreshed' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/races/12/refresh', expect.objectContaining({ method: 'POST' }));
  });

  it('shows why a refresh failed', async () => {
    stubApi({
      'POST /api/races/12/refresh': () => apiError(503, 'WOM_UNAVAILABLE', 'Wise Old Man is unavailable'),
    });
    renderApp('/races/12', { user: other, queries: seeded() });
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to refresh race: Wise Old Man is unavailable',
    );
  });

  it('deletes the race after the creator confirms, then opens the progress page', async () => {
    const fetch = stubApi({
      'DELETE /api/races/12': () => new Response(null, { status: 204 }),
      'GET /api/races': () => Response.json([]),
    });
    const { location } = renderApp('/races/12', { user: creator, queries: seeded() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete this race?', 'Delete Race');
    await vi.waitFor(() => expect(location.pathname).toBe('/progress'));
    expect(fetch).toHaveBeenCalledWith('/api/races/12', expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows the not-found page with the reason for a race that is missing or private', async () => {
    stubApi({ 'GET /api/races/99': () => apiError(404, 'NOT_FOUND', 'Race not found') });
    renderApp('/races/99');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Race not found')).toBeInTheDocument();
  });

  it('shows the not-found page for an address whose id is not a number', async () => {
    renderApp('/races/abc');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
  });
});
