import { z } from 'zod';
import { MAX_SERIAL_ID, womPlayerIdSchema } from '../http/params.schema.ts';
import { DINK_MOMENT_KINDS } from './moment-kinds.ts';

export { DINK_MOMENT_KINDS, DINK_MOMENT_LABELS, type DinkMomentKind } from './moment-kinds.ts';

/** What makes a moment notable: admins set these on the dashboard's Dink tab. */
export const dinkThresholdsSchema = z.object({
  /** Drops (and clue rewards) worth at least this many coins. */
  min_loot_value: z.number().int().min(0).max(2_147_483_647),
  /** Levels at or above this; 127 is Dink's 200M experience. */
  min_level: z.number().int().min(1).max(127),
  /** XP milestones at or above this much experience in the skill. */
  min_xp_milestone: z.number().int().min(0).max(200_000_000),
});
export type DinkThresholds = z.infer<typeof dinkThresholdsSchema>;

export const DEFAULT_DINK_THRESHOLDS: DinkThresholds = {
  min_loot_value: 1_000_000,
  min_level: 99,
  min_xp_milestone: 50_000_000,
};

/** One moment as the feed, the character page and the admin see it. */
export const feedItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DINK_MOMENT_KINDS),
  wom_id: z.string(),
  player_name: z.string(),
  occurred_at: z.string(),
  title: z.string(),
  details: z.string(),
  /** Coins for drops and clues, experience for milestones, milliseconds for personal bests. */
  value: z.number().nullable(),
  /** The screenshot at full size (a WebP at most 1280 pixels wide), opened from its thumbnail. */
  image_url: z.string().nullable(),
  /** The screenshot as lists show it (320 pixels wide); null exactly when `image_url` is. */
  thumbnail_url: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const FEED_PAGE_SIZE = 20;
const CURSOR_MESSAGE = 'cursor must be a next_cursor from an earlier page';
export const FEED_MAX_PAGE_SIZE = 50;

/** `GET /api/feed?limit=&cursor=&kind=&wom_id=`: newest first; the cursor is the last item's id. */
export const feedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FEED_MAX_PAGE_SIZE).default(FEED_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, CURSOR_MESSAGE)
    .refine((cursor) => Number(cursor) <= MAX_SERIAL_ID, CURSOR_MESSAGE)
    .optional(),
  kind: z.enum(DINK_MOMENT_KINDS).optional(),
  wom_id: womPlayerIdSchema.optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const feedPageSchema = z.object({
  items: z.array(feedItemSchema),
  next_cursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** `GET /api/personal-bests?boss=&team_size=`: without a boss, the board of the first boss listed. */
export const personalBestsQuerySchema = z.object({
  boss: z.string().trim().min(1).max(100).optional(),
  team_size: z.coerce.number().int().min(1).max(100).optional(),
});

export const personalBestEntrySchema = z.object({
  rank: z.number().int(),
  wom_id: z.string(),
  player_name: z.string(),
  time_ms: z.number().int(),
  occurred_at: z.string(),
  /** The screenshot of the kill that set the time, as on the feed. */
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});

export const personalBestBoardSchema = z.object({
  /** Every boss with a time on record, with its team sizes, for the board's pickers. */
  bosses: z.array(z.object({ boss: z.string(), team_sizes: z.array(z.number().int()) })),
  boss: z.string().nullable(),
  team_size: z.number().int().nullable(),
  /** Best time first. */
  entries: z.array(personalBestEntrySchema),
});
export type PersonalBestBoard = z.infer<typeof personalBestBoardSchema>;

/** `GET /api/loot-board`: the current season's total value of drops per member, highest first. */
export const lootBoardSchema = z.object({
  season: z.object({ id: z.number().int(), name: z.string(), started_at: z.string() }).nullable(),
  entries: z.array(
    z.object({
      rank: z.number().int(),
      wom_id: z.string(),
      player_name: z.string(),
      total_value: z.number(),
      drops: z.number().int(),
    }),
  ),
});
export type LootBoard = z.infer<typeof lootBoardSchema>;

/** `GET /api/character-dink?id=`: what the character page shows from the game. */
export const characterDinkSchema = z.object({
  collection: z.object({ completed: z.number().int(), total: z.number().int() }).nullable(),
  pets: z.array(z.string()),
  moments: z.array(feedItemSchema),
});
export type CharacterDink = z.infer<typeof characterDinkSchema>;

/** `POST /api/me/characters/:womId/dink`: the new address, shown once. */
export const dinkLinkCreatedSchema = z.object({ url: z.string(), config_url: z.string() });
export type DinkLinkCreated = z.infer<typeof dinkLinkCreatedSchema>;

/** `GET /api/me/dink`: each claimed character's Dink connection, as its owner sees it. */
export const myDinkLinkSchema = z.object({
  wom_id: z.string(),
  player_name: z.string(),
  /** A working token exists (its URL is not shown again). */
  connected: z.boolean(),
  /** The first post bound the character to a game account. */
  bound: z.boolean(),
  share_public: z.boolean(),
  posts: z.number().int(),
  last_post_at: z.string().nullable(),
});
export type MyDinkLink = z.infer<typeof myDinkLinkSchema>;

/** `PATCH /api/me/characters/:womId/dink`. */
export const dinkSharingInputSchema = z.object({ share_public: z.boolean() });

/** `GET /api/admin/dink`: the thresholds, screenshot storage and who has Dink connected. */
export const adminDinkSchema = z.object({
  thresholds: dinkThresholdsSchema,
  images: z.object({ used_bytes: z.number(), site_cap_bytes: z.number(), member_cap_bytes: z.number() }),
  members: z.array(
    z.object({
      wom_id: z.string(),
      player_name: z.string(),
      username: z.string(),
      connected: z.boolean(),
      bound: z.boolean(),
      share_public: z.boolean(),
      posts: z.number().int(),
      created_at: z.string(),
      last_post_at: z.string().nullable(),
    }),
  ),
});
export type AdminDink = z.infer<typeof adminDinkSchema>;

/** What the receiver answers Dink: stored now, or a repeat of a post already stored. */
export const dinkReceiptSchema = z.object({ status: z.enum(['stored', 'duplicate']) });
