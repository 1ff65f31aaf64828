import type { QueryKey } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#core/audit/audit.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { AUDIT_PAGE_SIZE, auditLogQueryKey } from '../api/get-audit-log.ts';
import { AuditTab } from './audit-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actor_user_id: 1,
    actor_label: 'boss',
    action: 'member.points.add',
    target_type: 'member',
    target_id: '1234',
    before: { siege_score: 10 },
    after: { siege_score: 15 },
    created_at: '2026-11-25T18:05:00.000Z',
    ...overrides,
  };
}

/** `count` entries with ids counting down from `from`, as the server pages them. */
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from - i));

function renderAudit(firstPage: AuditEntry[] | null) {
  const notify = vi.fn();
  const seed: Array<[QueryKey, unknown]> =
    firstPage === null ? [] : [[auditLogQueryKey, { pages: [firstPage], pageParams: [undefined] }]];
  const view = renderWithQueries(<AuditTab notify={notify} />, seed);
  return { ...view, notify };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Recent admin actions' }))
    .getAllByRole('row')
    .slice(1);

describe('audit tab', () => {
  it('shows when, who, what, on which record, and what changed', () => {
    renderAudit([
      entry(3),
      entry(2, {
        actor_label: 'cli',
        action: 'event.create',
        target_type: 'event',
        target_id: '7',
        before: null,
        after: { name: 'Fishing Week' },
      }),
      entry(1, { action: 'season.reset', target_type: 'season', target_id: null, before: 4, after: 5 }),
    ]);
    expect(bodyRows().map((row) => row.textContent)).toEqual([
      '25 Nov 2026, 18:05 UTCbossmember.points.addmember 1234siege_score: 10 →to 15',
      '25 Nov 2026, 18:05 UTCclievent.createevent 7Created',
      '25 Nov 2026, 18:05 UTCbossseason.resetseasonvalue: 4 →to 5',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the actions before the oldest one shown', async () => {
    const fetch = stubApi({ 'GET /api/admin/audit': () => Response.json(page(50, 3)) });
    renderAudit(page(100, AUDIT_PAGE_SIZE));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE + 3));
    expect(fetch).toHaveBeenCalledWith('/api/admin/audit?limit=50&before=51', expect.anything());
    // A short page is the start of the log.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when older actions cannot be loaded, keeping the ones shown', async () => {
    stubApi({ 'GET /api/admin/audit': () => apiError(503, 'DATABASE_UNAVAILABLE', 'Database is down') });
    const { notify } = renderAudit(page(100, AUDIT_PAGE_SIZE));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to load more admin actions: Database is down',
      }),
    );
    expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('says when nothing has been recorded', () => {
    renderAudit([]);
    expect(screen.getByText('No admin actions recorded yet')).toBeInTheDocument();
  });

  it("shows the server's message when the log cannot be loaded", async () => {
    stubApi({
      'GET /api/admin/audit': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderAudit(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });
});
