import type { ScheduleLabel } from './goals.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The values a goal's progress is computed from. */
export interface GoalValues {
  start_value: number;
  current_value: number;
  target_value: number;
}

/**
 * How far the goal has come from its start towards its target, in whole percent, floored and held
 * within 0..100 (a value that fell below the start shows 0, one past the target 100).
 */
export function goalProgressPercent({ start_value, current_value, target_value }: GoalValues): number {
  const span = target_value - start_value;
  if (span <= 0) return current_value >= target_value ? 100 : 0;
  const percent = Math.floor(((current_value - start_value) / span) * 100);
  return Math.min(100, Math.max(0, percent));
}

/**
 * The share of the goal's time that has passed, in percent within 0..100. The target date is a
 * whole calendar day (UTC), so the time runs out at its end.
 */
export function expectedPercent(startDate: string, targetDate: string, now: Date): number {
  const start = Date.parse(startDate);
  const end = Date.parse(`${targetDate}T00:00:00.000Z`) + DAY_MS;
  if (end <= start) return 100;
  const percent = ((now.getTime() - start) / (end - start)) * 100;
  return Math.min(100, Math.max(0, percent));
}

/**
 * How many percentage points progress may trail (or lead) the elapsed share of the goal's time and
 * still read as on track. Nothing is expected in the first tenth of the time, so a new goal at 0%
 * is not behind, and a slow first day is not a verdict.
 */
export const SCHEDULE_TOLERANCE = 10;

/**
 * 'Completed' once completed; otherwise, with a target date, set against the share of the time that
 * has passed: 'Behind schedule' once progress trails it by more than the tolerance, or the time has
 * run out; 'Ahead of schedule' when progress leads it by the tolerance; 'On track' in between. No
 * label without a target date.
 */
export function scheduleLabel(
  goal: { completed: boolean; start_date: string; target_date: string | null; progress_percent: number },
  now: Date,
): ScheduleLabel | null {
  if (goal.completed) return 'Completed';
  if (goal.target_date === null) return null;
  const expected = expectedPercent(goal.start_date, goal.target_date, now);
  if (expected >= 100 || goal.progress_percent < expected - SCHEDULE_TOLERANCE) return 'Behind schedule';
  if (goal.progress_percent >= expected + SCHEDULE_TOLERANCE) return 'Ahead of schedule';
  return 'On track';
}

/** A goal's completion state. */
export interface Completion {
  completed: boolean;
  completed_date: string | null;
}

/**
 * The completion after the current value becomes `current`: a goal completes the first time its
 * value reaches the target, dated then, and stays completed with that date whatever comes later.
 */
export function completionAfter(
  goal: Completion & { target_value: number },
  current: number,
  now: Date,
): Completion {
  if (goal.completed) return { completed: true, completed_date: goal.completed_date };
  if (current >= goal.target_value) return { completed: true, completed_date: now.toISOString() };
  return { completed: false, completed_date: null };
}
