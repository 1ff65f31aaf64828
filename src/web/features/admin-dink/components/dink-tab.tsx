import { QueryState } from '../../../components/query-state.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useAdminDink } from '../api/get-admin-dink.ts';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { DinkMembersTable } from './dink-members-table.tsx';
import { ScreenshotStorage } from './screenshot-storage.tsx';
import { ThresholdsForm } from './thresholds-form.tsx';

/**
 * The Dink tab (issue 23): what makes a moment from the members' Dink notable, the screenshots kept
 * on disk, and which members have Dink connected and when it last posted.
 */
export function DinkTab() {
  const dink = useAdminDink();
  return (
    <TabSection
      title="Dink"
      description="The game's own feed: drops, pets, collection-log slots and personal bests the members' Dink plugin posts to the site."
      spacing="space-y-6"
    >
      <QueryState query={dink} loadingLabel="Loading Dink..." errorTitle="Error Loading Dink">
        {(data) => (
          <>
            <SectionPanel
              title="Thresholds"
              description="What makes a drop, a level or an XP milestone notable enough for the Clan Feed and for Discord."
            >
              <ThresholdsForm thresholds={data.thresholds} />
            </SectionPanel>
            <SectionPanel
              title="Screenshot storage"
              description="The screenshots that came with moments, against the caps for the site and for each member."
            >
              <ScreenshotStorage images={data.images} />
            </SectionPanel>
            <SectionPanel
              title="Members with Dink"
              description="Who has a Dink address, whether its first post bound it to a game account, and when it last posted."
            >
              <DinkMembersTable members={data.members} />
            </SectionPanel>
          </>
        )}
      </QueryState>
    </TabSection>
  );
}
