import { z } from 'zod';

/** The phrase an admin types to reset every siege score (spec §5, §9); compared case-sensitively. */
export const RESET_CONFIRMATION = 'RESET ALL SCORES';
export const RESET_MISMATCH_MESSAGE = "Confirmation text doesn't match. Scores not reset.";

export const resetScoresInputSchema = z.object({ confirmation: z.string().max(100) });

export const seasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_open: z.boolean(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type Season = z.infer<typeof seasonSchema>;

/** `POST /api/admin/siege-scores/reset`: the season it closed (with its archive) and the one it opened. */
export const resetScoresResultSchema = z.object({
  closed: seasonSchema,
  opened: seasonSchema,
  /** Members whose score was archived and set to 0, hidden and deleted ones included. */
  members_reset: z.number().int(),
});

/** One member's score in a closed season, as archived by the reset. */
export const seasonScoreSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  siege_score: z.number().int(),
});

/** `GET /api/admin/seasons`: every season, newest first, closed ones with their archived scores. */
export const seasonWithScoresSchema = seasonSchema.extend({ scores: z.array(seasonScoreSchema) });
