import { TARGET_NOT_SAFE } from '../bounds/safe-integer.ts';
import { metricKindOf, type MetricKind } from '../metrics/metric-value.ts';
import { metricDisplayName } from '../metrics/metric-names.ts';
import { GOAL_MESSAGES } from './goals.schema.ts';

/** What the user chose, after the schema's checks. */
export interface GoalChoice {
  metric: string;
  mode: 'gain' | 'total';
  value: number;
  target_date?: string | null;
}

/** A goal the rules accept: its type and the values it starts from and aims at. */
export interface PlannedGoal {
  goal_type: MetricKind;
  start_value: number;
  target_value: number;
}

export type GoalPlan = { ok: true; goal: PlannedGoal } | { ok: false; message: string };

const ZERO_MESSAGES: Record<MetricKind, (metric: string) => string> = {
  skill: GOAL_MESSAGES.noExperience,
  boss: GOAL_MESSAGES.noKills,
  activity: GOAL_MESSAGES.noScore,
};

/** Gain mode aims at the current value plus the amount; total mode at the value itself. */
export function goalTarget(mode: GoalChoice['mode'], current: number, value: number): number {
  return mode === 'gain' ? current + value : value;
}

/**
 * Checks a new goal against the character's current value for its metric (null when the snapshot
 * lacks it) and today's UTC date, in the order the spec lists them: a metric the snapshot lacks,
 * a total not above the current value, a target date in the past; then that a gain on top of the
 * current value is still a target a number holds exactly. A value of 0 is a start like any other:
 * WOM reports a first boss kill's 0 (and anything under the hiscores' threshold) as unranked.
 */
export function planGoal(choice: GoalChoice, current: number | null, today: string): GoalPlan {
  const goalType = metricKindOf(choice.metric);
  if (goalType === null) return { ok: false, message: `Unknown metric: ${choice.metric}` };
  if (current === null) {
    return { ok: false, message: ZERO_MESSAGES[goalType](metricDisplayName(choice.metric)) };
  }
  if (choice.mode === 'total' && choice.value <= current) {
    return { ok: false, message: GOAL_MESSAGES.targetNotAboveCurrent };
  }
  if (choice.target_date && choice.target_date < today) {
    return { ok: false, message: GOAL_MESSAGES.pastTargetDate };
  }
  const target = goalTarget(choice.mode, current, choice.value);
  if (!Number.isSafeInteger(target)) return { ok: false, message: TARGET_NOT_SAFE };
  return { ok: true, goal: { goal_type: goalType, start_value: current, target_value: target } };
}
