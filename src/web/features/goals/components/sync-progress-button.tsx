import { useEffect, useState } from 'react';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSyncProgress, type OnSynced } from '../api/sync-progress.ts';
import { syncedMessage } from '../utils/sync-message.ts';

/** The success text hides after this long (spec §9: the sync success message shows 3 s). */
export const SYNC_MESSAGE_MS = 3000;

/**
 * Sync Progress (spec §2, Profile tabs): asks the server to refresh the character from WOM and then
 * its active goals. Each success restarts the message's 3 seconds; the message says how old the data
 * is when WOM was not asked. `onSynced` lets the page refresh what this feature does not own (the
 * character's card).
 */
export function SyncProgressButton({ womId, onSynced }: { womId: string; onSynced?: OnSynced }) {
  const sync = useSyncProgress(onSynced);
  // Which success is on show (0: none); a new one restarts the timer even while the last shows.
  const [shownSuccess, setShownSuccess] = useState(0);

  useEffect(() => {
    if (shownSuccess === 0) return;
    const timer = setTimeout(() => setShownSuccess(0), SYNC_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shownSuccess]);

  const start = () => {
    setShownSuccess(0);
    sync.mutate(womId, { onSuccess: () => setShownSuccess((shown) => shown + 1) });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={start}
        disabled={sync.isPending}
        className="rounded border border-gold-500 px-3 py-1 text-sm font-medium text-gold-300 hover:bg-stone-800 disabled:opacity-60"
      >
        {sync.isPending ? 'Syncing...' : 'Sync Progress'}
      </button>
      {shownSuccess !== 0 && sync.data && (
        <p role="status" className="text-sm text-emerald-300">
          {syncedMessage(sync.data)}
        </p>
      )}
      {sync.isError && (
        <p role="alert" className="text-sm text-red-400">
          {/* Too many syncs says when to try again; "try again" now would only be refused. */}
          {sync.error instanceof ApiError && sync.error.status === 429
            ? sync.error.message
            : GOAL_MESSAGES.syncFailed}
        </p>
      )}
    </div>
  );
}
