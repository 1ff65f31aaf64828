import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaselineBackfillStatus } from '#core/members/baseline-backfill.ts';
import type { SyncRunItem, SyncStatus } from '#core/sync/sync.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { syncStatusQueryKey } from '../api/wom-sync.ts';
import { BaselineBackfillPanel } from './baseline-backfill-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const backfillRun: SyncRunItem = {
  id: 9,
  started_at: '2026-11-25T18:00:00.000Z',
  finished_at: null,
  outcome: 'running',
  stage: 'Member 12 of 300',
  error: null,
  wom_requests: 11,
  counts: null,
  triggered_by: 1,
};

const statusWith = (
  backfill: BaselineBackfillStatus,
): SyncStatus & { baseline_backfill: BaselineBackfillStatus } => ({
  running: false,
  current: null,
  runs: [],
  baseline_backfill: backfill,
});

function renderPanel(backfill: BaselineBackfillStatus) {
  const notify = vi.fn();
  renderWithQueries(<BaselineBackfillPanel notify={notify} />, [[syncStatusQueryKey, statusWith(backfill)]]);
  return { notify, panel: screen.getByRole('region', { name: 'Baselines from WOM History' }) };
}

describe('the baseline backfill on the sync tab', () => {
  it("shows a running backfill's progress, from the sync status, with its button disabled", () => {
    const { panel } = renderPanel({
      running: true,
      current: backfillRun,
      runs: [backfillRun],
      remaining: 289,
    });
    expect(panel).toHaveTextContent('Members with a first-seen baseline: 289');
    expect(panel).toHaveTextContent('Backfilling... Member 12 of 300');
    expect(within(panel).getByRole('button', { name: 'Backfilling...' })).toBeDisabled();
  });

  it('starts a backfill, and reports a refused start', async () => {
    const idle = { running: false, current: null, runs: [], remaining: 300 };
    const fetch = stubApi({
      'POST /api/admin/members/baselines/backfill': () =>
        apiError(409, 'CONFLICT', 'A baseline backfill is already running'),
      'GET /api/admin/sync': () => Response.json(statusWith(idle)),
    });
    const { panel, notify } = renderPanel(idle);
    await userEvent.click(within(panel).getByRole('button', { name: 'Backfill from WOM history' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/members/baselines/backfill',
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to start the backfill: A baseline backfill is already running',
      }),
    );
  });

  it('offers nothing to do when no member has a first-seen baseline', () => {
    const { panel } = renderPanel({ running: false, current: null, runs: [], remaining: 0 });
    expect(within(panel).getByRole('button', { name: 'Backfill from WOM history' })).toBeDisabled();
  });
});
