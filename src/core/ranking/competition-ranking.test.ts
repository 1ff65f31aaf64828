import { describe, expect, it } from 'vitest';
import { rankByValue, topPlaces } from './competition-ranking.ts';

function ranks(values: number[]): Array<[number, number]> {
  return rankByValue(values, (value) => value).map(({ item, rank }) => [item, rank]);
}

describe('rankByValue', () => {
  it('ranks the highest value first, numbering places from 1', () => {
    expect(ranks([20, 50, 35])).toEqual([
      [50, 1],
      [35, 2],
      [20, 3],
    ]);
  });

  it('lets a tie for 1st share the place and skips the next (1, 1, 3)', () => {
    expect(ranks([100, 90, 100, 80])).toEqual([
      [100, 1],
      [100, 1],
      [90, 3],
      [80, 4],
    ]);
  });

  it('lets a tie for 2nd share the place and skips the next (1, 2, 2, 4)', () => {
    expect(ranks([100, 90, 90, 80]).map(([, rank]) => rank)).toEqual([1, 2, 2, 4]);
  });

  it('puts a three-way tie on one place and the next value three places down (1, 1, 1, 4)', () => {
    expect(ranks([7, 7, 7, 3]).map(([, rank]) => rank)).toEqual([1, 1, 1, 4]);
  });

  it('shares places beyond 3rd the same way (1, 2, 3, 4, 4, 6)', () => {
    expect(ranks([60, 50, 40, 30, 30, 20]).map(([, rank]) => rank)).toEqual([1, 2, 3, 4, 4, 6]);
  });

  it('places nothing whose value is 0, negative or unreadable', () => {
    expect(ranks([0, -4, Number.NaN, Number.POSITIVE_INFINITY, 1])).toEqual([[1, 1]]);
    expect(ranks([0])).toEqual([]);
    expect(ranks([])).toEqual([]);
  });

  it('keeps the given order among equal values unless told how to break the tie', () => {
    const players = [
      { name: 'zed', value: 3 },
      { name: 'Amy', value: 3 },
    ];
    const valueOf = (player: { value: number }) => player.value;
    expect(rankByValue(players, valueOf).map(({ item }) => item.name)).toEqual(['zed', 'Amy']);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(
      rankByValue(players, valueOf, { breakTie: byName }).map(({ item, rank }) => [item.name, rank]),
    ).toEqual([
      ['Amy', 1],
      ['zed', 1],
    ]);
  });

  it('does not change the given list', () => {
    const given = [1, 9];
    rankByValue(given, (value) => value);
    expect(given).toEqual([1, 9]);
  });

  it('ranks the lowest value first when told the lowest is best, ties alike (1, 2, 2, 4)', () => {
    const times = rankByValue([95, 80, 95, 120], (time) => time, { lowestFirst: true });
    expect(times.map(({ item, rank }) => [item, rank])).toEqual([
      [80, 1],
      [95, 2],
      [95, 2],
      [120, 4],
    ]);
  });

  it('lists everyone tied at the cut: eight tied for 9th in a top 10 make 16 places', () => {
    const values = [20, 19, 18, 17, 16, 15, 14, 13, ...Array<number>(8).fill(5), 4, 3];
    const top = rankByValue(values, (value) => value, { top: 10 });
    expect(top).toHaveLength(16);
    expect(top.slice(8).map(({ rank }) => rank)).toEqual(Array<number>(8).fill(9));
    expect(rankByValue([9, 9, 9, 9, 1], (value) => value, { top: 3 }).map(({ rank }) => rank)).toEqual([
      1, 1, 1, 1,
    ]);
  });
});

describe('topPlaces', () => {
  it('keeps the places up to the cut, every tie at the cut included', () => {
    const ranked = [1, 2, 3, 3, 3, 6].map((rank) => ({ rank }));
    expect(topPlaces(ranked, 3)).toHaveLength(5);
    expect(topPlaces(ranked, 2)).toHaveLength(2);
    expect(topPlaces(ranked, 0)).toEqual([]);
  });
});
