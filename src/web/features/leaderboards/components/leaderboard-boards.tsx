import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { useLeaderboards } from '../api/get-leaderboards.ts';
import { LeaderboardBoard } from './leaderboard-board.tsx';

/** The Siege Score and Event Wins boards side by side, with the page's loading and error states. */
export function LeaderboardBoards() {
  const { data, isPending, isError, refetch } = useLeaderboards();

  if (isPending) return <LoadingState label="Loading leaderboards..." />;
  if (isError) {
    return (
      <ErrorState
        title="Error Loading Leaderboards"
        message="Failed to load leaderboards"
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <LeaderboardBoard
        title="Siege Score"
        valueLabel="Points"
        emptyText="No players with siege scores"
        entries={data.siege_score}
      />
      <LeaderboardBoard
        title="Event Wins"
        valueLabel="Wins"
        emptyText="No event winners yet"
        entries={data.event_wins}
      />
    </div>
  );
}
