import { describe, expect, it } from 'vitest';
import { LEADERBOARD_TOP, hasMoreThanTop, leaderboardTop, rankEntries } from './ranking.ts';

function candidate(name: string, value: number) {
  return { wom_id: `id-${name}`, name, value };
}

describe('rankEntries', () => {
  it('orders players by value, highest first, numbering places from 1', () => {
    const board = rankEntries([candidate('Bea', 20), candidate('Al', 50), candidate('Cy', 35)]);
    expect(board).toEqual([
      { rank: 1, wom_id: 'id-Al', name: 'Al', value: 50 },
      { rank: 2, wom_id: 'id-Cy', name: 'Cy', value: 35 },
      { rank: 3, wom_id: 'id-Bea', name: 'Bea', value: 20 },
    ]);
  });

  it('lets equal values share a place and skips the places they take (1, 1, 3)', () => {
    const board = rankEntries([
      candidate('A', 15),
      candidate('B', 15),
      candidate('C', 10),
      candidate('D', 5),
      candidate('E', 5),
      candidate('F', 5),
      candidate('G', 2),
    ]);
    expect(board.map((entry) => entry.rank)).toEqual([1, 1, 3, 4, 4, 4, 7]);
  });

  it('orders a tie by name, ignoring case, so the board is stable', () => {
    const board = rankEntries([candidate('zed', 3), candidate('Amy', 3), candidate('bob', 3)]);
    expect(board.map((entry) => [entry.name, entry.rank])).toEqual([
      ['Amy', 1],
      ['bob', 1],
      ['zed', 1],
    ]);
  });

  it('leaves out players whose value is 0, negative or unreadable', () => {
    const board = rankEntries([
      candidate('Zero', 0),
      candidate('Minus', -4),
      candidate('Broken', Number.NaN),
      candidate('Endless', Number.POSITIVE_INFINITY),
      candidate('One', 1),
    ]);
    expect(board).toEqual([{ rank: 1, wom_id: 'id-One', name: 'One', value: 1 }]);
  });

  it('gives an empty board when nobody has a value above 0', () => {
    expect(rankEntries([])).toEqual([]);
    expect(rankEntries([candidate('Zero', 0)])).toEqual([]);
  });

  it('does not change the given list', () => {
    const given = [candidate('Low', 1), candidate('High', 9)];
    rankEntries(given);
    expect(given.map((entry) => entry.name)).toEqual(['Low', 'High']);
  });
});

describe('hasMoreThanTop', () => {
  const board = (size: number) =>
    rankEntries(Array.from({ length: size }, (_, index) => candidate(`P${index}`, 100 - index)));

  it('shows the top 10', () => {
    expect(LEADERBOARD_TOP).toBe(10);
  });

  it('offers the full board only above 10 entries', () => {
    expect(hasMoreThanTop(board(0))).toBe(false);
    expect(hasMoreThanTop(board(10))).toBe(false);
    expect(hasMoreThanTop(board(11))).toBe(true);
  });

  it('counts the players tied at 10th in the top, so the button offers only who is below them', () => {
    const tied = rankEntries([
      ...Array.from({ length: 8 }, (_, index) => candidate(`P${index}`, 100 - index)),
      ...Array.from({ length: 8 }, (_, index) => candidate(`Tied${index}`, 50)),
    ]);
    expect(leaderboardTop(tied)).toHaveLength(16);
    expect(
      leaderboardTop(tied)
        .slice(8)
        .map((entry) => entry.rank),
    ).toEqual(Array<number>(8).fill(9));
    expect(hasMoreThanTop(tied)).toBe(false);
    expect(hasMoreThanTop([...tied, { rank: 17, wom_id: 'low', name: 'Low', value: 1 }])).toBe(true);
  });
});
