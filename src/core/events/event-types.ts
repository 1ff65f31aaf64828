import { BOSS_KEYS, SKILL_KEYS } from '../metrics/metric-catalogue.ts';

/**
 * The one vocabulary of event types: what the admin's form offers, what the WOM sync writes for a
 * competition, and what the events table shows (issue 21: the Type column mixed 'skill' from the
 * sync with 'Skill of the Week' from the form).
 */
export const EVENT_TYPES = [
  'Weekly',
  'Skill of the Week',
  'Boss of the Week',
  'Competition',
  'Team Competition',
  'Other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Types whose events last a week, so an end left blank is 7 days after the start (spec §9). */
export const WEEK_LONG_TYPES: readonly EventType[] = ['Weekly', 'Skill of the Week', 'Boss of the Week'];

export function isWeekLongType(type: string | null | undefined): boolean {
  return WEEK_LONG_TYPES.some((weekLong) => weekLong.toLowerCase() === type?.trim().toLowerCase());
}

const SKILLS: ReadonlySet<string> = new Set(SKILL_KEYS);
const BOSSES: ReadonlySet<string> = new Set(BOSS_KEYS);

/**
 * The type of an event the sync makes from a WOM competition: a team competition is one whatever it
 * measures (issue 29: teams on a skill read "Skill of the Week"); else by the competition's metric.
 */
export function eventTypeOfCompetition(competition: { metric: string; type: string }): EventType {
  if (competition.type === 'team') return 'Team Competition';
  const { metric } = competition;
  if (SKILLS.has(metric)) return 'Skill of the Week';
  if (BOSSES.has(metric)) return 'Boss of the Week';
  return 'Competition';
}

/**
 * What an event row's type reads as: rows the sync wrote before the vocabulary was one held WOM's
 * metric type ('skill', 'boss', 'activity', 'computed', 'competition'); the next sync rewrites them,
 * and until then they read as the type the sync would write now.
 */
const LEGACY_TYPES: Readonly<Record<string, EventType>> = {
  skill: 'Skill of the Week',
  boss: 'Boss of the Week',
  activity: 'Competition',
  computed: 'Competition',
  competition: 'Competition',
};

export function eventTypeLabel(type: string | null): string | null {
  if (type === null) return null;
  return LEGACY_TYPES[type] ?? type;
}
