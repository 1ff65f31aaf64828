import { QueryState } from '../../../components/query-state.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useAdminClan } from '../api/admin-clan.ts';
import { ProfileSection } from './profile-section.tsx';
import { WomCodeSection } from './wom-code-section.tsx';

/** The Clan tab (issue 30): the clan's own pages as data, and the WOM group's verification code. */
export function ClanTab() {
  const clan = useAdminClan();
  return (
    <TabSection
      title="Clan"
      description="What the welcome and stats pages say about the clan. The environment's CLAN_* values only seed a fresh database; what is saved here wins."
      spacing="space-y-6"
    >
      <QueryState query={clan} loadingLabel="Loading the clan..." errorTitle="Error Loading the Clan">
        {(data) => (
          <>
            <SectionPanel
              title="Profile"
              description="Name, facts, join requirements and the welcome page's text."
            >
              <ProfileSection profile={data.profile} />
            </SectionPanel>
            <SectionPanel
              title="Wise Old Man verification code"
              description="The code Wise Old Man gave when the group was made: with it, creating an event can create its competition on Wise Old Man."
            >
              <WomCodeSection stored={data.wom_verification_code_set} />
            </SectionPanel>
          </>
        )}
      </QueryState>
    </TabSection>
  );
}
