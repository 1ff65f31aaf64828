import type { DinkMomentKind } from '#core/dink/dink.schema.ts';

/**
 * DINK_MOMENT_LABELS, copied: the schema module builds zod schemas as it loads, and importing any
 * value from it would put zod in the public pages' code (the web trusts the server's answers and
 * ships no zod). A test holds this copy equal to the schema's, in the same order.
 */
export const MOMENT_LABELS: Readonly<Record<DinkMomentKind, string>> = {
  loot: 'Drops',
  pet: 'Pets',
  collection: 'Collection log',
  level: 'Levels',
  xp_milestone: 'XP milestones',
  kill_count: 'Personal bests',
  speedrun: 'Speedruns',
  combat_achievement: 'Combat achievements',
  achievement_diary: 'Achievement diaries',
  clue: 'Clue scrolls',
  toa_unique: 'Tombs of Amascut uniques',
};

/** Every kind of moment, in the schema's order. */
export const MOMENT_KINDS = Object.keys(MOMENT_LABELS) as DinkMomentKind[];

export const isMomentKind = (value: string): value is DinkMomentKind => Object.hasOwn(MOMENT_LABELS, value);
