import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { adminMember } from '#test/admin-member.ts';
import { apiError, stubApi } from '#test/render-with-queries.tsx';
import { renderApp, testUser } from '#test/render.tsx';
import { preloadPageOf } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

// The pages' code loads on demand: load it once up front, so no test waits on a cold import.
beforeAll(() => Promise.all(['/admin/members/deleted'].map(preloadPageOf)), 30_000);

const admin = testUser({ username: 'boss', is_admin: true });
const deleted = [
  adminMember('Gone', { wom_id: '7', deleted_at: '2026-11-24T18:30:00.000Z' }),
  adminMember('Older', { wom_id: '8', deleted_at: '2026-10-01T09:00:00.000Z' }),
];

function renderDeleted(members: AdminMember[]) {
  return renderApp('/admin/members/deleted', {
    user: admin,
    queries: [[['admin', 'members', 'deleted'], members]],
  });
}

describe('deleted members page', () => {
  it('lists deleted members with their WOM ID and deletion time, and links back', async () => {
    renderDeleted(deleted);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deleted Members' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Deleted members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Gone724 Nov 2026, 18:30 UTCRestore',
      'Older81 Oct 2026, 09:00 UTCRestore',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Clan Administration' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('says so when no member is deleted', async () => {
    renderDeleted([]);
    expect(await screen.findByText('No deleted members.')).toBeInTheDocument();
  });

  it('restores a member, takes them off the list and says so', async () => {
    const fetch = stubApi({
      'POST /api/admin/members/7/restore': () => Response.json({ ...deleted[0], deleted_at: null }),
      'GET /api/admin/members/deleted': () => Response.json(deleted.slice(1)),
    });
    renderDeleted(deleted);
    const gone = (await screen.findByRole('rowheader', { name: 'Gone' })).closest('tr') as HTMLElement;
    await userEvent.click(within(gone).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Gone was successfully restored.');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Gone' })).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/members/7/restore',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says why a restore failed', async () => {
    stubApi({ 'POST /api/admin/members/8/restore': () => apiError(404, 'NOT_FOUND', 'Member not found') });
    renderDeleted(deleted);
    const older = (await screen.findByRole('rowheader', { name: 'Older' })).closest('tr') as HTMLElement;
    await userEvent.click(within(older).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to restore Older: Member not found');
  });
});
