import { z } from 'zod';
import { GOAL_TYPES } from '../goals/goals.schema.ts';
import { characterStatsSchema } from './character-stats.ts';
import type { NextRank } from '../clan/rank-ladder.ts';
import { memberReturnSchema } from './member-returns.ts';
import { publicMemberSchema } from './members.schema.ts';

/** How many days of XP and EHB the character page charts (decision 026). */
export const CHARACTER_HISTORY_DAYS = 365;

/** The most public goals and races the page lists, newest first. */
export const CHARACTER_LIST_LIMIT = 50;

/** A season's siege score: the archived seasons' final scores, and the open season's score so far. */
export const characterSeasonSchema = z.object({
  season_id: z.number().int(),
  name: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  open: z.boolean(),
  siege_score: z.number().int(),
});
export type CharacterSeason = z.infer<typeof characterSeasonSchema>;

/** A WOM-linked event the member won: the events the Event Wins board counts. */
export const characterEventWinSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  metric: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type CharacterEventWin = z.infer<typeof characterEventWinSchema>;

export const characterGoalSchema = z.object({
  id: z.number().int(),
  goal_type: z.enum(GOAL_TYPES),
  metric: z.string(),
  start_value: z.number(),
  current_value: z.number(),
  target_value: z.number(),
  progress_percent: z.number().int(),
  completed: z.boolean(),
  target_date: z.string().nullable(),
});
export type CharacterGoal = z.infer<typeof characterGoalSchema>;

/** A public race the member runs in, with the member's own line of its standings. */
export const characterRaceSchema = z.object({
  id: z.number().int(),
  participant_id: z.number().int(),
  title: z.string(),
  metric: z.string(),
  start_value: z.number(),
  current_value: z.number(),
  target_value: z.number(),
  progress_percent: z.number().int(),
  end_date: z.string().nullable(),
});
export type CharacterRace = z.infer<typeof characterRaceSchema>;

/** One day of the member's stored history: the day's latest snapshot's overall XP and EHB. */
export const characterHistoryPointSchema = z.object({
  day: z.string(),
  exp: z.number(),
  ehb: z.number(),
});
export type CharacterHistoryPoint = z.infer<typeof characterHistoryPointSchema>;

/** `GET /api/members/:womId`: one visible member's page (decision 026). */
export const characterPageSchema = z.object({
  member: publicMemberSchema,
  /** The next rank in plain words, '9,001,150 XP to Diamond'; null when the role has no rank path. */
  next_rank_text: z.string().nullable(),
  wom_profile_url: z.string(),
  /** When the stored stats were taken (the latest WOM snapshot the site has), else the row's update. */
  last_updated_at: z.string(),
  /** WOM's `lastChangedAt`: when any of the member's stats last moved. */
  wom_last_changed_at: z.string().nullable(),
  /** When Wise Old Man last updated the player (its latest snapshot); null when it never has. */
  wom_updated_at: z.string().nullable(),
  /** Every skill, boss and activity of that snapshot; null when the site holds none. */
  stats: characterStatsSchema.nullable(),
  seasons: z.array(characterSeasonSchema),
  events_won: z.array(characterEventWinSchema),
  goals: z.array(characterGoalSchema),
  races: z.array(characterRaceSchema),
  history: z.array(characterHistoryPointSchema),
  /** Each time the member came back to the clan after leaving it, oldest first. */
  returns: z.array(memberReturnSchema),
});
export type CharacterPage = z.infer<typeof characterPageSchema>;

/**
 * The next rank as a person says it: '9,001,150 XP to Diamond', or 'Max rank achieved' at the top
 * band. The roster's label also notes when the role is another band than the value's ('XP in Ruby
 * band · '); the page shows the role beside it, so the words here only say what is still needed.
 */
export function nextRankInWords(next: NextRank): string | null {
  if (next.rank === null) return next.label === '-' ? null : 'Max rank achieved';
  return `${next.needed} to ${next.name}`;
}

/** The player's profile on Wise Old Man, by the name WOM knows them by. */
export function womProfileUrl(name: string): string {
  return `https://wiseoldman.net/players/${encodeURIComponent(name)}`;
}
