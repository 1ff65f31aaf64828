import { z } from 'zod';

/** One place on a board: ties share a rank (see rankEntries). */
export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  wom_id: z.string(),
  name: z.string(),
  value: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** `GET /api/leaderboards`: both full boards, highest value first; the page shows the top 10. */
export const leaderboardsSchema = z.object({
  siege_score: z.array(leaderboardEntrySchema),
  event_wins: z.array(leaderboardEntrySchema),
});
export type Leaderboards = z.infer<typeof leaderboardsSchema>;
