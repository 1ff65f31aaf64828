import type { ClanPoints } from '../clan/rank-ladder.schema.ts';
import { rankByValue } from '../ranking/competition-ranking.ts';

const HOUR_MS = 3_600_000;

/** One participant's gain in a competition; `key` identifies them (a WOM id, a normalised name, ...). */
export interface CompetitionEntry<K> {
  key: K;
  gained: number;
}

export interface PlacedEntry<K> extends CompetitionEntry<K> {
  /** 1 for the highest gain; ties share a place and the next place is skipped (1, 1, 3). */
  placement: number;
}

export interface ScoredEntry<K> extends PlacedEntry<K> {
  points: number;
}

const gainOf = (entry: { gained: number }): number => entry.gained;

/**
 * Participants who gained, highest gain first (equal gains keep their given order), placed by the
 * site's one ranking (rankByValue): 100, 100, 90 are placed 1, 1, 3.
 */
export function placeByGain<K>(entries: ReadonlyArray<CompetitionEntry<K>>): Array<PlacedEntry<K>> {
  return rankByValue(entries, gainOf).map(({ item, rank }) => ({
    key: item.key,
    gained: item.gained,
    placement: rank,
  }));
}

/** Short events (1 to 2 hours inclusive) give every participant who gained the same points. */
export function isShortEvent(startsAt: Date, endsAt: Date): boolean {
  const duration = endsAt.getTime() - startsAt.getTime();
  return duration >= HOUR_MS && duration <= 2 * HOUR_MS;
}

/**
 * Points for a place among members who gained, by the clan's values (spec §9's 15, 10, 5, then 2 for
 * everyone else and 2 for all in a short event, unless the clan set others); 0 for a place that is
 * not one (below 1).
 */
export function pointsForPlacement(placement: number, short: boolean, points: ClanPoints): number {
  if (!(placement >= 1)) return 0;
  if (short) return points.short;
  const [first, second, third, others] = points.placements;
  return [first, second, third][placement - 1] ?? others ?? 0;
}

/** How a ledger line names the place: '2nd place', or 'participation' beyond the top three and in short events. */
export function placeLabel(placement: number, short: boolean, ordinal: (place: number) => string): string {
  return short || placement > 3 ? 'participation' : `${ordinal(placement)} place`;
}

/**
 * The siege points a finished competition gives; only clan members take part in the placing. `short`
 * is an admin's short-event flag: it pays like a 1–2 hour event whatever the dates say; without it
 * the dates decide.
 */
export function scoreCompetition<K>(input: {
  startsAt: Date;
  endsAt: Date;
  short?: boolean;
  entries: ReadonlyArray<CompetitionEntry<K>>;
  isMember: (key: K) => boolean;
  points: ClanPoints;
}): Array<ScoredEntry<K> & { short: boolean }> {
  const short = input.short === true || isShortEvent(input.startsAt, input.endsAt);
  const members = input.entries.filter((entry) => input.isMember(entry.key));
  return placeByGain(members).map((entry) => ({
    ...entry,
    points: pointsForPlacement(entry.placement, short, input.points),
    short,
  }));
}

/**
 * An event's winners: every participant at place 1 (domain-rules.md), in their given order; none when
 * nobody gained.
 */
export function competitionWinners<K>(entries: ReadonlyArray<CompetitionEntry<K>>): K[] {
  return placeByGain(entries)
    .filter((entry) => entry.placement === 1)
    .map((entry) => entry.key);
}
