import { describe, expect, it } from 'vitest';
import { competitionsOwingResults, planCompetitionAwards } from './competition-awards.ts';

const START = new Date('2024-06-15T18:00:00Z');
const WEEK = 7 * 24 * 3_600_000;

function standings(...rows: Array<[string, number]>) {
  return rows.map(([key, gained]) => ({ key, displayName: `Player ${key}`, gained }));
}

function plan(rows: Array<[string, number]>, members: string[], durationMs = WEEK) {
  return planCompetitionAwards({
    title: 'Fishing week',
    startsAt: START,
    endsAt: new Date(START.getTime() + durationMs),
    standings: standings(...rows),
    isMember: (key) => members.includes(key),
  });
}

describe('planCompetitionAwards', () => {
  it('awards members by place with a ledger line naming the competition and the place', () => {
    const { winnerName, awards } = plan(
      [
        ['a', 300],
        ['b', 200],
        ['c', 100],
        ['d', 50],
      ],
      ['a', 'b', 'c', 'd'],
    );
    expect(winnerName).toBe('Player a');
    expect(awards).toEqual([
      { key: 'a', placement: 1, gained: 300, points: 15, won: true, reason: 'Fishing week: 1st place' },
      { key: 'b', placement: 2, gained: 200, points: 10, won: false, reason: 'Fishing week: 2nd place' },
      { key: 'c', placement: 3, gained: 100, points: 5, won: false, reason: 'Fishing week: 3rd place' },
      { key: 'd', placement: 4, gained: 50, points: 2, won: false, reason: 'Fishing week: participation' },
    ]);
  });

  it('names a non-member who gained most as the winner, and no member as having won', () => {
    const { winnerName, awards } = plan(
      [
        ['outsider', 500],
        ['a', 300],
      ],
      ['a'],
    );
    expect(winnerName).toBe('Player outsider');
    expect(awards).toEqual([expect.objectContaining({ key: 'a', placement: 1, points: 15, won: false })]);
  });

  it('lets every member level with the top gain win', () => {
    const { awards } = plan(
      [
        ['a', 300],
        ['b', 300],
        ['c', 100],
      ],
      ['a', 'b', 'c'],
    );
    expect(awards.map((award) => [award.key, award.placement, award.won])).toEqual([
      ['a', 1, true],
      ['b', 1, true],
      ['c', 2, false],
    ]);
  });

  it('has no winner and awards nothing when nobody gained', () => {
    expect(plan([['a', 0]], ['a'])).toEqual({ winnerName: null, awards: [] });
  });

  it('writes participation for every place in a short event', () => {
    const { awards } = plan(
      [
        ['a', 300],
        ['b', 200],
      ],
      ['a', 'b'],
      3_600_000,
    );
    expect(awards.map((award) => award.reason)).toEqual([
      'Fishing week: participation',
      'Fishing week: participation',
    ]);
  });
});

describe('competitionsOwingResults', () => {
  const competitions = [
    { id: 3, endsAt: '2024-06-03T00:00:00Z' },
    { id: 1, endsAt: '2024-06-01T00:00:00Z' },
    { id: 2, endsAt: '2024-06-02T00:00:00Z' },
    { id: 4, endsAt: '2024-05-30T00:00:00Z' },
  ];

  it('picks only the competitions that owe points, oldest end first', () => {
    expect(competitionsOwingResults(competitions, new Set(['3', '1', '2']), 10).map((c) => c.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it('stops at the per-run budget, leaving the newest for the next run', () => {
    expect(competitionsOwingResults(competitions, new Set(['1', '2', '3', '4']), 2).map((c) => c.id)).toEqual(
      [4, 1],
    );
  });
});
