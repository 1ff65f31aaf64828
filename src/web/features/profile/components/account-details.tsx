import type { SessionUser } from '#core/auth/auth.schema.ts';
import { formatLongDate } from '../../../lib/format.ts';

/** Who is signed in: the username and since when they are a member (their join date, else sign-up). */
export function AccountDetails({ user }: { user: SessionUser }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="rounded-lg border border-stone-800 bg-stone-900 px-4 py-3">
        <dt className="text-sm text-stone-400">Username</dt>
        <dd className="text-lg font-semibold text-stone-100">{user.username}</dd>
      </div>
      <div className="rounded-lg border border-stone-800 bg-stone-900 px-4 py-3">
        <dt className="text-sm text-stone-400">Member Since</dt>
        <dd className="text-lg font-semibold text-stone-100">
          {formatLongDate(user.join_date ?? user.created_at)}
        </dd>
      </div>
    </dl>
  );
}
