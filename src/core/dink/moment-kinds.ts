/**
 * The moments the site keeps from Dink's notifications, by the Dink type in lower case. Every other
 * type is accepted and kept raw in the inbox, but makes no moment. Free of zod, so the public pages
 * that label moments do not download it.
 */
export const DINK_MOMENT_KINDS = [
  'loot',
  'pet',
  'collection',
  'level',
  'xp_milestone',
  'kill_count',
  'speedrun',
  'combat_achievement',
  'achievement_diary',
  'clue',
  'toa_unique',
] as const;
export type DinkMomentKind = (typeof DINK_MOMENT_KINDS)[number];

export const DINK_MOMENT_LABELS: Readonly<Record<DinkMomentKind, string>> = {
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

export const isMomentKind = (value: string): value is DinkMomentKind =>
  Object.hasOwn(DINK_MOMENT_LABELS, value);
