import { useId } from 'react';
import type { Notify } from '../../../components/notice-banner.tsx';
import { PlayerWatchPanel } from './player-watch-panel.tsx';
import { WomSyncPanel } from './wom-sync-panel.tsx';

/** The sync tab: the jobs that bring data in, their live progress and their recent runs. */
export function SyncTab({ notify }: { notify: Notify }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <header>
        <h2 id={headingId} className="text-2xl font-semibold text-stone-100">
          Data Sync
        </h2>
        <p className="mt-1 text-sm text-stone-400">
          Progress updates live while a run is going; runs also start on their own schedule.
        </p>
      </header>
      <WomSyncPanel notify={notify} />
      <PlayerWatchPanel notify={notify} />
    </section>
  );
}
