import type { LeaderboardEntry } from './leaderboards.schema.ts';

/** How many places a board shows before its full-board button (spec §9). */
export const LEADERBOARD_TOP = 10;

export type LeaderboardCandidate = Omit<LeaderboardEntry, 'rank'>;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * A board from its candidates: only values above 0 (spec §9), highest first, equal values by name.
 * Ties share a place with standard competition ranking (100, 100, 90 -> 1, 1, 3), so a place always
 * says how many players are ahead, and the top 10 never shows a place above 10.
 */
export function rankEntries(candidates: ReadonlyArray<LeaderboardCandidate>): LeaderboardEntry[] {
  const sorted = candidates
    .filter((candidate) => Number.isFinite(candidate.value) && candidate.value > 0)
    .sort((a, b) => b.value - a.value || byName.compare(a.name, b.name));
  let rank = 0;
  return sorted.map((candidate, index) => {
    if (index === 0 || candidate.value !== sorted[index - 1]?.value) rank = index + 1;
    return { rank, wom_id: candidate.wom_id, name: candidate.name, value: candidate.value };
  });
}

/** Whether a board has more entries than its top 10, so the full-board button is offered. */
export function hasMoreThanTop(entries: ReadonlyArray<LeaderboardEntry>): boolean {
  return entries.length > LEADERBOARD_TOP;
}
