import { rankByValue, topPlaces } from '../ranking/competition-ranking.ts';
import type { LeaderboardEntry } from './leaderboards.schema.ts';

/** How many places a board shows before its full-board button (spec §9). */
export const LEADERBOARD_TOP = 10;

export type LeaderboardCandidate = Omit<LeaderboardEntry, 'rank'>;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: LeaderboardCandidate, b: LeaderboardCandidate): number => collator.compare(a.name, b.name);
const valueOf = (candidate: LeaderboardCandidate): number => candidate.value;

/**
 * A board from its candidates: only values above 0 (spec §9), highest first, equal values by name so
 * the board is stable. Ties share a place by the site's one ranking (rankByValue: 100, 100, 90 -> 1,
 * 1, 3), so a place always says how many players are ahead, and the top 10 never shows a place above 10.
 */
export function rankEntries(candidates: ReadonlyArray<LeaderboardCandidate>): LeaderboardEntry[] {
  return rankByValue(candidates, valueOf, { breakTie: byName }).map(({ item, rank }) => ({
    rank,
    wom_id: item.wom_id,
    name: item.name,
    value: item.value,
  }));
}

/** The places a board shows before its full-board button: the top 10, everyone tied at 10th included. */
export function leaderboardTop(entries: ReadonlyArray<LeaderboardEntry>): LeaderboardEntry[] {
  return topPlaces(entries, LEADERBOARD_TOP);
}

/** Whether a board has more entries than its top 10 places, so the full-board button is offered. */
export function hasMoreThanTop(entries: ReadonlyArray<LeaderboardEntry>): boolean {
  return entries.length > leaderboardTop(entries).length;
}
