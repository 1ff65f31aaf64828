import { z } from 'zod';
import { pageSchema } from '../http/paging.ts';
import { serialIdSchema, womPlayerIdSchema } from '../http/params.schema.ts';
import { addPointsInputSchema } from './admin-members.schema.ts';

/** How long an admin's reason for an award may be: a line in the points history, not an essay. */
export const POINTS_REASON_MAX = 200;

/** What an award without a reason reads as in the history. */
export const DEFAULT_AWARD_REASON = 'Added by admin';

/**
 * `POST /api/admin/members/:womId/points`: +2, +5, +10 or +15 with an optional reason (issue 29);
 * a blank one is none, so the history reads the default.
 */
export const awardPointsInputSchema = addPointsInputSchema.extend({
  reason: z
    .string()
    .trim()
    .max(POINTS_REASON_MAX, `reason must be at most ${POINTS_REASON_MAX} characters`)
    .nullish()
    .transform((reason) => reason || null),
});

/** `POST /api/admin/members/:womId/points/:pointId/undo`. */
export const pointsEntryParamsSchema = z.object({ womId: womPlayerIdSchema, pointId: serialIdSchema });

export const POINTS_UNDO_MESSAGES = {
  notFound: 'No such points entry for this member',
  notAward:
    "Only points given with the points buttons can be undone; edit the member's score to change others",
  closedSeason: 'These points belong to a season that has been closed',
  alreadyUndone: 'These points were already undone',
  belowZero: (name: string) => `Undoing these points would take ${name}'s siege score below 0`,
} as const;

/** The reason an undo row reads as: what it took back. */
export const undoReason = (reason: string) => `Undone: ${reason}`;

/** One row of a member's points ledger, as the admin reads it. */
export const pointsEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  /** The event that paid the points, while it exists; null for an admin's award. */
  event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The admin who gave the points, while their account exists; null for an event's award. */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  /** 'award' for the points buttons, 'undo' for a row that takes an award back; null otherwise. */
  kind: z.enum(['award', 'undo']).nullable(),
  /** The award this row undoes. */
  reverses_id: z.number().int().nullable(),
  /** When a later row undid this award; null while it stands. */
  undone_at: z.string().nullable(),
  /** An award still standing: an admin may undo it. */
  undoable: z.boolean(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

/**
 * `GET /api/admin/members/:womId/points`: one page of the member's ledger in the open season,
 * newest first, with the season it belongs to.
 */
export const pointsHistorySchema = pageSchema(pointsEntrySchema).extend({
  season: z.object({ id: z.number().int(), name: z.string() }),
});
export type PointsHistory = z.infer<typeof pointsHistorySchema>;
