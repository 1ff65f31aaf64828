import { goalProgressPercent, scheduleLabel } from '#core/goals/goal-progress.ts';
import type { Goal, GoalType } from '#core/goals/goals.schema.ts';
import { toBool } from '../../db/values.ts';
import type { GoalRow } from './goals.repository.ts';

/** A stored goal as the API sends it, with its progress and schedule as of `now`. */
export function toGoal(row: GoalRow, now: Date): Goal {
  const completed = toBool(row.completed);
  const progress_percent = goalProgressPercent(row);
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    wom_id: row.wom_id,
    player_name: row.player_name,
    goal_type: row.goal_type as GoalType,
    metric: row.metric,
    target_value: row.target_value,
    start_value: row.start_value,
    current_value: row.current_value,
    start_date: row.start_date,
    target_date: row.target_date,
    completed,
    completed_date: row.completed_date,
    public: toBool(row.public),
    progress_percent,
    schedule: scheduleLabel(
      { completed, start_date: row.start_date, target_date: row.target_date, progress_percent },
      now,
    ),
  };
}
