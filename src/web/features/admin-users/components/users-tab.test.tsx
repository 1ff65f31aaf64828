import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#core/users/users.schema.ts';
import { answerConfirm } from '#test/confirm-dialog.ts';
import { testUser } from '#test/render.tsx';
import { apiError, renderWithQueries, stubApi } from '#test/render-with-queries.tsx';
import { adminUsersQueryKey } from '../api/get-users.ts';
import { UsersTab } from './users-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AUTH_ID = '3f0c5a9e-8d4b-4c1e-9a2f-6b7d8e9f0a1b';

const boss: User = {
  ...testUser({ id: 1, username: 'boss', is_admin: true, join_date: '2022-04-23' }),
  supabase_auth_id: AUTH_ID,
};
const zezima: User = {
  ...testUser({ id: 2, username: 'zezima', created_at: '2026-03-01T10:00:00.000Z', join_date: null }),
  supabase_auth_id: null,
};

const chief: User = { ...testUser({ id: 3, username: 'chief', is_admin: true }), supabase_auth_id: null };

/** Signed in as chief, an admin whose own row is not under test unless it is asked for. */
function renderUsers(users: User[] | null = [boss, zezima, chief], currentUserId = chief.id) {
  const notify = vi.fn();
  const view = renderWithQueries(
    <UsersTab notify={notify} currentUserId={currentUserId} />,
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

  it('makes a user an admin once the admin confirms, and shows the saved flag', async () => {
    const fetch = stubApi({
      'POST /api/admin/users/2/admin': () => Response.json({ ...zezima, is_admin: true }),
    });
    const { notify } = renderUsers();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Make Admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make zezima an admin?' });
    expect(dialog).toHaveAccessibleDescription(
      'They will be able to run this dashboard, including changing other admins.',
    );
    await answerConfirm('Make zezima an admin?', 'Make Admin');
    expect(await row('zezima').findByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/users/2/admin',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ is_admin: true }) }),
    );
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'zezima is now an admin.' });
  });

  it('makes nobody an admin when the admin cancels', async () => {
    const fetch = stubApi({});
    renderUsers();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Make Admin' }));
    await answerConfirm('Make zezima an admin?', 'Cancel');
    expect(fetch).not.toHaveBeenCalled();
    expect(row('zezima').getByText('Member')).toBeInTheDocument();
  });

  it('removes another admin once confirmed, and disables Remove Admin on your own row, saying why', async () => {
    const fetch = stubApi({
      'POST /api/admin/users/1/admin': () => Response.json({ ...boss, is_admin: false }),
    });
    const { notify } = renderUsers();
    const own = row('chief').getByRole('button', { name: 'Remove Admin' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription('chief You cannot change your own admin status.');
    await userEvent.click(own);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(row('boss').getByRole('button', { name: 'Remove Admin' }));
    await answerConfirm("Remove boss's admin rights?", 'Cancel');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(row('boss').getByRole('button', { name: 'Remove Admin' }));
    await answerConfirm("Remove boss's admin rights?", 'Remove Admin');
    expect(await row('boss').findByRole('button', { name: 'Make Admin' })).toBeEnabled();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: 'boss is no longer an admin.' });
  });

  it.each([
    [403, 'FORBIDDEN', 'Failed to update admin status'],
    [409, 'NO_CHANGES', 'No changes were made'],
    [409, 'LAST_ADMIN', 'Failed to update admin status: the clan must keep at least one admin'],
  ])('passes on the server refusal %i %s in its own words', async (status, code, message) => {
    stubApi({ 'POST /api/admin/users/1/admin': () => apiError(status, code, message) });
    const { notify } = renderUsers();
    await userEvent.click(row('boss').getByRole('button', { name: 'Remove Admin' }));
    await answerConfirm("Remove boss's admin rights?", 'Remove Admin');
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
    await answerConfirm('Make zezima an admin?', 'Make Admin');
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

describe('users tab: external sign-in id', () => {
  const NEW_ID = '9b2e4f6a-1c3d-4e5f-8a7b-0c1d2e3f4a5b';

  it("shows each user's linked id, or that they have none", () => {
    renderUsers();
    expect(row('boss').getByText(AUTH_ID)).toBeInTheDocument();
    expect(row('boss').getByRole('textbox', { name: 'Auth ID' })).toHaveValue(AUTH_ID);
    expect(row('zezima').getByText('Not linked')).toBeInTheDocument();
  });

  it('links a user to the UUID typed, trimmed, and shows the saved id', async () => {
    const fetch = stubApi({
      'POST /api/admin/users/2/auth-id': ({ body }) => {
        const { supabase_auth_id } = body as { supabase_auth_id: string };
        return Response.json({ ...zezima, supabase_auth_id });
      },
    });
    const { notify } = renderUsers();
    await userEvent.type(row('zezima').getByRole('textbox', { name: 'Auth ID' }), ` ${NEW_ID} `);
    await userEvent.click(row('zezima').getByRole('button', { name: 'Link' }));
    expect(await row('zezima').findByText(NEW_ID)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/users/2/auth-id',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ supabase_auth_id: NEW_ID }) }),
    );
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: `zezima is linked to ${NEW_ID}.` });
  });

  it('unlinks a user when the input is emptied', async () => {
    const fetch = stubApi({
      'POST /api/admin/users/1/auth-id': () => Response.json({ ...boss, supabase_auth_id: null }),
    });
    const { notify } = renderUsers();
    await userEvent.clear(row('boss').getByRole('textbox', { name: 'Auth ID' }));
    await userEvent.click(row('boss').getByRole('button', { name: 'Link' }));
    expect(await row('boss').findByText('Not linked')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/users/1/auth-id',
      expect.objectContaining({ body: JSON.stringify({ supabase_auth_id: null }) }),
    );
    expect(notify).toHaveBeenCalledWith({
      kind: 'success',
      text: 'boss is no longer linked to a sign-in id.',
    });
  });

  it("says 'Invalid UUID format' and sends nothing when the id is no UUID", async () => {
    const fetch = stubApi({});
    renderUsers();
    const input = row('zezima').getByRole('textbox', { name: 'Auth ID' });
    await userEvent.type(input, 'not-a-uuid');
    await userEvent.click(row('zezima').getByRole('button', { name: 'Link' }));
    expect(row('zezima').getByText('Invalid UUID format')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Invalid UUID format/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [409, 'CONFLICT', 'Failed to link user', 'Failed to link user'],
    [400, 'VALIDATION_ERROR', 'Invalid UUID format', 'Invalid UUID format'],
    [500, 'INTERNAL_ERROR', 'Something went wrong on our side', 'Failed to link user'],
  ])('reports a failed link (%i %s) as %s', async (status, code, message, shown) => {
    stubApi({ 'POST /api/admin/users/2/auth-id': () => apiError(status, code, message) });
    const { notify } = renderUsers();
    await userEvent.type(row('zezima').getByRole('textbox', { name: 'Auth ID' }), NEW_ID);
    await userEvent.click(row('zezima').getByRole('button', { name: 'Link' }));
    await vi.waitFor(() => expect(notify).toHaveBeenCalledWith({ kind: 'error', text: shown }));
    expect(row('zezima').getByText('Not linked')).toBeInTheDocument();
  });
});

describe('users tab: password reset', () => {
  const link = { path: '/reset-password?token=abc123', expires_at: '2026-11-25T12:00:00.000Z' };

  it('shows a new reset link once, as a full address with its expiry, to copy', async () => {
    const user = userEvent.setup();
    const fetch = stubApi({
      'POST /api/admin/users/2/password-reset': () => Response.json(link, { status: 201 }),
    });
    renderUsers();
    expect(screen.queryByLabelText('Password reset link')).not.toBeInTheDocument();
    await user.click(row('zezima').getByRole('button', { name: 'Reset password' }));

    const shown = await screen.findByLabelText('Password reset link');
    const url = `${window.location.origin}/reset-password?token=abc123`;
    expect(shown).toHaveTextContent(url);
    expect(screen.getByText(/Send it to zezima in-game/)).toHaveTextContent('25 Nov 2026, 12:00 UTC');
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/users/2/password-reset',
      expect.objectContaining({ method: 'POST' }),
    );

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(screen.getByText('Copied to the clipboard.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Password reset link')).not.toBeInTheDocument();
    expect(screen.queryByText(url)).not.toBeInTheDocument();
  });

  it('selects the link for a copy by hand when the clipboard cannot be used', async () => {
    stubApi({ 'POST /api/admin/users/2/password-reset': () => Response.json(link, { status: 201 }) });
    renderUsers();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByLabelText('Password reset link');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(
      await screen.findByText('Could not copy: the text is selected, copy it with Ctrl+C.'),
    ).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe(shown.textContent);
  });

  it('offers no reset link for an admin, whose password is reset from the shell', () => {
    renderUsers();
    expect(row('boss').queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
    expect(row('zezima').getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
  });

  it("reports a failed reset with the server's message", async () => {
    stubApi({ 'POST /api/admin/users/2/password-reset': () => apiError(404, 'NOT_FOUND', 'User not found') });
    const { notify } = renderUsers();
    await userEvent.click(row('zezima').getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        kind: 'error',
        text: 'Failed to create a password reset link: User not found',
      }),
    );
    expect(screen.queryByLabelText('Password reset link')).not.toBeInTheDocument();
  });
});
