import { useId, useState } from 'react';
import type { User } from '#core/users/users.schema.ts';
import { useConfirm, type ConfirmQuestion } from '../../../components/confirm-dialog.tsx';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useCreatePasswordReset, type PasswordResetLink } from '../api/create-password-reset.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { useSetAdmin } from '../api/set-admin.ts';
import { AuthIdForm } from './auth-id-form.tsx';
import { PasswordResetPanel } from './password-reset-panel.tsx';

const FAILED = 'Failed to update admin status';
const COLUMNS = ['Username', 'Role', 'Joined', 'Auth ID', 'Actions'];

/**
 * The server explains a refusal in the spec's words ('No changes were made', 'Failed to update admin
 * status' for one's own account, the last-admin rule); anything else reads as the spec's failure.
 */
function adminErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : FAILED;
}

/** Both ways change who runs the dashboard, so both are asked first (issue 29). */
function adminQuestion(user: User): ConfirmQuestion {
  return user.is_admin
    ? {
        title: `Remove ${user.username}'s admin rights?`,
        description: 'They can no longer open this dashboard. Their account and characters stay.',
        label: 'Remove Admin',
      }
    : {
        title: `Make ${user.username} an admin?`,
        description: 'They will be able to run this dashboard, including changing other admins.',
        label: 'Make Admin',
        tone: 'confirm',
      };
}

function UserRow({ user, own, notify }: { user: User; own: boolean; notify: Notify }) {
  const setAdmin = useSetAdmin();
  const createReset = useCreatePasswordReset();
  const [resetLink, setResetLink] = useState<PasswordResetLink | null>(null);
  const nameId = useId();
  const ownNoteId = useId();
  const { confirm, dialog } = useConfirm();
  const toggle = async () => {
    if (!(await confirm(adminQuestion(user)))) return;
    setAdmin.mutate(
      { userId: user.id, isAdmin: !user.is_admin },
      {
        onSuccess: (saved) =>
          notify({
            kind: 'success',
            text: saved.is_admin
              ? `${saved.username} is now an admin.`
              : `${saved.username} is no longer an admin.`,
          }),
        onError: (error) => notify({ kind: 'error', text: adminErrorMessage(error) }),
      },
    );
  };
  const reset = () =>
    createReset.mutate(user.id, {
      onSuccess: setResetLink,
      onError: (error) =>
        notify({ kind: 'error', text: `Failed to create a password reset link: ${error.message}` }),
    });

  return (
    <>
      <tr className="border-t border-stone-800 align-top">
        <th id={nameId} scope="row" className="px-4 py-3 text-left font-medium text-stone-100">
          {user.username}
        </th>
        <td className="px-4 py-3">
          <StackedLabel>Role</StackedLabel>
          {user.is_admin ? (
            <span className="rounded bg-gold-500/20 px-2 py-0.5 text-xs font-semibold text-gold-300">
              Admin
            </span>
          ) : (
            <span className="text-stone-400">Member</span>
          )}
        </td>
        <td className="px-4 py-3 whitespace-nowrap">
          <StackedLabel>Joined</StackedLabel>
          {formatLongDate(user.join_date ?? user.created_at)}
        </td>
        {/* On a phone's card the sign-in id and the actions take the card's full width. */}
        <td className="px-4 py-3 max-sm:col-span-2">
          <StackedLabel>Auth ID</StackedLabel>
          <AuthIdForm user={user} notify={notify} />
        </td>
        <td className="px-4 py-3 max-sm:col-span-2">
          <StackedLabel>Actions</StackedLabel>
          <div className="flex flex-wrap gap-2">
            {/* The server refuses a change to one's own flag; the button says so before it is tried. */}
            <button
              type="button"
              onClick={() => void toggle()}
              disabled={own || setAdmin.isPending}
              aria-describedby={own ? `${nameId} ${ownNoteId}` : nameId}
              className="rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent"
            >
              {user.is_admin ? 'Remove Admin' : 'Make Admin'}
            </button>
            {own && (
              <span id={ownNoteId} className="self-center text-xs text-stone-400">
                You cannot change your own admin status.
              </span>
            )}
            {/* The server makes no reset link for an admin: theirs is reset from the shell. */}
            {!user.is_admin && (
              <button
                type="button"
                onClick={reset}
                disabled={createReset.isPending}
                aria-describedby={nameId}
                className="rounded border border-stone-600 px-3 py-1 text-sm whitespace-nowrap text-stone-100 hover:bg-stone-800 disabled:opacity-60"
              >
                Reset password
              </button>
            )}
            {dialog}
          </div>
        </td>
      </tr>
      {resetLink && (
        <tr>
          <td colSpan={COLUMNS.length} className="px-4 pb-4 max-sm:col-span-2">
            <PasswordResetPanel user={user} link={resetLink} onClose={() => setResetLink(null)} />
          </td>
        </tr>
      )}
    </>
  );
}

function UsersTable({
  users,
  currentUserId,
  notify,
}: {
  users: User[];
  currentUserId: number | null;
  notify: Notify;
}) {
  if (users.length === 0) return <EmptyState title="No users found" />;
  return (
    <DataTable caption="Users" columns={COLUMNS} stacked>
      {users.map((user) => (
        <UserRow key={user.id} user={user} own={user.id === currentUserId} notify={notify} />
      ))}
    </DataTable>
  );
}

/**
 * The users tab: every account, the admin flag an admin can grant or revoke (spec §6), the external
 * sign-in id, and a one-time link for a user who forgot their password (decision 015).
 */
export function UsersTab({
  notify,
  currentUserId,
}: {
  notify: Notify;
  /** The signed-in admin, whose own row cannot change its admin flag. */
  currentUserId: number | null;
}) {
  const users = useAdminUsers();
  return (
    <TabSection
      title="User Management"
      description="Admins can run this dashboard. You cannot change your own admin status, and the clan always keeps one admin. A member who forgot their password gets a reset link from here; an admin's is reset from the shell with npm run admin -- reset-password."
    >
      <QueryState query={users} loadingLabel="Loading users..." errorTitle="Error Loading Users">
        {(data) => <UsersTable users={data} currentUserId={currentUserId} notify={notify} />}
      </QueryState>
    </TabSection>
  );
}
