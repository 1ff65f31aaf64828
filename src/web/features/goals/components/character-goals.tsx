import type { Goal } from '#core/goals/goals.schema.ts';
import { useCharacterGoals } from '../api/get-my-goals.ts';
import type { OnSynced } from '../api/sync-progress.ts';
import { GoalCard } from './goal-card.tsx';
import { SyncProgressButton } from './sync-progress-button.tsx';

/** How many active goals a character's card shows (spec §9, Inline goals). */
export const INLINE_GOALS = 3;

/** A character's first few goals still in progress. */
export function inlineGoals(goals: readonly Goal[], womId: string): Goal[] {
  return goals.filter((goal) => goal.wom_id === womId && !goal.completed).slice(0, INLINE_GOALS);
}

/**
 * Under a character's card: at most three of its active goals, from the newest page of that
 * character's goals, and its Sync Progress button (`onSynced`: what the page refreshes after it).
 */
export function CharacterGoals({ womId, onSynced }: { womId: string; onSynced?: OnSynced }) {
  const goals = useCharacterGoals(womId);
  const active = inlineGoals(goals.data?.items ?? [], womId);
  return (
    <div className="space-y-3">
      {active.length > 0 && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-stone-300">Active Goals</h4>
          {active.map((goal) => (
            <GoalCard key={goal.id} goal={goal} />
          ))}
        </div>
      )}
      <SyncProgressButton womId={womId} onSynced={onSynced} />
    </div>
  );
}
