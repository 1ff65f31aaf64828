import { z } from 'zod';
import { IRONMAN_TYPES } from './ironman.ts';

/**
 * A member as the public roster shows them (`GET /api/members`). Admin-only fields (visibility,
 * player-watch state, WOM's synced role, deletion and leave dates) are not part of it.
 */
export const publicMemberSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  wom_name: z.string().nullable(),
  womrole: z.string().nullable(),
  title: z.string().nullable(),
  current_lvl: z.number().int(),
  current_xp: z.number(),
  first_lvl: z.number().int(),
  first_xp: z.number(),
  combat_level: z.number().int(),
  ehb: z.number().int(),
  siege_score: z.number().int(),
  /** Alias of siege_score (spec §3). */
  score: z.number().int(),
  /** XP gained since joining: current_xp - first_xp. */
  clan_xp: z.number(),
  join_date: z.string().nullable(),
  alt: z.boolean(),
  build: z.string().nullable(),
  ironman_type: z.enum(IRONMAN_TYPES).nullable(),
  wom_account_type: z.string().nullable(),
  calculated_rank: z.string().nullable(),
  /** The key of the ladder path the member's role is on ('skiller', 'fighter', ...), or null. */
  rank_path: z.string().nullable(),
  next_rank: z.object({
    rank: z.string().nullable(),
    remaining: z.number().nullable(),
    /** 'XP', 'EHB', 'days', ...: the unit of `remaining`, the first requirement still missing. */
    unit: z.string().nullable(),
    label: z.string(),
  }),
  claimed: z.boolean(),
  is_claimed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

export const anniversarySchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  join_date: z.string(),
  years: z.number().int(),
});
export type AnniversaryItem = z.infer<typeof anniversarySchema>;
