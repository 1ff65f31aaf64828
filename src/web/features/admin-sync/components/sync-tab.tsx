import type { Notify } from '../../../components/notice-banner.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { BackupsPanel } from './backups-panel.tsx';
import { BaselineBackfillPanel } from './baseline-backfill-panel.tsx';
import { ConnectionCheckPanel } from './connection-check-panel.tsx';
import { PlayerWatchPanel } from './player-watch-panel.tsx';
import { WomSyncPanel } from './wom-sync-panel.tsx';

/** The sync tab: the jobs that bring data in, their live progress and their recent runs. */
export function SyncTab({ notify }: { notify: Notify }) {
  return (
    <TabSection
      title="Data Sync"
      description="Progress updates live while a run is going; runs also start on their own schedule."
      spacing="space-y-6"
    >
      <WomSyncPanel notify={notify} />
      <ConnectionCheckPanel notify={notify} />
      <PlayerWatchPanel notify={notify} />
      <BaselineBackfillPanel notify={notify} />
      <BackupsPanel />
    </TabSection>
  );
}
