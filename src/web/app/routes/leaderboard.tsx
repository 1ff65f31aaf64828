import { PageHeader } from '../../components/page-header.tsx';
import { LeaderboardBoards } from '../../features/leaderboards/components/leaderboard-boards.tsx';
import { useClan } from '../../lib/clan-query.ts';
import { PointsExplanation } from '../../features/leaderboards/components/points-explanation.tsx';

export function Component() {
  const points = useClan().data?.points;
  return (
    <div className="space-y-6">
      <PageHeader title="Leaderboard">The clan's top players by siege points and event wins.</PageHeader>
      <LeaderboardBoards />
      {points && <PointsExplanation points={points} />}
    </div>
  );
}
