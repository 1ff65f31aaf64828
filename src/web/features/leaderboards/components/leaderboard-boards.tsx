import { QueryState } from '../../../components/query-state.tsx';
import { useLeaderboards } from '../api/get-leaderboards.ts';
import { LeaderboardBoard } from './leaderboard-board.tsx';

/** The Siege Score and Event Wins boards side by side, with the page's loading and error states. */
export function LeaderboardBoards() {
  return (
    <QueryState
      query={useLeaderboards()}
      loadingLabel="Loading leaderboards..."
      errorTitle="Error Loading Leaderboards"
      errorMessage="Failed to load leaderboards"
    >
      {(data) => (
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
      )}
    </QueryState>
  );
}
