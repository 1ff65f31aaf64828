import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS } from '../clan/default-rules.ts';
import { planEventAwards } from './event-awards.ts';

const standings = [
  { key: '1', displayName: 'Ann', gained: 300, team: 'Sharks' },
  { key: '2', displayName: 'Bob', gained: 200, team: 'Minnows' },
  { key: '3', displayName: 'Cid', gained: 150, team: 'Minnows' },
];

const plan = (team: boolean) =>
  planEventAwards({
    title: 'Team Fishing',
    startsAt: new Date('2026-10-01T00:00:00.000Z'),
    endsAt: new Date('2026-10-08T00:00:00.000Z'),
    short: false,
    team,
    standings,
    isMember: () => true,
    points: DEFAULT_POINTS,
  });

describe('planEventAwards', () => {
  it('places a classic competition by each player', () => {
    expect(plan(false).winnerNames).toEqual(['Ann']);
    expect(plan(false).awards.map((award) => [award.key, award.points])).toEqual([
      ['1', 15],
      ['2', 10],
      ['3', 5],
    ]);
  });

  it('places a team competition by its teams', () => {
    expect(plan(true).winnerNames).toEqual(['Bob', 'Cid']);
    expect(plan(true).awards.map((award) => [award.key, award.points, award.reason])).toEqual([
      ['2', 15, 'Team Fishing: Minnows, 1st place'],
      ['3', 15, 'Team Fishing: Minnows, 1st place'],
      ['1', 10, 'Team Fishing: Sharks, 2nd place'],
    ]);
  });

  it("passes the clan's point values to either kind", () => {
    const points = { placements: [30, 20, 12, 4], short: 3, buttons: [1] };
    const plan = (team: boolean) =>
      planEventAwards({
        title: 'Team Fishing',
        startsAt: new Date('2026-10-01T00:00:00.000Z'),
        endsAt: new Date('2026-10-08T00:00:00.000Z'),
        short: false,
        team,
        standings,
        isMember: () => true,
        points,
      });
    expect(plan(false).awards.map((award) => award.points)).toEqual([30, 20, 12]);
    expect(plan(true).awards.map((award) => award.points)).toEqual([30, 30, 20]);
  });
});
