import { z } from 'zod';
import { joinRequirementsSchema } from './clan.schema.ts';

/** Longest welcome text an admin can save: a few screens of Markdown, not a book. */
export const WELCOME_MARKDOWN_MAX = 20_000;

/**
 * The welcome page's intro as a fresh install shows it: the text the page had before it was data,
 * so an install that never edits it looks as it did.
 */
export const DEFAULT_WELCOME_MARKDOWN =
  'We are an Old School RuneScape clan for skillers, ironmen and fighters alike. We run skill and boss ' +
  'events every week, reward taking part with siege points, and celebrate every milestone together.';

/** The highest total level an account can reach: 24 skills at 99, Sailing included. */
const MAX_TOTAL_LEVEL = 2_376;

const totalLevel = z.number().int('A total level is a whole number').min(0).max(MAX_TOTAL_LEVEL);

/** The clan's profile as stored and edited on the Clan tab (issue 30). */
export const clanProfileSettingsSchema = z.object({
  name: z.string().trim().min(1, 'The clan needs a name').max(60),
  founded: z.iso.date('The founded date is a date (YYYY-MM-DD)'),
  home_world: z.number().int('A world is a whole number').min(1).max(999),
  discord_url: z
    .url({ protocol: /^https?$/, message: 'The Discord invite must be an http(s):// link' })
    .max(200)
    .nullable(),
  requirements: joinRequirementsSchema.extend({
    skiller: totalLevel,
    ironman: totalLevel,
    regular: totalLevel,
  }),
  welcome_markdown: z.string().max(WELCOME_MARKDOWN_MAX),
});
export type ClanProfileSettings = z.infer<typeof clanProfileSettingsSchema>;
