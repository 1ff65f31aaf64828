import type { SyncStatus } from '#core/sync/sync.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { LoadingState } from '../../../components/states.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { getSyncStatus, syncStatusQueryKey, useStartSync } from '../api/wom-sync.ts';
import { usePolledStatus } from '../hooks/use-polled-status.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { SyncProgress } from './sync-progress.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { SyncRunsTable } from './sync-runs-table.tsx';

/** A sync changes members, events, stats and achievements: every query is loaded again after one. */
const EVERYTHING: readonly unknown[] = [];

function LastRun({ status }: { status: SyncStatus }) {
  if (status.running) return <SyncProgress stage={status.current?.stage ?? null} />;
  const last = status.runs.find((run) => run.outcome !== 'running');
  if (!last) return <p className="text-sm text-stone-400">No sync has run yet.</p>;
  const when = formatDateTime(last.finished_at ?? last.started_at);
  return last.outcome === 'succeeded' ? (
    <p className="text-sm text-emerald-300">Last sync succeeded at {when}.</p>
  ) : (
    <p className="text-sm text-red-300">
      Last sync failed at {when}: {last.error ?? 'no reason was recorded'}
    </p>
  );
}

/** The WOM sync: its state or live progress, 'Sync now', and the recent runs. */
export function WomSyncPanel({ notify }: { notify: Notify }) {
  const { query: status, retryInMs } = usePolledStatus(syncStatusQueryKey, getSyncStatus, EVERYTHING);
  const startSync = useStartSync();
  const running = status.data?.running ?? false;

  const syncNow = () =>
    startSync.mutate(undefined, {
      onError: (error) => notify({ kind: 'error', text: `Failed to start the sync: ${error.message}` }),
    });

  return (
    <SectionPanel
      title="Wise Old Man Sync"
      description="Members, stats, competitions and achievements are copied from WOM on a schedule."
      action={
        <button
          type="button"
          onClick={syncNow}
          disabled={running || startSync.isPending || !status.data}
          className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          {running ? 'Syncing...' : 'Sync now'}
        </button>
      }
    >
      {retryInMs !== null && status.error && (
        <ConnectionNotice retryInMs={retryInMs} message={status.error.message} />
      )}
      {status.data ? (
        <>
          <div aria-live="polite">
            <LastRun status={status.data} />
          </div>
          <SyncRunsTable runs={status.data.runs} caption="Recent sync runs" />
        </>
      ) : (
        status.isPending && <LoadingState label="Loading sync status..." />
      )}
    </SectionPanel>
  );
}
