import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '#core/users/users.schema.ts';
import { testUser } from '#test/render.tsx';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { adminUsersQueryKey } from '../api/get-users.ts';
import { UsersTab } from './users-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const boss = testUser({ id: 1, username: 'boss', is_admin: true, join_date: '2022-04-23' });
const zezima = testUser({
  id: 2,
  username: 'zezima',
  created_at: '2026-03-01T10:00:00.000Z',
  join_date: null,
});

function renderUsers(users: AdminUser[] | null = [boss, zezima]) {
  const notify = vi.fn();
  const view = renderWithQueries(
    <UsersTab notify={notify} />,
    users === null ? [] : [[adminUsersQueryKey, users]],
  );
  return { ...view, notify };
}

const row = (username: string) => within(screen.getByRole('rowheader', { name: username }).closest('tr')!);

describe('users tab', () => {
  it('lists each user with their admin flag and when they joined', () => {
    renderUsers();
    expect(row('boss').getByText('Admin')).toBeInTheDocument();
    expect(row('boss').getByText('23 April 2022')).toBeInTheDocument();
    expect(row('boss').getByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
    expect(row('zezima').getByText('Member')).toBeInTheDocument();
    expect(row('zezima').getByText('1 March 2026')).toBeInTheDocument();
  });

  it('makes a user an admin and shows the saved flag', async () => {
    const fetch = stubApi({
      'POST /api/admin/users/2/admin': () => Response.json({ ...zezima, is_admin: true }),
    });
    const { notify } = renderUsers();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Make Admin' }));
    expect(await row('zezima').findByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/users/2/admin',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ is_admin: true }) }),
    );
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'zezima is now an admin.' });
  });

  it.each([
    [403, 'FORBIDDEN', 'Failed to update admin status'],
    [409, 'NO_CHANGES', 'No changes were made'],
    [409, 'LAST_ADMIN', 'Failed to update admin status: the clan must keep at least one admin'],
  ])('passes on the server refusal %i %s in its own words', async (status, code, message) => {
    stubApi({ 'POST /api/admin/users/1/admin': () => apiError(status, code, message) });
    const { notify } = renderUsers();
    await userEvent.click(row('boss').getByRole('button', { name: 'Remove Admin' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith({ kind: 'error', text: message }));
    expect(row('boss').getByText('Admin')).toBeInTheDocument();
  });

  it('says Failed to update admin status when the server fails or cannot be reached', async () => {
    stubApi({
      'POST /api/admin/users/2/admin': () =>
        apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    const { notify } = renderUsers();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Make Admin' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Failed to update admin status' }),
    );
  });

  it("shows the server's message when the users cannot be loaded", async () => {
    stubApi({
      'GET /api/admin/users': () => apiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'),
    });
    renderUsers(null);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
  });
});
