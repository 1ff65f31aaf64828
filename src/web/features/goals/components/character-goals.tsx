import type { Goal } from '#core/goals/goals.schema.ts';
import { useMyGoals } from '../api/get-my-goals.ts';
import { GoalCard } from './goal-card.tsx';
import { SyncProgressButton } from './sync-progress-button.tsx';

/** How many active goals a character's card shows (spec §9, Inline goals). */
export const INLINE_GOALS = 3;

/** A character's first few goals still in progress. */
export function inlineGoals(goals: readonly Goal[], womId: string): Goal[] {
  return goals.filter((goal) => goal.wom_id === womId && !goal.completed).slice(0, INLINE_GOALS);
}

/**
 * Under a character's card: at most three of its active goals and its Sync Progress button. The
 * goals come from the one list of the user's goals, so every card shares one request.
 */
export function CharacterGoals({ womId }: { womId: string }) {
  const goals = useMyGoals();
  const active = inlineGoals(goals.data ?? [], womId);
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
      <SyncProgressButton womId={womId} />
    </div>
  );
}
