import type { Transaction } from 'kysely';
import { completionAfter } from '#core/goals/goal-progress.ts';
import { metricValue } from '#core/metrics/metric-value.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, toBool } from '../../db/values.ts';
import { announceGoalCompleted } from './goal-news.ts';
import { listActiveGoalSnapshots, recordGoalValue } from './goals.repository.ts';

/**
 * Sets each active goal to its character's stored value, completing it the first time it reaches
 * the target (and telling Discord when the goal is public), and appends the value to its history
 * when it changed; only one user's or one character's goals when `only` says so. A goal whose
 * metric the snapshot lacks keeps its value: a missing value is never 0.
 */
export async function updateActiveGoals(
  trx: Transaction<Database>,
  now: Date,
  only: { userId?: number; womId?: string } = {},
): Promise<void> {
  const recordedAt = now.toISOString();
  let moved = false;
  for (const goal of await listActiveGoalSnapshots(trx, only)) {
    const snapshot = readJson<PlayerSnapshot>(goal.snapshot);
    const value = snapshot ? metricValue(snapshot, goal.metric) : null;
    if (value === null || value === goal.current_value) continue;
    const completion = completionAfter(
      {
        completed: toBool(goal.completed),
        completed_date: goal.completed_date,
        target_value: goal.target_value,
      },
      value,
      now,
    );
    await recordGoalValue(trx, goal.id, { current_value: value, ...completion }, recordedAt);
    // Only active goals are read, so a completed one here has just completed.
    if (completion.completed) await announceGoalCompleted(trx, goal.id, now);
    moved = true;
  }
  if (moved) await bumpRevision(trx, 'goals');
}

/** Brings every active goal up to date from the stored snapshots; the WOM sync calls it in its transaction. */
export async function updateGoalsFromSnapshots(trx: Transaction<Database>, now: Date): Promise<void> {
  await updateActiveGoals(trx, now);
}
