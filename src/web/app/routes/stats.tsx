import { ErrorState, LoadingState } from '../../components/states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useClan } from '../../lib/clan-query.ts';
import { useGroupStats } from '../../features/group-stats/api/get-group-stats.ts';
import { ClanInfo } from '../../features/group-stats/components/clan-info.tsx';
import { ClanRanksTable } from '../../features/group-stats/components/clan-ranks-table.tsx';
import { GroupStatsSummary } from '../../features/group-stats/components/group-stats-summary.tsx';

/** Quick stats: the group's figures from WOM beside the clan's own facts (spec §2, Stats). */
function StatsFigures() {
  const stats = useGroupStats();
  const clan = useClan();

  if (stats.data && clan.data) {
    return (
      <>
        <div className="grid gap-6 lg:grid-cols-2">
          <GroupStatsSummary stats={stats.data} />
        </div>
        <ClanInfo clan={clan.data} memberCount={stats.data.memberCount} />
      </>
    );
  }
  if (stats.isError || clan.isError) {
    return (
      <ErrorState
        title="Error Loading Clan Stats"
        message="Failed to load stats data"
        onRetry={() => {
          if (stats.isError) void stats.refetch();
          if (clan.isError) void clan.refetch();
        }}
      />
    );
  }
  return <LoadingState label="Loading clan stats..." />;
}

/** The clan's ladder from its settings; while they load or fail, the figures above say so. */
function ClanRanks() {
  const clan = useClan();
  return clan.data ? <ClanRanksTable ladder={clan.data.ranks} /> : null;
}

export function Component() {
  return (
    <div className="space-y-6">
      <PageHeader title="Clan Stats" />
      <StatsFigures />
      <ClanRanks />
    </div>
  );
}
