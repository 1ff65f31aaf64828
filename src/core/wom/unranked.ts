import type { PlayerSnapshot } from './wom-data.schema.ts';

/**
 * WOM reports a value below the hiscores' threshold (boss kills under 5, an activity score under its
 * minimum, skill XP off the hiscores) as -1, "not ranked". For the clan that is 0: a -1 would
 * subtract from sums, progress and gains. Ranks keep WOM's -1, which there means "no rank".
 */
export function unrankedAsZero(value: number): number {
  return value < 0 ? 0 : value;
}

function mapValues<T>(record: Record<string, T>, map: (value: T) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

/** The snapshot with every unranked XP, kill count and score as 0. */
export function snapshotWithUnrankedAsZero(snapshot: PlayerSnapshot): PlayerSnapshot {
  const { skills, bosses, activities, computed } = snapshot.data;
  return {
    ...snapshot,
    data: {
      skills: mapValues(skills, (skill) => ({ ...skill, experience: unrankedAsZero(skill.experience) })),
      bosses: mapValues(bosses, (boss) => ({ ...boss, kills: unrankedAsZero(boss.kills) })),
      activities: mapValues(activities, (activity) => ({
        ...activity,
        score: unrankedAsZero(activity.score),
      })),
      computed,
    },
  };
}
