import { z } from 'zod';
import { safeTarget } from '../bounds/safe-integer.ts';
import { boundedDate } from '../bounds/years.ts';
import { pageQueryShape, pageSchema } from '../http/paging.ts';
import { serialIdSchema, womPlayerIdWithMessage } from '../http/params.schema.ts';

/** The spec's goal texts (§5 Goal creation, §8 Goals), word for word. */
export const GOAL_MESSAGES = {
  requiredFields: 'Please fill out all required fields',
  /** Not the spec's: a decimal is filled in, so 'fill out all required fields' would mislead. */
  wholeNumber: 'Value must be a whole number',
  statsLoading: 'Player statistics are still loading. Please wait a moment and try again.',
  statsUnavailable: 'Unable to load player statistics. Please try again or select a different skill/boss.',
  noExperience: (metric: string) =>
    `Could not find current experience for ${metric}. Try selecting a different skill.`,
  noKills: (metric: string) => `Could not find current kills for ${metric}. Try selecting a different boss.`,
  noScore: (metric: string) =>
    `Could not find current score for ${metric}. Try selecting a different activity.`,
  targetNotAboveCurrent: 'Target value must be greater than current value',
  gainNotPositive: 'Gain must be greater than zero',
  pastTargetDate: 'The target date cannot be in the past',
  createFailed: 'Failed to create goal. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this goal?',
  deleteFailed: 'Failed to delete goal. Please try again.',
  syncFailed: 'Failed to sync progress. Please try again.',
  notYourCharacter: 'You can only set goals for characters you have claimed',
  noGoals: 'No Goals Set',
  noPublicGoals: 'No Public Goals',
} as const;

/**
 * The first check of a target typed into a goal or race form: a decimal is refused as 'Value must be
 * a whole number', before any rule about its size, which it may well meet. One rule for both forms.
 */
export function wholeNumberProblem(typed: string): string | null {
  return Number.isInteger(Number(typed)) ? null : GOAL_MESSAGES.wholeNumber;
}

/** What a goal tracks: a skill's experience, a boss's kills or an activity's score. */
export const GOAL_TYPES = ['skill', 'boss', 'activity'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** Gain: the value is an amount on top of the current value. Total: the value is the target itself. */
export const GOAL_MODES = ['gain', 'total'] as const;

/**
 * `POST /api/user-goals`: the server reads the start value from the character's current snapshot,
 * so the browser sends only what the user chose.
 */
export const createGoalInputSchema = z.object({
  wom_id: womPlayerIdWithMessage(GOAL_MESSAGES.requiredFields),
  metric: z
    .string({ error: GOAL_MESSAGES.requiredFields })
    .trim()
    .min(1, GOAL_MESSAGES.requiredFields)
    .max(64),
  mode: z.enum(GOAL_MODES),
  value: safeTarget({ missing: GOAL_MESSAGES.requiredFields, belowOne: GOAL_MESSAGES.gainNotPositive }),
  /** A calendar date (UTC), not before today. */
  target_date: boundedDate('Target date').nullish(),
  public: z.boolean().default(false),
});
export type CreateGoalInput = z.input<typeof createGoalInputSchema>;

export const SCHEDULE_LABELS = ['Completed', 'Ahead of schedule', 'On track', 'Behind schedule'] as const;
export type ScheduleLabel = (typeof SCHEDULE_LABELS)[number];

/** A goal as its owner (and, when public, everyone) sees it; progress is computed on the server. */
export const goalSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  wom_id: z.string(),
  player_name: z.string(),
  goal_type: z.enum(GOAL_TYPES),
  metric: z.string(),
  target_value: z.number(),
  start_value: z.number(),
  current_value: z.number(),
  start_date: z.string(),
  target_date: z.string().nullable(),
  completed: z.boolean(),
  completed_date: z.string().nullable(),
  public: z.boolean(),
  /** 0 to 100, floored. */
  progress_percent: z.number().int(),
  /** Null for a goal with no target date that is not completed. */
  schedule: z.enum(SCHEDULE_LABELS).nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

/** One value a sync saw for a goal or a race participant. */
export const progressPointSchema = z.object({ value: z.number(), recorded_at: z.string() });
export type ProgressPoint = z.infer<typeof progressPointSchema>;

/** `GET /api/user-goals/:id`: the goal with every value seen, oldest first. */
export const goalDetailSchema = goalSchema.extend({ history: z.array(progressPointSchema) });
export type GoalDetail = z.infer<typeof goalDetailSchema>;

/**
 * `GET /api/user-goals?scope=&wom_id=&limit=&cursor=`: the signed-in user's goals, or everyone's
 * public ones, newest first, a page at a time.
 */
export const goalsQuerySchema = z.object({
  scope: z.enum(['mine', 'public']).default('public'),
  wom_id: womPlayerIdWithMessage('wom_id must be a WOM player id').optional(),
  ...pageQueryShape,
});

/** A page of `GET /api/user-goals`. */
export const goalsPageSchema = pageSchema(goalSchema);
export type GoalsPage = z.infer<typeof goalsPageSchema>;

/** `POST /api/user-goals/sync`: refresh one claimed character, then its active goals. */
export const syncGoalsInputSchema = z.object({
  wom_id: womPlayerIdWithMessage('wom_id must be a WOM player id'),
});

export const syncGoalsResultSchema = z.object({
  goals: z.array(goalSchema),
  /** When WOM's snapshot used was taken. */
  snapshot_at: z.string().nullable(),
  /** Whether WOM was asked this time; false when the stored snapshot was young enough to use as it is. */
  refreshed: z.boolean(),
  /** How old the snapshot used is, in whole seconds by the server's clock; null when none is stored. */
  snapshot_age_seconds: z.number().int().nonnegative().nullable(),
});
export type SyncGoalsResult = z.infer<typeof syncGoalsResultSchema>;

export const goalIdParamsSchema = z.object({ id: serialIdSchema });
