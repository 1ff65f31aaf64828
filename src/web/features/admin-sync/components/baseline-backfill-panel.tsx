import type { Notify } from '../../../components/notice-banner.tsx';
import { LoadingState } from '../../../components/states.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useBackfillStatus, useStartBackfill } from '../api/baseline-backfill.ts';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { SyncRunsTable } from './sync-runs-table.tsx';

/**
 * 'Baselines from WOM history': members whose clan XP counts only from the day this site first saw
 * them, and the job that looks up what WOM measured around each one's join date instead.
 */
export function BaselineBackfillPanel({ notify }: { notify: Notify }) {
  const status = useBackfillStatus();
  const start = useStartBackfill();
  const running = status.data?.running ?? false;

  const backfill = () =>
    start.mutate(undefined, {
      onError: (error) => notify({ kind: 'error', text: `Failed to start the backfill: ${error.message}` }),
    });

  return (
    <SectionPanel
      title="Baselines from WOM History"
      description="Clan XP counts from each member's baseline. For members this site only first saw, the backfill reads Wise Old Man's snapshot nearest their join date. Baselines set by an admin or imported are never changed, and no gem demotion is proposed from a first-seen baseline."
    >
      {status.data ? (
        <>
          <p className="text-sm text-stone-200">
            Members with a first-seen baseline: {formatNumber(status.data.remaining)}
          </p>
          <div aria-live="polite">
            {running && (
              <p className="text-sm text-sky-300">Backfilling... {status.data.current?.stage ?? ''}</p>
            )}
          </div>
        </>
      ) : (
        status.isPending && <LoadingState label="Loading the backfill status..." />
      )}
      <button
        type="button"
        onClick={backfill}
        disabled={!status.data || status.data.remaining === 0 || running || start.isPending}
        className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {running ? 'Backfilling...' : 'Backfill from WOM history'}
      </button>
      {status.data && <SyncRunsTable runs={status.data.runs} caption="Recent backfills" />}
    </SectionPanel>
  );
}
