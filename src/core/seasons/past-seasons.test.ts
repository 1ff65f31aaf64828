import { describe, expect, it } from 'vitest';
import {
  finalStandings,
  pastSeasonsQuerySchema,
  standingsPage,
  standingsQuerySchema,
} from './past-seasons.ts';

const score = (wom_id: string, name: string, siege_score: number) => ({ wom_id, name, siege_score });

describe('finalStandings', () => {
  it('ranks the archived scores above 0 highest first, ties sharing a place and ordered by name', () => {
    expect(
      finalStandings([
        score('1', 'bravo', 30),
        score('2', 'Zed', 5),
        score('3', 'alpha', 30),
        score('4', 'Nobody', 0),
        score('5', 'Charlie', 12),
      ]),
    ).toEqual([
      { rank: 1, wom_id: '3', name: 'alpha', siege_score: 30 },
      { rank: 1, wom_id: '1', name: 'bravo', siege_score: 30 },
      { rank: 3, wom_id: '5', name: 'Charlie', siege_score: 12 },
      { rank: 4, wom_id: '2', name: 'Zed', siege_score: 5 },
    ]);
  });

  it('orders two members of one name and score by WOM id, so every read pages alike', () => {
    const standings = finalStandings([score('9', 'Twin', 4), score('10', 'Twin', 4)]);
    expect(standings.map((s) => s.wom_id)).toEqual(['10', '9']);
  });
});

describe('standingsPage', () => {
  const standings = finalStandings(
    Array.from({ length: 5 }, (_, i) => score(String(i + 1), `P${i}`, 50 - i)),
  );

  it('gives the places after those shown and where the next page starts, null on the last', () => {
    expect(standingsPage(standings, 0, 2)).toEqual({ items: standings.slice(0, 2), next_cursor: '2' });
    expect(standingsPage(standings, 2, 2)).toEqual({ items: standings.slice(2, 4), next_cursor: '4' });
    expect(standingsPage(standings, 4, 2)).toEqual({ items: standings.slice(4), next_cursor: null });
    expect(standingsPage(standings, 3, 2)).toEqual({ items: standings.slice(3), next_cursor: null });
  });

  it('answers an empty last page past the end', () => {
    expect(standingsPage(standings, 40, 10)).toEqual({ items: [], next_cursor: null });
  });
});

describe('query strings', () => {
  it('takes top and limit from 1 to 100 and a cursor of digits, with defaults', () => {
    expect(pastSeasonsQuerySchema.parse({})).toEqual({ top: 10 });
    expect(pastSeasonsQuerySchema.parse({ top: '100' })).toEqual({ top: 100 });
    expect(standingsQuerySchema.parse({})).toEqual({ limit: 100 });
    expect(standingsQuerySchema.parse({ limit: '5', cursor: '20' })).toEqual({ limit: 5, cursor: 20 });
    for (const bad of [{ top: '0' }, { top: '101' }, { top: '1.5' }, { top: 'x' }]) {
      expect(pastSeasonsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of [{ cursor: '0' }, { cursor: '-1' }, { cursor: 'abc' }, { cursor: '10000000' }]) {
      expect(standingsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
