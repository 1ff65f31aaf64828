import type { User } from '#core/users/users.schema.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import type { PasswordResetLink } from '../api/create-password-reset.ts';
import { CopyableText } from '../../../components/copyable-text.tsx';

/**
 * A new reset link, shown this once: the server keeps only its hash, so closing the panel (or the
 * page) forgets it, and another 'Reset password' makes a new one that voids this.
 */
export function PasswordResetPanel({
  user,
  link,
  onClose,
}: {
  user: User;
  link: PasswordResetLink;
  onClose: () => void;
}) {
  return (
    <div className="space-y-2 rounded-lg border border-gold-500/40 bg-stone-950/60 p-4">
      <p className="font-medium text-stone-100">Password reset link for {user.username}</p>
      <CopyableText label="Password reset link" text={`${window.location.origin}${link.path}`} />
      <p className="text-sm text-stone-400">
        Send it to {user.username} in-game. It works once, until {formatDateTime(link.expires_at)}, and is not
        shown again.
      </p>
      <button
        type="button"
        onClick={onClose}
        className="rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800"
      >
        Done
      </button>
    </div>
  );
}
