import { rankByValue } from '../ranking/competition-ranking.ts';

/** Points for a long event's top three and for every other member who gained (spec §9). */
export const EVENT_POINTS = { first: 15, second: 10, third: 5, participation: 2 } as const;

/** The siege-score buttons of the admin table (spec §9). */
export const MANUAL_POINT_INCREMENTS = [2, 5, 10, 15] as const;
export type ManualPointIncrement = (typeof MANUAL_POINT_INCREMENTS)[number];

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

/** Points for a place among members who gained; 0 for a place that is not one (below 1). */
export function pointsForPlacement(placement: number, short: boolean): number {
  if (!(placement >= 1)) return 0;
  if (short) return EVENT_POINTS.participation;
  if (placement === 1) return EVENT_POINTS.first;
  if (placement === 2) return EVENT_POINTS.second;
  if (placement === 3) return EVENT_POINTS.third;
  return EVENT_POINTS.participation;
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
}): Array<ScoredEntry<K>> {
  const short = input.short === true || isShortEvent(input.startsAt, input.endsAt);
  const members = input.entries.filter((entry) => input.isMember(entry.key));
  return placeByGain(members).map((entry) => ({
    ...entry,
    points: pointsForPlacement(entry.placement, short),
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
