import { useId, useState } from 'react';
import { ACHIEVEMENT_LIMITS } from '#core/wom/achievement-limits.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { useAchievements } from '../api/get-achievements.ts';
import { AchievementRow } from './achievement-row.tsx';

/** The clan's latest achievements, newest first: 10, or 100 after Show More (spec §9). */
export function RecentAchievements() {
  const [expanded, setExpanded] = useState(false);
  const limit = expanded ? ACHIEVEMENT_LIMITS.expanded : ACHIEVEMENT_LIMITS.default;
  const query = useAchievements(limit);
  const listId = useId();

  return (
    <QueryState
      query={query}
      loadingLabel="Loading achievements..."
      errorTitle="Unable to Load Achievements"
      errorMessage="We're having trouble loading recent achievements right now. Please try again later."
      keepDataOnError
    >
      {(achievements) => {
        if (achievements.length === 0) return <EmptyState title="No achievements found" />;
        // Fewer than the first page means there is nothing more to show.
        const canToggle = expanded || achievements.length >= ACHIEVEMENT_LIMITS.default;
        return (
          <div className="space-y-4">
            <ol
              id={listId}
              aria-label="Recent achievements"
              aria-busy={query.isPlaceholderData}
              className="divide-y divide-stone-800 rounded-lg border border-stone-800 bg-stone-900"
            >
              {achievements.map((achievement) => (
                <li key={`${achievement.player.id}-${achievement.name}-${achievement.createdAt}`}>
                  <AchievementRow achievement={achievement} />
                </li>
              ))}
            </ol>
            {canToggle && (
              <div className="text-center">
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  onClick={() => setExpanded(!expanded)}
                  className="rounded border border-stone-700 px-4 py-2 font-medium text-stone-100 hover:bg-stone-800"
                >
                  {expanded ? 'Show Less' : 'Show More'}
                </button>
              </div>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
