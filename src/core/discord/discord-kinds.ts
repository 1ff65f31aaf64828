import { z } from 'zod';

/**
 * The kinds of news a Discord route can carry (issue 22), in the order the admin's form lists them.
 * `live_standings` is not a single post: a route carrying it keeps one standings message per running
 * competition edited in place.
 */
export const DISCORD_KINDS = [
  'member_joined',
  'member_left',
  'member_returned',
  'member_renamed',
  'rank_changed',
  'achievements',
  'competition_created',
  'competition_starting',
  'competition_started',
  'competition_ending',
  'competition_ended',
  'live_standings',
  'season_reset',
  'anniversaries',
  'goal_completed',
  'race_finished',
  'game_moments',
  'bingo',
  'player_watch',
  'claim_requests',
  'rank_updates_due',
  'sync_failing',
] as const;
export type DiscordKind = (typeof DISCORD_KINDS)[number];
export const discordKindSchema = z.enum(DISCORD_KINDS);

/** Whom a kind is for: admin kinds name reports and requests a public channel should not see. */
export type DiscordAudience = 'public' | 'admin';

export interface DiscordKindInfo {
  kind: DiscordKind;
  label: string;
  description: string;
  audience: DiscordAudience;
}

const INFO: Readonly<Record<DiscordKind, Omit<DiscordKindInfo, 'kind'>>> = {
  member_joined: {
    label: 'Members joined',
    description: 'A new member in the clan group.',
    audience: 'public',
  },
  member_left: {
    label: 'Members left',
    description: 'A member no longer in the clan group.',
    audience: 'public',
  },
  member_returned: {
    label: 'Members returned',
    description: 'A former member back in the clan group.',
    audience: 'public',
  },
  member_renamed: {
    label: 'Name changes',
    description: 'A member changed their in-game name.',
    audience: 'public',
  },
  rank_changed: {
    label: 'Rank changes',
    description: 'A new in-game rank, or a rank an admin set.',
    audience: 'public',
  },
  achievements: {
    label: 'Achievements',
    description: 'New achievements, one message per sync.',
    audience: 'public',
  },
  competition_created: {
    label: 'Competition created',
    description: 'A new competition or event.',
    audience: 'public',
  },
  competition_starting: {
    label: 'Competition starting soon',
    description: 'Six hours and five minutes before it starts.',
    audience: 'public',
  },
  competition_started: { label: 'Competition started', description: 'When it starts.', audience: 'public' },
  competition_ending: {
    label: 'Competition ending soon',
    description: 'Twelve hours and thirty minutes before it ends.',
    audience: 'public',
  },
  competition_ended: {
    label: 'Competition results',
    description: 'Final standings, the points paid and the siege-score leaders.',
    audience: 'public',
  },
  live_standings: {
    label: 'Live standings',
    description: 'One message per running competition, updated every few minutes.',
    audience: 'public',
  },
  season_reset: {
    label: 'Season reset',
    description: 'The yearly reset with the final standings.',
    audience: 'public',
  },
  anniversaries: {
    label: 'Anniversaries',
    description: "Each day's clan anniversaries.",
    audience: 'public',
  },
  goal_completed: {
    label: 'Goals completed',
    description: "A member's public goal reached.",
    audience: 'public',
  },
  race_finished: {
    label: 'Races finished',
    description: 'A public race and its winner.',
    audience: 'public',
  },
  game_moments: {
    label: 'In-game moments (Dink)',
    description:
      "Drops, pets, collection-log slots and personal bests from members' Dink, with the screenshot.",
    audience: 'public',
  },
  bingo: {
    label: 'Bingo',
    description: 'Tiles completed (with the proof), bonuses made, and the standings each day and at the end.',
    audience: 'public',
  },
  player_watch: {
    label: 'Player-watch reports',
    description: 'A new report on a member (admin channel).',
    audience: 'admin',
  },
  claim_requests: {
    label: 'Claim requests',
    description: 'A new request to claim a character (admin channel).',
    audience: 'admin',
  },
  rank_updates_due: {
    label: 'Rank updates due',
    description: 'A daily digest of members whose rank should change (admin channel).',
    audience: 'admin',
  },
  sync_failing: {
    label: 'Sync failing',
    description: 'The WOM sync failed three times in a row (admin channel).',
    audience: 'admin',
  },
};

export const DISCORD_KIND_LIST: readonly DiscordKindInfo[] = DISCORD_KINDS.map((kind) => ({
  kind,
  ...INFO[kind],
}));

export const discordKindInfoSchema = z.object({
  kind: discordKindSchema,
  label: z.string(),
  description: z.string(),
  audience: z.enum(['public', 'admin']),
});
