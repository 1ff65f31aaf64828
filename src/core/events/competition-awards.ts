import { EVENT_POINTS, competitionWinner, scoreCompetition } from './competition-results.ts';

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
  /** Level with the top gain of all participants (a tie at the top is won by all). */
  won: boolean;
  /** The ledger line, e.g. "Fishing week: 2nd place". */
  reason: string;
}

function ordinal(place: number): string {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/**
 * The winner of a finished competition and what each member who gained is awarded (spec §9). The
 * winner is whoever gained most, member or not; a member placed behind a non-member did not win.
 */
export function planCompetitionAwards(input: {
  title: string;
  startsAt: Date;
  endsAt: Date;
  standings: readonly Standing[];
  isMember: (key: string) => boolean;
}): { winnerName: string | null; awards: CompetitionAward[] } {
  const entries = input.standings.map((standing) => ({ key: standing.key, gained: standing.gained }));
  const winnerKey = competitionWinner(entries);
  const winner = input.standings.find((standing) => standing.key === winnerKey) ?? null;
  const scored = scoreCompetition({
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    entries,
    isMember: input.isMember,
  });
  return {
    winnerName: winner?.displayName ?? null,
    awards: scored.map((entry) => ({
      ...entry,
      won: winner !== null && entry.gained === winner.gained,
      reason: `${input.title}: ${entry.points === EVENT_POINTS.participation ? 'participation' : `${ordinal(entry.placement)} place`}`,
    })),
  };
}

/**
 * The competitions whose standings a sync fetches: those that still owe their points, oldest end
 * first, at most `max`, so one run stays within its WOM request budget and the rest follow next run.
 */
export function competitionsOwingResults<C extends { id: number; endsAt: string }>(
  competitions: readonly C[],
  owed: ReadonlySet<string>,
  max: number,
): C[] {
  return competitions
    .filter((competition) => owed.has(String(competition.id)))
    .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt))
    .slice(0, max);
}
