import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS } from '../clan/default-rules.ts';
import {
  placeTeams,
  planTeamCompetitionAwards,
  teamCompetitionWinners,
  type TeamStanding,
} from './team-competition-awards.ts';

const WEEK = { startsAt: new Date('2026-10-31T04:00:00Z'), endsAt: new Date('2026-11-07T04:00:00Z') };

const standing = (key: string, team: string, gained: number): TeamStanding => ({
  key,
  team,
  gained,
  displayName: `Player ${key}`,
});

describe('placeTeams', () => {
  it('places teams by the total their players gained, members or not', () => {
    const teams = placeTeams([
      standing('1', 'Red', 100),
      standing('2', 'Blue', 80),
      standing('3', 'Blue', 50),
      standing('4', 'Red', 0),
    ]);
    expect(teams).toEqual([
      { team: 'Blue', placement: 1, gained: 130, players: 2 },
      { team: 'Red', placement: 2, gained: 100, players: 2 },
    ]);
  });

  it('shares a place between equal totals and gives none to a team that gained nothing', () => {
    const teams = placeTeams([standing('1', 'A', 10), standing('2', 'B', 10), standing('3', 'C', 0)]);
    expect(teams.map((team) => [team.team, team.placement])).toEqual([
      ['A', 1],
      ['B', 1],
      ['C', 0],
    ]);
  });
});

describe('planTeamCompetitionAwards', () => {
  const standings = [
    standing('1', 'Blue', 500),
    standing('2', 'Blue', 10),
    standing('3', 'Blue', 0),
    standing('4', 'Red', 900),
    standing('5', 'Red', 1),
    standing('6', 'Green', 5),
    standing('7', 'Grey', 1),
  ];

  it("pays each member who gained by their team's place, not their own", () => {
    const plan = planTeamCompetitionAwards({
      title: 'Team Slayer',
      ...WEEK,
      standings,
      isMember: () => true,
      points: DEFAULT_POINTS,
    });
    expect(plan.awards.map((award) => [award.key, award.points, award.won])).toEqual([
      ['4', 15, true],
      ['5', 15, true],
      ['1', 10, false],
      ['2', 10, false],
      ['6', 5, false],
      ['7', 2, false],
    ]);
    expect(plan.awards[0]!.reason).toBe('Team Slayer: Red, 1st place');
    expect(plan.awards.at(-1)!.reason).toBe('Team Slayer: Grey, participation');
  });

  it('names every player of the winning team who gained as a winner, members or not', () => {
    const plan = planTeamCompetitionAwards({
      title: 'Team Slayer',
      ...WEEK,
      standings,
      isMember: (key) => key !== '4',
      points: DEFAULT_POINTS,
    });
    expect(plan.winnerNames).toEqual(['Player 4', 'Player 5']);
    expect(plan.awards.map((award) => award.key)).not.toContain('4');
    expect(plan.awards.find((award) => award.key === '5')).toMatchObject({ points: 15, won: true });
  });

  it('gives nothing to a member who gained nothing, even in the winning team', () => {
    const plan = planTeamCompetitionAwards({
      title: 'Team Slayer',
      ...WEEK,
      standings: [standing('1', 'Blue', 100), standing('2', 'Blue', 0)],
      isMember: () => true,
      points: DEFAULT_POINTS,
    });
    expect(plan.awards.map((award) => award.key)).toEqual(['1']);
  });

  it('pays 2 to every member who gained in a short event, whatever their team', () => {
    const plan = planTeamCompetitionAwards({
      title: 'Team Fishing',
      startsAt: new Date('2026-11-25T04:00:00Z'),
      endsAt: new Date('2026-11-25T05:30:00Z'),
      standings,
      isMember: () => true,
      points: DEFAULT_POINTS,
    });
    expect(new Set(plan.awards.map((award) => award.points))).toEqual(new Set([2]));
    expect(plan.awards.find((award) => award.key === '4')).toMatchObject({ won: true });
    expect(new Set(plan.awards.map((award) => award.reason))).toEqual(
      new Set([
        'Team Fishing: Red, participation',
        'Team Fishing: Blue, participation',
        'Team Fishing: Green, participation',
        'Team Fishing: Grey, participation',
      ]),
    );
  });

  it("pays by the clan's own point values, naming the place by the team's placement", () => {
    const plan = planTeamCompetitionAwards({
      title: 'Team Slayer',
      ...WEEK,
      standings,
      isMember: () => true,
      points: { placements: [20, 4, 4, 4], short: 1, buttons: [1] },
    });
    expect(plan.awards.map((award) => [award.key, award.points, award.reason])).toEqual([
      ['4', 20, 'Team Slayer: Red, 1st place'],
      ['5', 20, 'Team Slayer: Red, 1st place'],
      ['1', 4, 'Team Slayer: Blue, 2nd place'],
      ['2', 4, 'Team Slayer: Blue, 2nd place'],
      ['6', 4, 'Team Slayer: Green, 3rd place'],
      ['7', 4, 'Team Slayer: Grey, participation'],
    ]);
  });
});

describe('teamCompetitionWinners', () => {
  it('names the players who gained in every team tied for first, in their given order', () => {
    const winners = teamCompetitionWinners([
      standing('1', 'A', 6),
      standing('2', 'B', 10),
      standing('3', 'A', 4),
      standing('4', 'C', 3),
      standing('5', 'B', 0),
    ]);
    expect(winners.map((winner) => winner.key)).toEqual(['1', '2', '3']);
  });
});
