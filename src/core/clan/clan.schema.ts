import { z } from 'zod';
import { clanPointsSchema, rankLadderSchema } from './rank-ladder.schema.ts';

/** Minimum total levels to join (spec §9), by kind of account. */
export const joinRequirementsSchema = z.object({
  skiller: z.number().int(),
  ironman: z.number().int(),
  regular: z.number().int(),
});
export type JoinRequirements = z.infer<typeof joinRequirementsSchema>;

export const clanProfileSchema = z.object({
  name: z.string(),
  founded: z.string(),
  home_world: z.number().int(),
  discord_url: z.string().nullable(),
  requirements: joinRequirementsSchema,
  /** Where game icons load from: `${icon_base_url}/${file}.png`. */
  icon_base_url: z.string(),
  /** The rank ladder the public pages rank members on: paths of ranks and the exempt roles. */
  ranks: rankLadderSchema,
  points: clanPointsSchema,
  /** The welcome page's text, its Markdown rendered to HTML with no raw HTML and only http(s) links. */
  welcome_html: z.string(),
});
export type ClanProfile = z.infer<typeof clanProfileSchema>;
