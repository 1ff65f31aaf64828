import { useId } from 'react';
import type { AdminUser } from '#core/users/users.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useSetAdmin } from '../api/set-admin.ts';
import { useAdminUsers } from '../api/get-users.ts';

const FAILED = 'Failed to update admin status';

/**
 * The server explains a refusal in the spec's words ('No changes were made', 'Failed to update admin
 * status' for one's own account, the last-admin rule); anything else reads as the spec's failure.
 */
function adminErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : FAILED;
}

function UserRow({ user, notify }: { user: AdminUser; notify: Notify }) {
  const setAdmin = useSetAdmin();
  const nameId = useId();
  const toggle = () =>
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

  return (
    <tr className="border-t border-stone-800">
      <th id={nameId} scope="row" className="px-4 py-3 text-left font-medium text-stone-100">
        {user.username}
      </th>
      <td className="px-4 py-3">
        {user.is_admin ? (
          <span className="rounded bg-gold-500/20 px-2 py-0.5 text-xs font-semibold text-gold-300">
            Admin
          </span>
        ) : (
          <span className="text-stone-400">Member</span>
        )}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{formatLongDate(user.join_date ?? user.created_at)}</td>
      <td className="px-4 py-3">
        <button
          type="button"
          onClick={toggle}
          disabled={setAdmin.isPending}
          aria-describedby={nameId}
          className="rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800 disabled:opacity-60"
        >
          {user.is_admin ? 'Remove Admin' : 'Make Admin'}
        </button>
      </td>
    </tr>
  );
}

function UsersTable({ users, notify }: { users: AdminUser[]; notify: Notify }) {
  if (users.length === 0) return <EmptyState title="No users found" />;
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-800 bg-stone-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="bg-stone-950/60 text-stone-400">
          <tr>
            {['Username', 'Role', 'Joined', 'Actions'].map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} notify={notify} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The users tab: every account, and the admin flag an admin can grant or revoke (spec §6). */
export function UsersTab({ notify }: { notify: Notify }) {
  const users = useAdminUsers();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <header>
        <h2 id={headingId} className="text-2xl font-semibold text-stone-100">
          User Management
        </h2>
        <p className="mt-1 text-sm text-stone-400">
          Admins can run this dashboard. You cannot change your own admin status, and the clan always keeps
          one admin.
        </p>
      </header>
      {users.isPending ? (
        <LoadingState label="Loading users..." />
      ) : users.isError ? (
        <ErrorState
          title="Error Loading Users"
          message={users.error.message}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <UsersTable users={users.data} notify={notify} />
      )}
    </section>
  );
}
