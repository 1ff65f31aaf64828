import { describe, expect, it } from 'vitest';
import { DEFAULT_POINTS } from '../clan/default-rules.ts';
import type { ClanPoints } from '../clan/rank-ladder.schema.ts';
import {
  competitionWinners,
  isShortEvent,
  placeByGain,
  placeLabel,
  pointsForPlacement,
  scoreCompetition,
} from './competition-results.ts';

const START = new Date('2024-06-15T18:00:00Z');
const HOUR = 3_600_000;

function after(ms: number): Date {
  return new Date(START.getTime() + ms);
}

function entries(...gains: Array<[string, number]>) {
  return gains.map(([key, gained]) => ({ key, gained }));
}

describe('default points', () => {
  it('gives 15, 10 and 5 to the top three of a long event, 2 for taking part and 2 in a short event', () => {
    expect(DEFAULT_POINTS.placements).toEqual([15, 10, 5, 2]);
    expect(DEFAULT_POINTS.short).toBe(2);
  });

  it('offers the manual increments 2, 5, 10 and 15', () => {
    expect(DEFAULT_POINTS.buttons).toEqual([2, 5, 10, 15]);
  });
});

describe('placeByGain', () => {
  it('places participants by gain, highest first', () => {
    expect(placeByGain(entries(['b', 50], ['a', 200], ['c', 120]))).toEqual([
      { key: 'a', gained: 200, placement: 1 },
      { key: 'c', gained: 120, placement: 2 },
      { key: 'b', gained: 50, placement: 3 },
    ]);
  });

  it('lets ties share a place and skips the places they take, as the leaderboards do', () => {
    const placed = placeByGain(entries(['a', 100], ['b', 100], ['c', 90], ['d', 90], ['e', 10]));
    expect(placed.map((entry) => entry.placement)).toEqual([1, 1, 3, 3, 5]);
  });

  it('keeps the given order among equal gains', () => {
    expect(placeByGain(entries(['z', 5], ['a', 5], ['m', 5])).map((entry) => entry.key)).toEqual([
      'z',
      'a',
      'm',
    ]);
  });

  it('leaves out participants who gained nothing, lost, or have no readable gain', () => {
    const placed = placeByGain(entries(['a', 0], ['b', -10], ['c', Number.NaN], ['d', 1]));
    expect(placed).toEqual([{ key: 'd', gained: 1, placement: 1 }]);
  });

  it('places nobody when nobody gained', () => {
    expect(placeByGain([])).toEqual([]);
    expect(placeByGain(entries(['a', 0]))).toEqual([]);
  });

  it('does not change the given list', () => {
    const given = entries(['a', 1], ['b', 2]);
    placeByGain(given);
    expect(given.map((entry) => entry.key)).toEqual(['a', 'b']);
  });
});

describe('isShortEvent', () => {
  it('treats events lasting 1 to 2 hours, both included, as short', () => {
    expect(isShortEvent(START, after(HOUR))).toBe(true);
    expect(isShortEvent(START, after(1.5 * HOUR))).toBe(true);
    expect(isShortEvent(START, after(2 * HOUR))).toBe(true);
  });

  it('treats events longer than 2 hours as long', () => {
    expect(isShortEvent(START, after(2 * HOUR + 1))).toBe(false);
    expect(isShortEvent(START, after(7 * 24 * HOUR))).toBe(false);
  });

  it('does not treat events under an hour as short', () => {
    expect(isShortEvent(START, after(HOUR - 1))).toBe(false);
    expect(isShortEvent(START, START)).toBe(false);
  });
});

