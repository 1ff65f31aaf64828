import { z } from 'zod';
import { pageSchema } from '../http/paging.ts';

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
