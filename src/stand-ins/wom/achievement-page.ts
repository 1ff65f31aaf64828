import { createRng } from '#core/random.ts';
import type { SimAchievement } from './world.ts';

/**
 * One page of achievements sorted newest first, as WOM's `ORDER BY createdAt DESC LIMIT n OFFSET m`
 * on PostgreSQL gives it: rows with equal dates have no order of their own, and the planner returns
 * them in a different one for another limit or offset. So each run of equal dates that the page cuts
 * into is shuffled, seeded by the page, and a row can show on two pages while another shows on none,
 * as `(playerId 2, "99 Hitpoints")` does in the recording. The same page asked again is the same.
 */
export function achievementPage(
  sorted: readonly SimAchievement[],
  page: { limit: number; offset: number },
  seed: number,
): SimAchievement[] {
  const end = Math.min(sorted.length, page.offset + page.limit);
  if (page.offset >= end) return [];
  const rng = createRng(seed, 'achievement-order', `${page.limit}:${page.offset}`);
  let first = page.offset;
  while (first > 0 && sorted[first - 1]?.createdAt === sorted[page.offset]?.createdAt) first -= 1;
  const rows: SimAchievement[] = [];
  for (let start = first; start < end;) {
    let stop = start + 1;
    while (stop < sorted.length && sorted[stop]?.createdAt === sorted[start]?.createdAt) stop += 1;
    rows.push(...(stop - start > 1 ? rng.shuffle(sorted.slice(start, stop)) : sorted.slice(start, stop)));
    start = stop;
  }
  return rows.slice(page.offset - first, page.offset - first + page.limit);
}
