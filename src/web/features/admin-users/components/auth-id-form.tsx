import { useId, useState, type FormEvent } from 'react';
import { LINK_AUTH_ID_MESSAGES, linkAuthIdInputSchema, type User } from '#core/users/users.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLinkAuthId } from '../api/link-auth-id.ts';

/** A refusal in the server's words ('Invalid UUID format', 'Failed to link user'); anything else is the spec's failure. */
function linkErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : LINK_AUTH_ID_MESSAGES.failedToLink;
}

/**
 * The user's external sign-in id, kept for single sign-on later: shown, and changed by a UUID or
 * removed by an empty input. The id is checked here by the server's own rule before it is sent.
 */
export function AuthIdForm({ user, notify }: { user: User; notify: Notify }) {
  const link = useLinkAuthId();
  const [value, setValue] = useState(user.supabase_auth_id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { input: useId(), problem: useId(), owner: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    const parsed = linkAuthIdInputSchema.safeParse({ supabase_auth_id: typed === '' ? null : typed });
    if (!parsed.success) {
      setProblem(LINK_AUTH_ID_MESSAGES.invalidUuid);
      return;
    }
    setProblem(null);
    const authId = parsed.data.supabase_auth_id;
    void link.mutateAsync({ userId: user.id, authId }).then(
      (saved) =>
        notify({
          kind: 'success',
          text: saved.supabase_auth_id
            ? `${saved.username} is linked to ${saved.supabase_auth_id}.`
            : `${saved.username} is no longer linked to a sign-in id.`,
        }),
      (error: Error) => notify({ kind: 'error', text: linkErrorMessage(error) }),
    );
  };

  return (
    <div className="space-y-1 sm:min-w-72">
      <p className="text-xs">
        {user.supabase_auth_id ? (
          <code className="break-all text-stone-200">{user.supabase_auth_id}</code>
        ) : (
          <span className="text-stone-400">Not linked</span>
        )}
      </p>
      <form onSubmit={submit} noValidate className="flex gap-2">
        <span id={ids.owner} className="sr-only">
          {`for ${user.username}`}
        </span>
        <label htmlFor={ids.input} className="sr-only">
          Auth ID
        </label>
        <input
          id={ids.input}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="UUID, or empty to unlink"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.problem} ${ids.owner}` : ids.owner}
          className="w-full rounded border border-stone-700 bg-stone-950 px-2 py-1 font-mono text-xs text-stone-100 placeholder:font-sans placeholder:text-stone-500 focus:border-gold-400"
        />
        <button
          type="submit"
          disabled={link.isPending}
          aria-describedby={ids.owner}
          className="rounded border border-stone-600 px-3 py-1 text-sm text-stone-100 hover:bg-stone-800 disabled:opacity-60"
        >
          Link
        </button>
      </form>
      {problem && (
        <p id={ids.problem} className="text-sm text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
