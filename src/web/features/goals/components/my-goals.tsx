import { useId } from 'react';
import { GOAL_MESSAGES, type Goal } from '#core/goals/goals.schema.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { itemsOf } from '../../../lib/paged-list.ts';
import { EmptyState } from '../../../components/states.tsx';
import { useMyGoals } from '../api/get-my-goals.ts';
import type { OnSynced } from '../api/sync-progress.ts';
import { DeleteGoalButton } from './delete-goal-button.tsx';
import { GoalCard } from './goal-card.tsx';
import { SyncProgressButton } from './sync-progress-button.tsx';

/** The goals by character, in the order the server sent them (newest first). */
function byCharacter(goals: readonly Goal[]): Goal[][] {
  const groups = new Map<string, Goal[]>();
  for (const goal of goals) groups.set(goal.wom_id, [...(groups.get(goal.wom_id) ?? []), goal]);
  return [...groups.values()];
}

function CharacterGoalList({
  goals,
  onSynced,
}: {
  goals: readonly [Goal, ...Goal[]];
  onSynced: OnSynced | undefined;
}) {
  const headingId = useId();
  const [first] = goals;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-stone-100">
          {first.player_name}
        </h3>
        <SyncProgressButton womId={first.wom_id} onSynced={onSynced} />
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        {goals.map((goal) => (
          <GoalCard key={goal.id} goal={goal} actions={<DeleteGoalButton goalId={goal.id} />} />
        ))}
      </div>
    </section>
  );
}

/**
 * The user's goals, private ones too, each character's with its Sync Progress button (`onSynced`:
 * what the page refreshes after it).
 */
export function MyGoals({ onSynced }: { onSynced?: OnSynced }) {
  const goals = useMyGoals();
  return (
    <QueryState
      query={goals}
      loadingLabel="Loading goals..."
      errorTitle="Error Loading Goals"
      errorMessage={`API Error: ${goals.error?.message ?? ''}`}
      keepDataOnError={goals.isFetchNextPageError}
    >
      {(data) => {
        const list = itemsOf(data);
        return list.length === 0 ? (
          <EmptyState title={GOAL_MESSAGES.noGoals}>Set a goal for one of your characters above.</EmptyState>
        ) : (
          <div className="space-y-6">
            {byCharacter(list).map(([first, ...rest]) =>
              first ? (
                <CharacterGoalList key={first.wom_id} goals={[first, ...rest]} onSynced={onSynced} />
              ) : null,
            )}
            <ShowMore list={goals} what="goals" />
          </div>
        );
      }}
    </QueryState>
  );
}
