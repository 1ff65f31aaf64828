import { rankByValue } from '../ranking/competition-ranking.ts';
import type { ClanPoints } from '../clan/rank-ladder.schema.ts';
import { isShortEvent, placeLabel, pointsForPlacement } from './competition-results.ts';
import { ordinal, type CompetitionAward, type Standing } from './competition-awards.ts';

/** One participant of a team competition: their standing and the team WOM put them in. */
export interface TeamStanding extends Standing {
  team: string;
}

/** A team's place: the total its players gained, members of the clan or not. */
export interface TeamResult {
  team: string;
  placement: number;
  gained: number;
  players: number;
}

/**
 * Teams placed by the total their players gained, by the site's one ranking (equal totals share a
 * place; a team that gained nothing takes none, and comes last with placement 0).
 */
export function placeTeams(standings: readonly TeamStanding[]): TeamResult[] {
  const teams = new Map<string, { team: string; gained: number; players: number }>();
  for (const standing of standings) {
    const team = teams.get(standing.team) ?? { team: standing.team, gained: 0, players: 0 };
    team.gained += Math.max(0, standing.gained);
    team.players += 1;
    teams.set(standing.team, team);
  }
  const placed = rankByValue([...teams.values()], (team) => team.gained).map(({ item, rank }) => ({
    ...item,
    placement: rank,
  }));
  const unplaced = [...teams.values()]
    .filter((team) => !placed.some((entry) => entry.team === team.team))
    .map((team) => ({ ...team, placement: 0 }));
  return [...placed, ...unplaced];
}

/**
 * A team competition's winners: the players of the first team (or teams, tied) who gained, in their
 * given order, members or not; a player who gained nothing took no part.
 */
export function teamCompetitionWinners<T extends TeamStanding>(standings: readonly T[]): T[] {
  const first = new Set(
    placeTeams(standings)
      .filter((team) => team.placement === 1)
      .map((team) => team.team),
  );
  return standings.filter((standing) => standing.gained > 0 && first.has(standing.team));
}

/**
 * A finished team competition (decision 024): the team wins, so each member who gained is paid by
 * their team's place, as a player would be by their own in a classic one (15, 10, 5, then 2 for
 * taking part; 2 for all in a short event). The winners are the players of the first team who
 * gained, members or not; a member who gained nothing took no part and gets nothing.
 */
export function planTeamCompetitionAwards(input: {
  title: string;
  startsAt: Date;
  endsAt: Date;
  short?: boolean;
  standings: readonly TeamStanding[];
  isMember: (key: string) => boolean;
  points: ClanPoints;
}): { winnerNames: string[]; awards: CompetitionAward[] } {
  const short = input.short === true || isShortEvent(input.startsAt, input.endsAt);
  const teams = placeTeams(input.standings);
  const placeOf = new Map(teams.map((team) => [team.team, team.placement]));
  const awards = input.standings
    .filter((standing) => standing.gained > 0)
    .filter((standing) => input.isMember(standing.key))
    .map((standing) => {
      const placement = placeOf.get(standing.team) ?? 0;
      const points = pointsForPlacement(placement, short, input.points);
      const place = placeLabel(placement, short, ordinal);
      return {
        key: standing.key,
        placement,
        gained: standing.gained,
        points,
        won: placement === 1,
        reason: `${input.title}: ${standing.team}, ${place}`,
      };
    })
    .sort((a, b) => a.placement - b.placement || b.gained - a.gained);
  const winnerNames = teamCompetitionWinners(input.standings).map((standing) => standing.displayName);
  return { winnerNames, awards };
}
