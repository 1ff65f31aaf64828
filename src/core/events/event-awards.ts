import type { ClanPoints } from '../clan/rank-ladder.schema.ts';
import { planCompetitionAwards, type CompetitionAward } from './competition-awards.ts';
import { planTeamCompetitionAwards, type TeamStanding } from './team-competition-awards.ts';

/**
 * A finished competition's winners and awards, by the event's name and short-event flag: a team
 * competition by its teams (decision 024). The sync plans with WOM's answer; an admin booking an
 * event from before this site plans with the standings the sync stored, so both pay alike.
 */
export function planEventAwards(input: {
  title: string;
  startsAt: Date;
  endsAt: Date;
  short: boolean;
  team: boolean;
  standings: readonly TeamStanding[];
  isMember: (key: string) => boolean;
  /** The clan's point values (issue 30). */
  points: ClanPoints;
}): { winnerNames: string[]; awards: CompetitionAward[] } {
  return input.team ? planTeamCompetitionAwards(input) : planCompetitionAwards(input);
}
