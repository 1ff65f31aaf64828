import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp } from '#test/render.tsx';
import { testGoalDetail } from '../../features/races/race-test-data.ts';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => preloadPageOf('/goals/7'), 30_000);

describe('goal page', () => {
  it('shows the goal with its progress and a chart of its history against the target date', async () => {
    const fetch = stubApi({ 'GET /api/user-goals/7': () => Response.json(testGoalDetail()) });
    renderApp('/goals/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zezima: Woodcutting' })).toBeInTheDocument();
    expect(screen.getByText('Set by zezima, from 1,000,000 to 2,000,000.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Woodcutting progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('Ahead of schedule')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Woodcutting progress over time' })).toHaveTextContent(
      'Target by 1 Jan 2099',
    );
    expect(fetch).toHaveBeenCalledWith('/api/user-goals/7', expect.anything());
  });

  it('says so when no value has been recorded yet', async () => {
    stubApi({
      'GET /api/user-goals/7': () => Response.json(testGoalDetail({ history: [], target_date: null })),
    });
    renderApp('/goals/7');
    expect(await screen.findByRole('figure', { name: 'Woodcutting progress over time' })).toHaveTextContent(
      'No progress recorded yet',
    );
  });

  it('shows the not-found page with the reason for a goal that is missing or private', async () => {
    stubApi({ 'GET /api/user-goals/8': () => apiError(404, 'NOT_FOUND', 'Goal not found') });
    renderApp('/goals/8');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Goal not found')).toBeInTheDocument();
  });
});
