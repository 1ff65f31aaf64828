import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS } from '../clan/default-rules.ts';
import { competitionsOwingResults, paysOnResults, planCompetitionAwards } from './competition-awards.ts';

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
    points: DEFAULT_POINTS,
  });
}

describe('planCompetitionAwards', () => {
  it('awards members by place with a ledger line naming the competition and the place', () => {
    const { winnerNames, awards } = plan(
      [
        ['a', 300],
        ['b', 200],
        ['c', 100],
        ['d', 50],
      ],
      ['a', 'b', 'c', 'd'],
    );
    expect(winnerNames).toEqual(['Player a']);
    expect(awards).toEqual([
      { key: 'a', placement: 1, gained: 300, points: 15, won: true, reason: 'Fishing week: 1st place' },
      { key: 'b', placement: 2, gained: 200, points: 10, won: false, reason: 'Fishing week: 2nd place' },
      { key: 'c', placement: 3, gained: 100, points: 5, won: false, reason: 'Fishing week: 3rd place' },
      { key: 'd', placement: 4, gained: 50, points: 2, won: false, reason: 'Fishing week: participation' },
    ]);
  });

  it('names a non-member who gained most as the winner, and no member as having won', () => {
    const { winnerNames, awards } = plan(
      [
        ['outsider', 500],
        ['a', 300],
      ],
      ['a'],
    );
    expect(winnerNames).toEqual(['Player outsider']);
    expect(awards).toEqual([expect.objectContaining({ key: 'a', placement: 1, points: 15, won: false })]);
  });

  it('names every participant tied for 1st a winner and places the next member 3rd', () => {
    const { winnerNames, awards } = plan(
      [
        ['a', 300],
        ['b', 300],
        ['c', 100],
        ['d', 50],
      ],
      ['a', 'b', 'c', 'd'],
    );
    expect(winnerNames).toEqual(['Player a', 'Player b']);
    expect(
      awards.map((award) => [award.key, award.placement, award.points, award.won, award.reason]),
    ).toEqual([
      ['a', 1, 15, true, 'Fishing week: 1st place'],
      ['b', 1, 15, true, 'Fishing week: 1st place'],
      ['c', 3, 5, false, 'Fishing week: 3rd place'],
      ['d', 4, 2, false, 'Fishing week: participation'],
    ]);
  });

  it('books a tie for 2nd as two 2nd places and no 3rd place', () => {
    const { awards } = plan(
      [
        ['a', 300],
        ['b', 200],
        ['c', 200],
        ['d', 50],
      ],
      ['a', 'b', 'c', 'd'],
    );
    expect(awards.map((award) => award.reason)).toEqual([
      'Fishing week: 1st place',
      'Fishing week: 2nd place',
      'Fishing week: 2nd place',
      'Fishing week: participation',
    ]);
  });

  it('names a non-member tied with a member for the top gain a winner alongside them', () => {
    const { winnerNames, awards } = plan(
      [
        ['outsider', 300],
        ['a', 300],
        ['b', 100],
      ],
      ['a', 'b'],
    );
    expect(winnerNames).toEqual(['Player outsider', 'Player a']);
    expect(awards.map((award) => [award.key, award.won])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('has no winner and awards nothing when nobody gained', () => {
    expect(plan([['a', 0]], ['a'])).toEqual({ winnerNames: [], awards: [] });
  });

  it('pays every member who gained 2 points in a week-long event flagged as short', () => {
    const { winnerNames, awards } = planCompetitionAwards({
      title: 'Fishing week',
      startsAt: START,
      endsAt: new Date(START.getTime() + WEEK),
      short: true,
      standings: standings(['a', 300], ['b', 200], ['c', 100], ['d', 50], ['e', 0]),
      isMember: (key) => key !== 'c',
      points: DEFAULT_POINTS,
    });
    expect(winnerNames).toEqual(['Player a']);
    expect(
      awards.map((award) => [award.key, award.placement, award.points, award.won, award.reason]),
    ).toEqual([
      ['a', 1, 2, true, 'Fishing week: participation'],
      ['b', 2, 2, false, 'Fishing week: participation'],
      ['d', 3, 2, false, 'Fishing week: participation'],
    ]);
  });

  it('pays a week-long event by place when it is not flagged as short', () => {
    const { awards } = planCompetitionAwards({
      title: 'Fishing week',
      startsAt: START,
      endsAt: new Date(START.getTime() + WEEK),
      short: false,
      standings: standings(['a', 300], ['b', 200]),
      isMember: () => true,
      points: DEFAULT_POINTS,
    });
    expect(awards.map((award) => award.points)).toEqual([15, 10]);
  });

  it("pays by the clan's own point values and names a place by its placement, not its points", () => {
    const { awards } = planCompetitionAwards({
      title: 'Fishing week',
      startsAt: START,
      endsAt: new Date(START.getTime() + WEEK),
      standings: standings(['a', 300], ['b', 200], ['c', 100], ['d', 50]),
      isMember: () => true,
      points: { placements: [20, 4, 4, 4], short: 1, buttons: [1] },
    });
    expect(awards.map((award) => [award.key, award.points, award.reason])).toEqual([
      ['a', 20, 'Fishing week: 1st place'],
      ['b', 4, 'Fishing week: 2nd place'],
      ['c', 4, 'Fishing week: 3rd place'],
      ['d', 4, 'Fishing week: participation'],
    ]);
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
  const synced = (...ids: string[]) =>
    ids.map((wom_id) => ({ wom_id, end_date: '2024-06-10T00:00:00Z', manual: false, before_site: false }));

  it('picks only the competitions that owe points, oldest end first', () => {
    expect(competitionsOwingResults(competitions, synced('3', '1', '2'), 10)).toEqual([1, 2, 3]);
  });

  it('stops at the per-run budget, leaving the newest for the next run', () => {
    expect(competitionsOwingResults(competitions, synced('1', '2', '3', '4'), 2)).toEqual([4, 1]);
  });

  it('skips a synced event whose competition the group no longer lists', () => {
    expect(competitionsOwingResults(competitions, synced('9', '1'), 10)).toEqual([1]);
  });

  it("fetches an admin's event linked to a competition the group does not list, ordered by the event's end", () => {
    const owed = [
      ...synced('1', '3'),
      { wom_id: '77', end_date: '2024-06-02T12:00:00Z', manual: true, before_site: false },
    ];
    expect(competitionsOwingResults(competitions, owed, 10)).toEqual([1, 77, 3]);
  });

  it("counts an admin's unlisted competition within the same budget", () => {
    const owed = [
      { wom_id: '77', end_date: '2024-05-01T00:00:00Z', manual: true, before_site: false },
      ...synced('4', '1'),
    ];
    expect(competitionsOwingResults(competitions, owed, 2)).toEqual([77, 4]);
  });

  it("orders an admin's event linked to a group competition by the competition's end", () => {
    const owed = [
      { wom_id: '2', end_date: '2024-05-01T00:00:00Z', manual: true, before_site: false },
      ...synced('1'),
    ];
    expect(competitionsOwingResults(competitions, owed, 10)).toEqual([1, 2]);
  });

  it('fetches what owes points before the results of competitions that ended before this site', () => {
    const history = ['4', '1'].map((wom_id) => ({ ...synced(wom_id)[0]!, before_site: true }));
    expect(competitionsOwingResults(competitions, [...history, ...synced('3')], 2)).toEqual([3, 4]);
    expect(competitionsOwingResults(competitions, [...history, ...synced('3')], 10)).toEqual([3, 4, 1]);
  });
});

describe('paysOnResults', () => {
  it("pays an admin's event and a synced one, but not a synced one from before this site", () => {
    expect(paysOnResults({ manual: true, before_site: false })).toBe(true);
    expect(paysOnResults({ manual: false, before_site: false })).toBe(true);
    expect(paysOnResults({ manual: false, before_site: true })).toBe(false);
  });
});
