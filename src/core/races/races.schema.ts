import { z } from 'zod';
import { safeTarget } from '../bounds/safe-integer.ts';
import { boundedDateTime } from '../bounds/years.ts';
import { pageQueryShape, pageSchema } from '../http/paging.ts';
import { serialIdSchema, womPlayerIdWithMessage } from '../http/params.schema.ts';
import { GOAL_MODES, progressPointSchema } from '../goals/goals.schema.ts';

/** The spec's race texts (§5 Race creation, §8), word for word. */
export const RACE_MESSAGES = {
  titleRequired: 'Title is required',
  participantIncomplete: 'All participant details must be complete',
  targetAtLeastOne: 'Target value must be at least 1',
  /** The goal rule's sentence (spec §5, Goal creation): a target at or below the start never progresses. */
  targetNotAboveStart: 'Target value must be greater than current value',
  needsParticipant: 'A race needs at least one participant',
  repeatedParticipant: (name: string, metric: string) =>
    `${name} is in the race twice for ${metric}: a character races once on each metric`,
  pastEndDate: 'The end date cannot be in the past',
  createFailed: (message: string) => `Failed to create race: ${message}`,
  onlyCreator: 'Only the creator of a race can change it',
  noRaces: 'No Races Yet',
  noPublicRaces: 'No Public Races',
} as const;

export const MAX_RACE_PARTICIPANTS = 50;

const participantInputSchema = z.object({
  wom_id: womPlayerIdWithMessage(RACE_MESSAGES.participantIncomplete),
  metric: z
    .string({ error: RACE_MESSAGES.participantIncomplete })
    .trim()
    .min(1, RACE_MESSAGES.participantIncomplete)
    .max(64),
  /**
   * As on goals: `total` (the default, what older clients send) takes target_value as the target;
   * `gain` takes it as the amount on top of the participant's start, which only the server knows.
   */
  mode: z.enum(GOAL_MODES).default('total'),
  target_value: safeTarget({
    missing: RACE_MESSAGES.participantIncomplete,
    belowOne: RACE_MESSAGES.targetAtLeastOne,
  }),
});

/**
 * `POST /api/races` and `PUT /api/races/:id`. Each participant's start value is read from the
 * player's snapshot on the server when the race is created (and for a participant added later).
 */
export const raceInputSchema = z.object({
  title: z.string({ error: RACE_MESSAGES.titleRequired }).trim().min(1, RACE_MESSAGES.titleRequired).max(120),
  description: z
    .string()
    .max(2000)
    .nullish()
    .transform((text) => text?.trim() || null),
  public: z.boolean().default(false),
  /** An ISO date-time; not in the past. */
  end_date: boundedDateTime('End date').nullish(),
  participants: z
    .array(participantInputSchema)
    .min(1, RACE_MESSAGES.needsParticipant)
    .max(MAX_RACE_PARTICIPANTS),
});
export type RaceInput = z.input<typeof raceInputSchema>;

export const raceParticipantSchema = z.object({
  id: z.number().int(),
  wom_id: z.string(),
  player_name: z.string(),
  metric: z.string(),
  start_value: z.number(),
  current_value: z.number(),
  target_value: z.number(),
  /** 0 to 100; 0 when the target equals the start. */
  progress_percent: z.number().int(),
});
export type RaceParticipant = z.infer<typeof raceParticipantSchema>;

export const raceSchema = z.object({
  id: z.number().int(),
  creator_id: z.number().int(),
  creator_name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  public: z.boolean(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  /** Standings: the highest progress first. */
  race_participants: z.array(raceParticipantSchema),
});
export type Race = z.infer<typeof raceSchema>;

/** `GET /api/races/:id`: the race with every value seen per participant, oldest first. */
export const raceDetailSchema = raceSchema.extend({
  history: z.array(z.object({ participant_id: z.number().int(), points: z.array(progressPointSchema) })),
});
export type RaceDetail = z.infer<typeof raceDetailSchema>;

/**
 * `GET /api/races?scope=&limit=&cursor=`: races the user made or is in (`mine`), or public ones,
 * newest first, a page at a time.
 */
export const racesQuerySchema = z.object({
  scope: z.enum(['mine', 'public']).default('public'),
  ...pageQueryShape,
});

/** A page of `GET /api/races`. */
export const racesPageSchema = pageSchema(raceSchema);
export type RacesPage = z.infer<typeof racesPageSchema>;

export const raceIdParamsSchema = z.object({ id: serialIdSchema });
