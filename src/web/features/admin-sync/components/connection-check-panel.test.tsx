import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionCheck } from '#core/sync/connection-check.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { ConnectionCheckPanel } from './connection-check-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const check = (overrides: Partial<ConnectionCheck> = {}): ConnectionCheck => ({
  base_url: 'https://api.wiseoldman.net/v2',
  group_id: 1234,
  group_name: 'Siege',
  members: 312,
  rate_limit: { limit: 20, remaining: 13, reset: 41 },
  endpoints: [
    { path: '/groups/1234', status: 200, parsed: true, error: null },
    { path: '/groups/1234/statistics', status: 200, parsed: true, error: null },
  ],
  ...overrides,
});

const panel = () => screen.getByRole('region', { name: 'Wise Old Man Connection' });

describe('ConnectionCheckPanel', () => {
  it('checks the connection and shows the group, the rate limit and each endpoint', async () => {
    const fetch = stubApi({ 'POST /api/admin/sync/check': () => Response.json(check()) });
    renderWithQueries(<ConnectionCheckPanel notify={vi.fn()} />);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Check connection' }));

    expect(await within(panel()).findByText('Connected: Siege with 312 members.')).toBeInTheDocument();
    expect(within(panel()).getByText('https://api.wiseoldman.net/v2')).toBeInTheDocument();
    expect(within(panel()).getByText('13 of 20 requests left, resets in 41 s')).toBeInTheDocument();
    const rows = within(within(panel()).getByRole('table')).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '/groups/1234200Read',
      '/groups/1234/statistics200Read',
    ]);
    expect(fetch).toHaveBeenCalledWith('/api/admin/sync/check', expect.objectContaining({ method: 'POST' }));
  });

  it('shows what failed when the group cannot be read', async () => {
    stubApi({
      'POST /api/admin/sync/check': () =>
        Response.json(
          check({
            group_name: null,
            members: null,
            rate_limit: { limit: null, remaining: null, reset: null },
            endpoints: [
              {
                path: '/groups/1234',
                status: 404,
                parsed: false,
                error: 'WOM answered 404: Group not found.',
              },
            ],
          }),
        ),
    });
    renderWithQueries(<ConnectionCheckPanel notify={vi.fn()} />);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Check connection' }));

    expect(
      await within(panel()).findByText('Some of what the sync reads could not be had: see below.'),
    ).toBeInTheDocument();
    expect(within(panel()).getByText('WOM answered 404: Group not found.')).toBeInTheDocument();
    expect(within(panel()).getByText('WOM sent no rate-limit headers')).toBeInTheDocument();
  });

  it('tells the admin when the check itself was refused', async () => {
    stubApi({
      'POST /api/admin/sync/check': () =>
        apiError(429, 'RATE_LIMITED', 'Too many connection check attempts. Try again in 1 minute.'),
    });
    const notify = vi.fn();
    renderWithQueries(<ConnectionCheckPanel notify={notify} />);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Check connection' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to check the connection: Too many connection check attempts. Try again in 1 minute.',
      }),
    );
  });
});