describe('pointsForPlacement', () => {
  it('gives a long event 15, 10 and 5 points for the top three', () => {
    expect(pointsForPlacement(1, false, DEFAULT_POINTS)).toBe(15);
    expect(pointsForPlacement(2, false, DEFAULT_POINTS)).toBe(10);
    expect(pointsForPlacement(3, false, DEFAULT_POINTS)).toBe(5);
  });

  it('gives every other place of a long event 2 points', () => {
    expect(pointsForPlacement(4, false, DEFAULT_POINTS)).toBe(2);
    expect(pointsForPlacement(57, false, DEFAULT_POINTS)).toBe(2);
  });

  it('gives every place of a short event 2 points', () => {
    expect(pointsForPlacement(1, true, DEFAULT_POINTS)).toBe(2);
    expect(pointsForPlacement(2, true, DEFAULT_POINTS)).toBe(2);
    expect(pointsForPlacement(12, true, DEFAULT_POINTS)).toBe(2);
  });

  it('gives no points for a place below 1', () => {
    expect(pointsForPlacement(0, false, DEFAULT_POINTS)).toBe(0);
    expect(pointsForPlacement(-1, true, DEFAULT_POINTS)).toBe(0);
    expect(pointsForPlacement(Number.NaN, false, DEFAULT_POINTS)).toBe(0);
  });

  it("pays by the clan's own point values when it set others", () => {
    const points: ClanPoints = { placements: [30, 20, 12, 4], short: 3, buttons: [1] };
    expect(pointsForPlacement(1, false, points)).toBe(30);
    expect(pointsForPlacement(2, false, points)).toBe(20);
    expect(pointsForPlacement(3, false, points)).toBe(12);
    expect(pointsForPlacement(4, false, points)).toBe(4);
    expect(pointsForPlacement(40, false, points)).toBe(4);
    expect(pointsForPlacement(1, true, points)).toBe(3);
    expect(pointsForPlacement(9, true, points)).toBe(3);
    expect(pointsForPlacement(0, false, points)).toBe(0);
  });

  it('pays 0 for a place the clan set to 0', () => {
    const points: ClanPoints = { placements: [10, 0, 0, 0], short: 0, buttons: [1] };
    expect(pointsForPlacement(1, false, points)).toBe(10);
    expect(pointsForPlacement(2, false, points)).toBe(0);
    expect(pointsForPlacement(5, false, points)).toBe(0);
    expect(pointsForPlacement(1, true, points)).toBe(0);
  });
});

describe('placeLabel', () => {
  const ordinal = (place: number) => ['1st', '2nd', '3rd'][place - 1] ?? `${place}th`;

  it('names the top three places of a long event', () => {
    expect(placeLabel(1, false, ordinal)).toBe('1st place');
    expect(placeLabel(2, false, ordinal)).toBe('2nd place');
    expect(placeLabel(3, false, ordinal)).toBe('3rd place');
  });

  it('calls every place beyond the top three participation', () => {
    expect(placeLabel(4, false, ordinal)).toBe('participation');
    expect(placeLabel(57, false, ordinal)).toBe('participation');
  });

  it('calls every place of a short event participation, 1st included', () => {
    expect(placeLabel(1, true, ordinal)).toBe('participation');
    expect(placeLabel(3, true, ordinal)).toBe('participation');
  });
});

