import type { ClanPoints } from '../clan/rank-ladder.schema.ts';
import { competitionWinners, placeLabel, scoreCompetition } from './competition-results.ts';

/** One participant in a finished competition's standings, member of the clan or not. */
export interface Standing {
  /** The WOM player id. */
  key: string;
  displayName: string;
  gained: number;
}

/** The result and points a member gets from a finished competition. */
export interface CompetitionAward {
  key: string;
  placement: number;
  gained: number;
  points: number;
  /** At place 1 of all participants, members or not (a tie at the top is won by all). */
  won: boolean;
  /** The ledger line, e.g. "Fishing week: 2nd place". */
  reason: string;
}

export function ordinal(place: number): string {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/**
 * The winners of a finished competition and what each member who gained is awarded (spec §9). The
 * winners are every participant at place 1, members or not, in standings order; a member placed
 * behind a non-member did not win. Points are placed among members only (scoreCompetition).
 */
export function planCompetitionAwards(input: {
  title: string;
  startsAt: Date;
  endsAt: Date;
  /** The event's short-event flag: 2 points for every member who gained, whatever the dates. */
  short?: boolean;
  standings: readonly Standing[];
  isMember: (key: string) => boolean;
  points: ClanPoints;
}): { winnerNames: string[]; awards: CompetitionAward[] } {
  const entries = input.standings.map((standing) => ({ key: standing.key, gained: standing.gained }));
  const winners = new Set(competitionWinners(entries));
  const scored = scoreCompetition({
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    short: input.short,
    entries,
    isMember: input.isMember,
    points: input.points,
  });
  return {
    winnerNames: input.standings
      .filter((standing) => winners.has(standing.key))
      .map((standing) => standing.displayName),
    awards: scored.map(({ short, ...entry }) => ({
      ...entry,
      won: winners.has(entry.key),
      reason: `${input.title}: ${placeLabel(entry.placement, short, ordinal)}`,
    })),
  };
}

/** An event whose results are not stored yet: its competition and, for an admin's event, its own end. */
export interface OwedEvent {
  wom_id: string;
  end_date: string;
  manual: boolean;
  /** Its competition ended before the site's first sync (a synced event only). */
  before_site: boolean;
}

/**
 * Whether an event's results pay points when they are stored: an admin's event always does (linking
 * it means it to pay, whenever they do); a synced one unless it ended before this site, whose
 * results only show its winner until an admin books them (issue 29).
 */
export function paysOnResults(event: { manual: boolean; before_site: boolean }): boolean {
  return event.manual || !event.before_site;
}

/**
 * The competitions whose standings a sync fetches: those whose results are not stored yet, the ones
 * that owe points first, then each by oldest end, at most `max`, so one run stays within its WOM
 * request budget and the rest follow next run (a clan's history before the site fills in over a few
 * runs without holding up a new competition's points). A synced event's competition is fetched while
 * the group lists it; an admin's event is linked by hand, possibly to a competition the group does
 * not list, which then ends when the event does.
 */
export function competitionsOwingResults(
  competitions: ReadonlyArray<{ id: number; endsAt: string }>,
  owed: readonly OwedEvent[],
  max: number,
): number[] {
  const listed = new Map(competitions.map((competition) => [String(competition.id), competition.endsAt]));
  return owed
    .flatMap((event) => {
      const endsAt = listed.get(event.wom_id) ?? (event.manual ? event.end_date : undefined);
      if (endsAt === undefined) return [];
      return [{ id: Number(event.wom_id), endsAt: Date.parse(endsAt), pays: paysOnResults(event) }];
    })
    .sort((a, b) => Number(b.pays) - Number(a.pays) || a.endsAt - b.endsAt)
    .slice(0, max)
    .map((competition) => competition.id);
}
