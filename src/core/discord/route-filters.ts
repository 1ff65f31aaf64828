import { z } from 'zod';
import { DINK_MOMENT_KINDS } from '../dink/dink.schema.ts';
import type { News } from './news.ts';

/** XP for level 99 and the skill's cap: what "only 99s" and "only 200M" keep. */
const LEVEL_99_XP = 13_034_431;
const MAX_XP = 200_000_000;

export const ACHIEVEMENT_LEVELS = ['any', '99', '200m'] as const;

/** A route's optional narrowing of what its kinds carry (issue 22). */
export const routeFiltersSchema = z
  .object({
    /** Achievements: all, only level 99 and above (and 200M), or only 200M XP. */
    achievements: z.enum(ACHIEVEMENT_LEVELS).default('any'),
    /** Competitions (every competition kind) of these event types only; empty for all. */
    competition_types: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
    /** In-game moments of these kinds only (e.g. pets and drops); absent or empty for all. */
    moment_kinds: z.array(z.enum(DINK_MOMENT_KINDS)).max(DINK_MOMENT_KINDS.length).optional(),
  })
  .strict();
export type RouteFilters = z.infer<typeof routeFiltersSchema>;

export const NO_FILTERS: RouteFilters = { achievements: 'any', competition_types: [] };

function isSkillXp(metric: string, threshold: number): boolean {
  // WOM's level achievements are measured in XP ("99 Attack" has threshold 13,034,431).
  return metric !== 'overall' && threshold >= LEVEL_99_XP;
}

function keepsAchievement(level: RouteFilters['achievements'], item: { metric: string; threshold: number }) {
  if (level === 'any') return true;
  if (level === '200m') return item.metric !== 'overall' && item.threshold >= MAX_XP;
  return isSkillXp(item.metric, item.threshold);
}

/**
 * What of a news item a route with these filters carries: the item, a narrowed copy (achievements),
 * or null when nothing is left to post.
 */
export function newsForRoute(news: News, filters: RouteFilters): News | null {
  if (news.kind === 'achievements') {
    const items = news.items.filter((item) => keepsAchievement(filters.achievements, item));
    return items.length === 0 ? null : { ...news, items };
  }
  if (news.kind === 'game_moments') {
    const kinds = filters.moment_kinds ?? [];
    return kinds.length === 0 || kinds.includes(news.moment.kind) ? news : null;
  }
  if ('competition' in news && filters.competition_types.length > 0) {
    const type = news.competition.type.toLowerCase();
    return filters.competition_types.some((wanted) => wanted.toLowerCase() === type) ? news : null;
  }
  return news;
}
