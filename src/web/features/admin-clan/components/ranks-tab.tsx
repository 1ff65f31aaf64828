import { QueryState } from '../../../components/query-state.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useAdminClan } from '../api/admin-clan.ts';
import { LadderSection } from './ladder-section.tsx';
import { PointsSection } from './points-section.tsx';

/**
 * The Ranks tab (issue 30): the clan's own rank ladder and point values. `onSaved` runs after either
 * is saved: the dashboard reloads its members, whose proposals and buttons follow.
 */
export function RanksTab({ onSaved }: { onSaved: () => void }) {
  const clan = useAdminClan();
  return (
    <TabSection
      title="Ranks"
      description="The clan's rank ladder and what its events and buttons pay. The public pages and the Alerts tab's rank updates follow what is saved here."
      spacing="space-y-6"
    >
      <QueryState query={clan} loadingLabel="Loading ranks..." errorTitle="Error Loading Ranks">
        {(data) => (
          <>
            <SectionPanel
              title="Rank ladder"
              description="Paths of ranks, lowest first. A member earns the highest rank of their path whose requirements all hold."
            >
              <LadderSection ladder={data.ranks} onSaved={onSaved} />
            </SectionPanel>
            <SectionPanel
              title="Points"
              description="Siege points for event placements, short events and the +N buttons."
            >
              <PointsSection points={data.points} onSaved={onSaved} />
            </SectionPanel>
          </>
        )}
      </QueryState>
    </TabSection>
  );
}
