import { z } from 'zod';
import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from '../metrics/metric-catalogue.ts';
import type { PlayerSnapshot } from '../wom/wom-data.schema.ts';

/**
 * A member's latest Wise Old Man snapshot as their page lists it: every skill's level and XP, every
 * boss's kills and every activity's score, in WOM's order. A rank of -1 is WOM's "not on the
 * hiscores" (a value under the hiscores' threshold, stored as 0).
 */
export const characterStatsSchema = z.object({
  skills: z.array(
    z.object({ metric: z.string(), level: z.number(), experience: z.number(), rank: z.number() }),
  ),
  bosses: z.array(z.object({ metric: z.string(), kills: z.number(), rank: z.number() })),
  activities: z.array(z.object({ metric: z.string(), score: z.number(), rank: z.number() })),
});
export type CharacterStats = z.infer<typeof characterStatsSchema>;

/** Whether a listed value is one WOM has on the hiscores, rather than under their threshold. */
export function isRanked(entry: { rank: number }): boolean {
  return entry.rank !== -1;
}

/** The entries the snapshot holds, in the catalogue's order; a metric it lacks is left out. */
function inOrder<T, R>(
  keys: readonly string[],
  values: Record<string, T>,
  row: (metric: string, value: T) => R,
) {
  return keys.flatMap((metric) => {
    const value = values[metric];
    return value === undefined ? [] : [row(metric, value)];
  });
}

/** The page's list of a snapshot's skills, bosses and activities. */
export function characterStatsOf(snapshot: PlayerSnapshot): CharacterStats {
  const { skills, bosses, activities } = snapshot.data;
  return {
    skills: inOrder(SKILL_KEYS, skills, (metric, { level, experience, rank }) => ({
      metric,
      level,
      experience,
      rank,
    })),
    bosses: inOrder(BOSS_KEYS, bosses, (metric, { kills, rank }) => ({ metric, kills, rank })),
    activities: inOrder(ACTIVITY_KEYS, activities, (metric, { score, rank }) => ({ metric, score, rank })),
  };
}