describe('scoreCompetition', () => {
  const clan = new Set(['a', 'b', 'c', 'd', 'e', 'f']);
  const isMember = (key: string) => clan.has(key);
  const WEEK = 7 * 24 * HOUR;

  /** Each member's place and points in a week-long event. */
  function longEvent(...gains: Array<[string, number]>) {
    return scoreCompetition({
      startsAt: START,
      endsAt: after(WEEK),
      entries: entries(...gains),
      isMember,
      points: DEFAULT_POINTS,
    }).map((entry) => [entry.key, entry.placement, entry.points]);
  }

  it('scores a long event 15, 10 and 5 for the top three and 2 for every other member who gained', () => {
    const scored = scoreCompetition({
      startsAt: START,
      endsAt: after(WEEK),
      entries: entries(['a', 500], ['b', 400], ['c', 300], ['d', 100], ['e', 50]),
      isMember,
      points: DEFAULT_POINTS,
    });
    expect(scored).toEqual([
      { key: 'a', gained: 500, placement: 1, points: 15, short: false },
      { key: 'b', gained: 400, placement: 2, points: 10, short: false },
      { key: 'c', gained: 300, placement: 3, points: 5, short: false },
      { key: 'd', gained: 100, placement: 4, points: 2, short: false },
      { key: 'e', gained: 50, placement: 5, points: 2, short: false },
    ]);
  });

  it('gives both members tied for 1st 15 points and the next member 3rd place, not 2nd', () => {
    expect(longEvent(['a', 500], ['b', 500], ['c', 300], ['d', 100])).toEqual([
      ['a', 1, 15],
      ['b', 1, 15],
      ['c', 3, 5],
      ['d', 4, 2],
    ]);
  });

  it('gives both members tied for 2nd 10 points and the next member 4th place', () => {
    expect(longEvent(['a', 500], ['b', 300], ['c', 300], ['d', 100])).toEqual([
      ['a', 1, 15],
      ['b', 2, 10],
      ['c', 2, 10],
      ['d', 4, 2],
    ]);
  });

  it('gives a three-way tie for 1st 15 points each and no 2nd or 3rd place', () => {
    expect(longEvent(['a', 500], ['b', 500], ['c', 500], ['d', 100])).toEqual([
      ['a', 1, 15],
      ['b', 1, 15],
      ['c', 1, 15],
      ['d', 4, 2],
    ]);
  });

  it('gives a tie for 3rd 5 points each and a tie beyond 3rd 2 points each', () => {
    expect(longEvent(['a', 600], ['b', 500], ['c', 400], ['d', 400], ['e', 100], ['f', 100])).toEqual([
      ['a', 1, 15],
      ['b', 2, 10],
      ['c', 3, 5],
      ['d', 3, 5],
      ['e', 5, 2],
      ['f', 5, 2],
    ]);
  });

  it('leaves out members who gained nothing or lost, giving them no place and no points', () => {
    expect(longEvent(['a', 0], ['b', 200], ['c', -50], ['d', 200])).toEqual([
      ['b', 1, 15],
      ['d', 1, 15],
    ]);
  });

  it('removes non-members before placing, so they take no place from members', () => {
    const scored = scoreCompetition({
      startsAt: START,
      endsAt: after(24 * HOUR),
      entries: entries(['outsider', 1000], ['a', 500], ['guest', 400], ['b', 300]),
      isMember,
      points: DEFAULT_POINTS,
    });
    expect(scored).toEqual([
      { key: 'a', gained: 500, placement: 1, points: 15, short: false },
      { key: 'b', gained: 300, placement: 2, points: 10, short: false },
    ]);
  });

  it('gives every member who gained 2 points in a short event, ties included', () => {
    const scored = scoreCompetition({
      startsAt: START,
      endsAt: after(2 * HOUR),
      entries: entries(['a', 500], ['b', 500], ['c', 100], ['d', 0], ['x', 900]),
      isMember,
      points: DEFAULT_POINTS,
    });
    expect(scored.map((entry) => [entry.key, entry.placement, entry.points])).toEqual([
      ['a', 1, 2],
      ['b', 1, 2],
      ['c', 3, 2],
    ]);
    expect(scored.every((entry) => entry.short)).toBe(true);
  });

  it('gives every member who gained 2 points in a week-long event flagged as short', () => {
    const scored = scoreCompetition({
      startsAt: START,
      endsAt: after(WEEK),
      short: true,
      entries: entries(['a', 500], ['b', 400], ['c', 300], ['d', 0], ['x', 900]),
      isMember,
      points: DEFAULT_POINTS,
    });
    expect(scored.map((entry) => [entry.key, entry.placement, entry.points])).toEqual([
      ['a', 1, 2],
      ['b', 2, 2],
      ['c', 3, 2],
    ]);
    expect(scored.every((entry) => entry.short)).toBe(true);
  });

  it('still pays a 90-minute event as short when the flag is off: the dates decide then', () => {
    const scored = scoreCompetition({
      startsAt: START,
      endsAt: after(1.5 * HOUR),
      short: false,
      entries: entries(['a', 500], ['b', 400]),
      isMember,
      points: DEFAULT_POINTS,
    });
    expect(scored.map((entry) => entry.points)).toEqual([2, 2]);
  });

  it("scores by the clan's own point values", () => {
    const points: ClanPoints = { placements: [30, 20, 12, 4], short: 3, buttons: [1] };
    const long = scoreCompetition({
      startsAt: START,
      endsAt: after(WEEK),
      entries: entries(['a', 500], ['b', 400], ['c', 400], ['d', 100], ['e', 50]),
      isMember,
      points,
    });
    expect(long.map((entry) => [entry.key, entry.placement, entry.points])).toEqual([
      ['a', 1, 30],
      ['b', 2, 20],
      ['c', 2, 20],
      ['d', 4, 4],
      ['e', 5, 4],
    ]);
    const short = scoreCompetition({
      startsAt: START,
      endsAt: after(HOUR),
      entries: entries(['a', 500], ['b', 400]),
      isMember,
      points,
    });
    expect(short.map((entry) => [entry.key, entry.points, entry.short])).toEqual([
      ['a', 3, true],
      ['b', 3, true],
    ]);
  });

  it('scores nobody when no member gained', () => {
    expect(
      scoreCompetition({
        startsAt: START,
        endsAt: after(48 * HOUR),
        entries: entries(['a', 0]),
        isMember,
        points: DEFAULT_POINTS,
      }),
    ).toEqual([]);
  });
});

describe('competitionWinners', () => {
  it('is the participant with the highest gain', () => {
    expect(competitionWinners(entries(['a', 10], ['b', 300], ['c', 200]))).toEqual(['b']);
  });

  it('is every participant tied for the highest gain, in the given order', () => {
    expect(competitionWinners(entries(['a', 10], ['c', 300], ['b', 300]))).toEqual(['c', 'b']);
  });

  it('is all three of a three-way tie for the highest gain', () => {
    expect(competitionWinners(entries(['a', 300], ['b', 300], ['c', 300], ['d', 299]))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('is nobody when nobody gained', () => {
    expect(competitionWinners([])).toEqual([]);
    expect(competitionWinners(entries(['a', 0], ['b', -5], ['c', Number.NaN]))).toEqual([]);
  });

  it('works with any key type', () => {
    expect(competitionWinners([{ key: 42, gained: 1 }])).toEqual([42]);
  });
});
