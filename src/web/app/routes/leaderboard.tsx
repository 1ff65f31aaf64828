import { PageHeader } from '../../components/page-header.tsx';
import { LeaderboardBoards } from '../../features/leaderboards/components/leaderboard-boards.tsx';
import { PointsExplanation } from '../../features/leaderboards/components/points-explanation.tsx';

export function Component() {
  return (
    <div className="space-y-6">
      <PageHeader title="Leaderboard">The clan's top players by siege points and event wins.</PageHeader>
      <LeaderboardBoards />
      <PointsExplanation />
    </div>
  );
}
