import type { Transaction } from 'kysely';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { metricKindOf } from '#core/metrics/metric-value.ts';
import type { Database } from '../../db/schema.ts';
import { announce } from '../discord/discord-outbox.ts';
import { findGoalShownToAll } from './goals.repository.ts';

const UNITS = { skill: 'XP', boss: 'kills', activity: 'score' } as const;

/** A goal as its Discord message names it: "Fishing: 13,034,431 XP". */
export function goalText(goal: { metric: string; target_value: number }): string {
  const kind = metricKindOf(goal.metric);
  const unit = kind ? ` ${UNITS[kind]}` : '';
  return `${metricDisplayName(goal.metric)}: ${goal.target_value.toLocaleString('en-US')}${unit}`;
}

/**
 * Tells Discord a goal was reached, in the transaction that completes it; only a goal everyone may
 * see (public, of a member the roster shows), so a private goal never leaves the site.
 */
export async function announceGoalCompleted(
  trx: Transaction<Database>,
  goalId: number,
  now: Date,
): Promise<void> {
  const goal = await findGoalShownToAll(trx, goalId);
  if (!goal) return;
  await announce(
    trx,
    {
      kind: 'goal_completed',
      goal_id: goal.id,
      member: { wom_id: goal.wom_id, name: goal.member_name },
      goal: goalText(goal),
    },
    now,
  );
}
