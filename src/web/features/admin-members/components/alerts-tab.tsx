import type { ReactNode } from 'react';
import type { Notify } from '../../../components/notice-banner.tsx';
import { LoadingState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useAdminMembers } from '../api/get-admin-members.ts';
import { NotInWomAlerts } from './alerts-not-in-wom.tsx';
import { PlayerWatchAlerts } from './alerts-player-watch.tsx';
import { RankUpdates } from './alerts-rank-updates.tsx';

/**
 * The alerts tab (spec §2, Tab alerts): what needs an admin's decision, most urgent first (issue 21):
 * reported members, then the claim requests the dashboard passes in (another feature's), then rank
 * updates, then members added by hand whom the sync did not find in the WOM group (issue 29). Discord routes the site stopped (also passed in) come before all, whether the members load or not.
 */
export function AlertsTab({
  notify,
  claimRequests,
  discordAlerts,
}: {
  notify: Notify;
  claimRequests?: ReactNode;
  discordAlerts?: ReactNode;
}) {
  const members = useAdminMembers();
  return (
    <TabSection
      title="Action Items Dashboard"
      description="All items requiring admin attention are shown here"
      spacing="space-y-6"
    >
      {discordAlerts}
      {members.error && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-900 bg-red-950/60 px-4 py-3 text-sm text-red-200"
        >
          <p>Error loading members: {members.error.message}</p>
          <button
            type="button"
            onClick={() => void members.refetch()}
            className="rounded bg-gold-500 px-3 py-1.5 font-medium text-stone-950 hover:bg-gold-400"
          >
            Try Again
          </button>
        </div>
      )}
      {members.isPending && <LoadingState label="Loading members data..." />}
      {members.data && (
        <>
          <PlayerWatchAlerts members={members.data} />
          {claimRequests}
          <RankUpdates members={members.data} notify={notify} />
          <NotInWomAlerts members={members.data} />
        </>
      )}
    </TabSection>
  );
}
