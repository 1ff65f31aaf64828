import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncGoalsResult } from '#core/goals/goals.schema.ts';
import { renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { SyncProgressButton } from './sync-progress-button.tsx';

afterEach(() => vi.unstubAllGlobals());

const answer = (result: Pick<SyncGoalsResult, 'refreshed' | 'snapshot_age_seconds'>) => () =>
  Response.json({ goals: [], snapshot_at: '2026-11-24T10:00:00.000Z', ...result });

describe('Sync Progress', () => {
  it("says 'Progress synced.' when Wise Old Man was asked", async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/user-goals/sync': answer({ refreshed: true, snapshot_age_seconds: 0 }) });
    renderWithQueries(<SyncProgressButton womId="1" />);
    await user.click(screen.getByRole('button', { name: 'Sync Progress' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Progress synced\.$/);
  });

  it('says how old the data is when the stored snapshot was young enough that WOM was not asked', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/user-goals/sync': answer({ refreshed: false, snapshot_age_seconds: 12 * 60 + 30 }),
    });
    renderWithQueries(<SyncProgressButton womId="1" />);
    await user.click(screen.getByRole('button', { name: 'Sync Progress' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Progress synced from data 12 minutes old.');
  });

  it("says it is done only once the page's own refresh has finished", async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/user-goals/sync': answer({ refreshed: true, snapshot_age_seconds: 0 }) });
    let finish = () => {};
    const onSynced = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithQueries(<SyncProgressButton womId="7" onSynced={onSynced} />);
    await user.click(screen.getByRole('button', { name: 'Sync Progress' }));
    await vi.waitFor(() => expect(onSynced).toHaveBeenCalledWith('7'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    finish();
    expect(await screen.findByRole('status')).toHaveTextContent('Progress synced.');
  });
});
