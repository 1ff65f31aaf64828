import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../wom/wom-data.schema.ts';
import { characterStatsOf, isRanked } from './character-stats.ts';

describe('characterStatsOf', () => {
  it("lists the snapshot's skills, bosses and activities in WOM's order, leaving out what it lacks", () => {
    const snapshot: PlayerSnapshot = {
      createdAt: '2026-11-21T11:00:00.000Z',
      data: {
        // Stored out of order, as a JSON object may come back.
        skills: {
          attack: { experience: 13_034_431, rank: 5, level: 99 },
          overall: { experience: 20_000_000, rank: 9, level: 1_200 },
        },
        bosses: {
          zulrah: { kills: 0, rank: -1 },
          vorkath: { kills: 50, rank: 100 },
          not_a_boss: { kills: 1, rank: 1 },
        },
        activities: { clue_scrolls_all: { score: 3, rank: 7 } },
        computed: { ehb: { value: 10, rank: 1 } },
      },
    };
    expect(characterStatsOf(snapshot)).toEqual({
      skills: [
        { metric: 'overall', level: 1_200, experience: 20_000_000, rank: 9 },
        { metric: 'attack', level: 99, experience: 13_034_431, rank: 5 },
      ],
      bosses: [
        { metric: 'vorkath', kills: 50, rank: 100 },
        { metric: 'zulrah', kills: 0, rank: -1 },
      ],
      activities: [{ metric: 'clue_scrolls_all', score: 3, rank: 7 }],
    });
  });

  it("reads WOM's rank of -1 as not on the hiscores", () => {
    expect(isRanked({ rank: -1 })).toBe(false);
    expect(isRanked({ rank: 1 })).toBe(true);
  });
});
