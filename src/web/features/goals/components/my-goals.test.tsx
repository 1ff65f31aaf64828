import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GOAL_MESSAGES, type Goal } from '#core/goals/goals.schema.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { apiError, onePage, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { myGoalsQueryKey } from '../api/get-my-goals.ts';
import { testGoal } from '../testing/test-goal.ts';
import { MyGoals } from './my-goals.tsx';
import { SYNC_MESSAGE_MS } from './sync-progress-button.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const attack = testGoal();
const zulrah = testGoal({ id: 2, metric: 'zulrah', goal_type: 'boss', public: false });
const ironGoal = testGoal({ id: 3, wom_id: '2', player_name: 'Iron Zezima', metric: 'mining' });

const renderGoals = (goals: Goal[] | null, nextCursor: string | null = null) =>
  renderWithQueries(<MyGoals />, goals === null ? [] : [[myGoalsQueryKey, onePage(goals, nextCursor)]]);

describe('my goals', () => {
  it('says No Goals Set when the user has none', () => {
    renderGoals([]);
    expect(screen.getByText('No Goals Set')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync Progress' })).not.toBeInTheDocument();
  });

  it("lists each character's goals under its name, with Sync Progress and Delete", () => {
    renderGoals([attack, ironGoal, zulrah]);
    const zezima = screen.getByRole('region', { name: 'Zezima' });
    expect(within(zezima).getAllByRole('article')).toHaveLength(2);
    expect(within(zezima).getByRole('article', { name: 'Attack' })).toBeInTheDocument();
    expect(within(zezima).getByRole('article', { name: 'Zulrah' })).toBeInTheDocument();
    expect(within(zezima).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    expect(within(zezima).getByRole('button', { name: 'Sync Progress' })).toBeInTheDocument();
    const iron = screen.getByRole('region', { name: 'Iron Zezima' });
    expect(within(iron).getByRole('article', { name: 'Mining' })).toBeInTheDocument();
  });

  it('adds the next page of goals with Show more, and keeps them when a later page fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    stubApi({
      'GET /api/user-goals': ({ url }) => {
        if (fail) return apiError(500, 'INTERNAL_ERROR', 'Something went wrong');
        expect(url.searchParams.get('cursor')).toBe('page-2');
        return Response.json({ items: [zulrah], next_cursor: 'page-3' });
      },
    });
    renderGoals([attack], 'page-2');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Zulrah' })).toBeInTheDocument();

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load more goals: Something went wrong',
    );
    expect(screen.getByRole('article', { name: 'Attack' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Zulrah' })).toBeInTheDocument();
  });

  it("shows API Error with the server's message when the goals cannot be loaded", async () => {
    stubApi({ 'GET /api/user-goals': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong') });
    renderGoals(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('API Error: Something went wrong');
  });

  it('deletes a goal only once the user confirms', async () => {
    const user = userEvent.setup();
    let goals = [attack, zulrah];
    const fetch = stubApi({
      'DELETE /api/user-goals/2': () => {
        goals = [attack];
        return new Response(null, { status: 204 });
      },
      'GET /api/user-goals': ({ url }) => {
        expect(url.searchParams.get('scope')).toBe('mine');
        return Response.json({ items: goals, next_cursor: null });
      },
    });
    renderGoals(goals);
    const card = screen.getByRole('article', { name: 'Zulrah' });

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete this goal?', 'Cancel');
    expect(fetch).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete this goal?', 'Delete Goal');
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Zulrah' })).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith('/api/user-goals/2', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByRole('article', { name: 'Attack' })).toBeInTheDocument();
  });

  it('says Failed to delete goal when the server refuses', async () => {
    const user = userEvent.setup();
    stubApi({ 'DELETE /api/user-goals/1': () => apiError(404, 'NOT_FOUND', 'Goal not found') });
    renderGoals([attack]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await answerConfirm('Are you sure you want to delete this goal?', 'Delete Goal');
    expect(await screen.findByRole('alert')).toHaveTextContent(GOAL_MESSAGES.deleteFailed);
    expect(screen.getByRole('article', { name: 'Attack' })).toBeInTheDocument();
  });

  it('syncs a character, shows the new progress and says so for 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let synced = false;
    const moved = {
      ...attack,
      current_value: 2_000_000,
      progress_percent: 100,
      completed: true,
      schedule: 'Completed' as const,
    };
    const fetch = stubApi({
      'POST /api/user-goals/sync': ({ body }) => {
        expect(body).toEqual({ wom_id: '1' });
        synced = true;
        return Response.json({
          goals: [moved],
          snapshot_at: '2026-11-24T10:00:00.000Z',
          refreshed: true,
          snapshot_age_seconds: 0,
        });
      },
      'GET /api/user-goals': () => Response.json({ items: [synced ? moved : attack], next_cursor: null }),
    });
    renderGoals([attack]);
    await user.click(screen.getByRole('button', { name: 'Sync Progress' }));

    expect(await screen.findByText('Progress synced.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/user-goals?scope=mine', expect.anything());

    await act(() => vi.advanceTimersByTimeAsync(SYNC_MESSAGE_MS - 500));
    expect(screen.getByText('Progress synced.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('Progress synced.')).not.toBeInTheDocument();
    expect(SYNC_MESSAGE_MS).toBe(3000);
  });

  it('says Failed to sync progress when WOM cannot be reached, and keeps the goals as they were', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/user-goals/sync': () => apiError(503, 'WOM_UNAVAILABLE', GOAL_MESSAGES.syncFailed),
    });
    renderGoals([attack]);
    await user.click(screen.getByRole('button', { name: 'Sync Progress' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sync progress. Please try again.');
    expect(screen.queryByText('Progress synced.')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('says when to try again when the user has synced too often', async () => {
    const user = userEvent.setup();
    const wait = 'Too many Sync Progress attempts. Try again in 40 seconds.';
    stubApi({ 'POST /api/user-goals/sync': () => apiError(429, 'RATE_LIMITED', wait) });
    renderGoals([attack]);
    await user.click(screen.getByRole('button', { name: 'Sync Progress' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
  });
});
