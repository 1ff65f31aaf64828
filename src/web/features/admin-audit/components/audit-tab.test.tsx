import type { QueryKey } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditFilters } from '#core/audit/audit.schema.ts';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { AUDIT_PAGE_SIZE, auditFiltersQueryKey, auditLogQueryKey } from '../api/get-audit-log.ts';
import { AuditTab } from './audit-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actor_user_id: 1,
    actor_label: 'boss',
    action: 'member.points',
    target_type: 'member',
    target_id: '1234',
    before: { siege_score: 10 },
    after: { siege_score: 15, amount: 5 },
    created_at: '2026-11-25T18:05:00.000Z',
    actor_name: 'boss',
    target_name: 'BigJad',
    member_wom_id: '1234',
    member_name: 'BigJad',
    member_names: {},
    ...overrides,
  };
}

const choices: AuditFilters = {
  actors: [
    { id: 1, name: 'boss' },
    { id: 2, name: 'deputy' },
  ],
  actions: ['season.reset', 'member.points', 'event.create'],
  members: [
    { wom_id: '1234', name: 'BigJad' },
    { wom_id: '77', name: 'Woox' },
  ],
};

/** `count` entries with ids counting down from `from`, as the server pages them. */
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from - i));

function renderAudit(firstPage: AuditEntry[] | null) {
  const notify = vi.fn();
  const seed: Array<[QueryKey, unknown]> = [[auditFiltersQueryKey, choices]];
  if (firstPage !== null)
    seed.push([[...auditLogQueryKey, {}], { pages: [firstPage], pageParams: [undefined] }]);
  const view = renderWithQueries(<AuditTab notify={notify} />, seed);
  return { ...view, notify };
}

const items = () =>
  within(screen.getByRole('list', { name: 'Recent admin actions' })).queryAllByRole('listitem');

/** The audit endpoint answering every filtered request with `answer`, and the URLs it was asked. */
function stubLog(answer: () => AuditEntry[] = () => []) {
  return stubApi({ 'GET /api/admin/audit': () => Response.json(answer()) });
}

const askedFor = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/audit?'));

describe('audit tab', () => {
  it('tells each action as a sentence with who did it, when, and what kind of action it was', () => {
    renderAudit([
      entry(3),
      entry(2, {
        actor_user_id: null,
        actor_label: 'wom-sync',
        actor_name: null,
        action: 'member.rename',
        before: { wom_name: 'Big Jad' },
        after: { wom_name: 'BigJad' },
      }),
      entry(1, {
        action: 'claim-request.close',
        target_type: 'claim_request',
        target_id: '9',
        target_name: 'alice',
        before: { status: 'pending' },
        after: { status: 'denied', admin_notes: 'This character was claimed by another user.' },
      }),
    ]);
    const [points, rename, close] = items();
    expect(points).toHaveTextContent('boss gave 5 points to BigJad');
    expect(points).toHaveTextContent('25 Nov 2026, 18:05 UTC');
    expect(points).toHaveTextContent('Points given');
    expect(within(points!).getByText('25 Nov 2026, 18:05 UTC')).toHaveAttribute(
      'datetime',
      '2026-11-25T18:05:00.000Z',
    );
    expect(rename).toHaveTextContent('The Wise Old Man sync recorded that Big Jad is now called BigJad');
    expect(close).toHaveTextContent(
      "boss closed alice's pending claim to BigJad: This character was claimed by another user.",
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows what changed field by field, with readable names, when asked', async () => {
    renderAudit([
      entry(1, {
        action: 'member.update',
        before: { siege_score: 10, hidden: false },
        after: { siege_score: 15, hidden: true },
      }),
    ]);
    const summary = screen.getByText('Show changes (2 fields)');
    const details = summary.closest('details');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
    const changes = screen.getByRole('table', {
      name: 'Changes: boss edited BigJad (siege score and hidden from the public site)',
    });
    expect(
      within(changes)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    expect(
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Siege score', '10', '15'],
      ['Hidden from the public site', 'No', 'Yes'],
    ]);
  });

  it('narrows the log by who, what and which member, and clears the filters', async () => {
    const fetch = stubLog(() => [entry(5)]);
    renderAudit(page(100, 3));
    await userEvent.selectOptions(screen.getByLabelText('Who'), 'deputy');
    await vi.waitFor(() => expect(askedFor(fetch)).toContain('/api/admin/audit?limit=50&actor=2'));
    // The actions are offered by their plain names.
    expect(
      within(screen.getByLabelText('What'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any action', 'Event created', 'Points given', 'Season reset']);
    await userEvent.selectOptions(screen.getByLabelText('What'), 'Season reset');
    await vi.waitFor(() =>
      expect(askedFor(fetch)).toContain('/api/admin/audit?limit=50&actor=2&action=season.reset'),
    );
    await userEvent.type(screen.getByLabelText('Member'), 'bigjad');
    await vi.waitFor(() =>
      expect(askedFor(fetch)).toContain('/api/admin/audit?limit=50&actor=2&action=season.reset&member=1234'),
    );
    await vi.waitFor(() => expect(items()).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Who')).toHaveValue('');
    expect(screen.getByLabelText('What')).toHaveValue('');
    expect(screen.getByLabelText('Member')).toHaveValue('');
    // The unfiltered log is the one already loaded.
    await vi.waitFor(() => expect(items()).toHaveLength(3));
  });

  it('takes a WOM id for the member, and says so when a name matches no member', async () => {
    const fetch = stubLog();
    renderAudit(page(100, 3));
    const member = screen.getByLabelText('Member');
    await userEvent.type(member, 'Zezima');
    expect(member).toHaveAccessibleDescription('No member is called that: pick one from the list.');
    expect(askedFor(fetch)).toEqual([]);
    await userEvent.clear(member);
    await userEvent.type(member, '4242');
    await vi.waitFor(() => expect(askedFor(fetch)).toContain('/api/admin/audit?limit=50&member=4242'));
    expect(await screen.findByText('No admin actions match these filters')).toBeInTheDocument();
  });

  it('loads the actions before the oldest one shown', async () => {
    const fetch = stubApi({ 'GET /api/admin/audit': () => Response.json(page(50, 3)) });
    renderAudit(page(100, AUDIT_PAGE_SIZE));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(items()).toHaveLength(AUDIT_PAGE_SIZE + 3));
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
    expect(items()).toHaveLength(AUDIT_PAGE_SIZE);
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
