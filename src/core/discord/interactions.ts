import { z } from 'zod';
import { rankByValue } from '../ranking/competition-ranking.ts';

/** Discord's interaction types and callback types the site uses (Discord's interactions docs). */
export const INTERACTION = { ping: 1, command: 2 } as const;
export const CALLBACK = { pong: 1, message: 4, deferred: 5 } as const;
/** A message only its caller sees. */
export const EPHEMERAL = 64;

/** How far a request's timestamp may lie from now before it is refused as stale (a replay). */
export const INTERACTION_MAX_AGE_SECONDS = 300;

/** What the site reads of an interaction; Discord sends much more, all of it ignored. */
export const interactionSchema = z.object({
  type: z.number().int(),
  /** Where a deferred answer's follow-up goes: the application's webhook with this token (15 minutes). */
  application_id: z.string().max(20).optional(),
  token: z.string().max(500).optional(),
  /** The caller: `member.user` in a server, `user` in a direct message. */
  member: z.object({ user: z.object({ id: z.string().max(20) }) }).optional(),
  user: z.object({ id: z.string().max(20) }).optional(),
  data: z
    .object({
      name: z.string().max(32),
      options: z
        .array(
          z.object({
            name: z.string().max(32),
            value: z.union([z.string().max(100), z.number(), z.boolean()]),
          }),
        )
        .max(25)
        .optional(),
    })
    .optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

/** The Discord user who ran the command, or null when Discord did not say. */
export function callerId(interaction: Interaction): string | null {
  return interaction.member?.user.id ?? interaction.user?.id ?? null;
}

/** A command's string option, trimmed; null when not given. */
export function optionOf(interaction: Interaction, name: string): string | null {
  const value = interaction.data?.options?.find((option) => option.name === name)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A message answer that never pings anyone, ephemeral when it is personal. */
export function messageAnswer(content: string, ephemeral = false) {
  return {
    type: CALLBACK.message,
    data: {
      content,
      allowed_mentions: { parse: [] as string[] },
      ...(ephemeral ? { flags: EPHEMERAL } : {}),
    },
  };
}

/**
 * Discord waits 3 s for an answer: one not ready within this is deferred (type 5) and sent as a
 * follow-up, edited into the deferred reply.
 */
export const DEFER_AFTER_MS = 2_500;

/** Commands whose answer without a player is about the caller: their deferral is ephemeral too. */
const PERSONAL_COMMANDS = new Set(['points', 'rank', 'whois']);

/** The deferred reply: only the caller sees "thinking…" when the answer will be about them. */
export function deferredAnswer(interaction: Interaction) {
  const personal =
    PERSONAL_COMMANDS.has(interaction.data?.name ?? '') && optionOf(interaction, 'player') === null;
  return { type: CALLBACK.deferred, ...(personal ? { data: { flags: EPHEMERAL } } : {}) };
}

/** The commands the site registers for the clan's server (Discord's application command objects). */
export const CLAN_COMMANDS = [
  {
    name: 'points',
    description: "A player's siege score and place",
    options: [{ type: 3, name: 'player', description: 'In-game name', required: false }],
  },
  {
    name: 'rank',
    description: "A player's rank, and what the next one needs",
    options: [{ type: 3, name: 'player', description: 'In-game name', required: false }],
  },
  { name: 'leaderboard', description: 'The siege score leaders' },
  { name: 'events', description: 'The running and the next clan events' },
  { name: 'bingo', description: "The running bingo boards' standings" },
  {
    name: 'whois',
    description: "A player's page on the clan site",
    options: [{ type: 3, name: 'player', description: 'In-game name', required: true }],
  },
] as const;

export interface ScoredMember {
  wom_id: string;
  name: string;
  value: number;
}

/** A member's place by siege score among the scoring members (ties share a place); null with none. */
export function siegePlace(scores: readonly ScoredMember[], womId: string): number | null {
  return rankByValue(scores, (entry) => entry.value).find(({ item }) => item.wom_id === womId)?.rank ?? null;
}
