import { describe, expect, it } from 'vitest';
import { snapshotWithUnrankedAsZero, unrankedAsZero } from './unranked.ts';
import type { PlayerSnapshot } from './wom-data.schema.ts';

describe('unrankedAsZero', () => {
  it("turns WOM's unranked -1 into 0", () => {
    expect(unrankedAsZero(-1)).toBe(0);
  });

  it('keeps 0 and every real value', () => {
    expect(unrankedAsZero(0)).toBe(0);
    expect(unrankedAsZero(5)).toBe(5);
    expect(unrankedAsZero(4_600_000_000)).toBe(4_600_000_000);
  });
});

describe('snapshotWithUnrankedAsZero', () => {
  const snapshot: PlayerSnapshot = {
    createdAt: '2026-11-21T12:00:00.000Z',
    data: {
      skills: {
        overall: { experience: 50_000_000, rank: 300_000, level: 1800 },
        sailing: { experience: -1, rank: -1, level: 1 },
      },
      bosses: {
        zulrah: { kills: 1043, rank: 20_500 },
        abyssal_sire: { kills: -1, rank: -1 },
      },
      activities: {
        clue_scrolls_all: { score: 412, rank: 98_000 },
        bounty_hunter_hunter: { score: -1, rank: -1 },
      },
      computed: { ehb: { value: 142.7, rank: 40_411 } },
    },
  };

  it('stores unranked boss kills, activity scores and skill XP as 0, and leaves ranks alone', () => {
    const cleaned = snapshotWithUnrankedAsZero(snapshot);
    expect(cleaned.data.bosses).toEqual({
      zulrah: { kills: 1043, rank: 20_500 },
      abyssal_sire: { kills: 0, rank: -1 },
    });
    expect(cleaned.data.activities).toEqual({
      clue_scrolls_all: { score: 412, rank: 98_000 },
      bounty_hunter_hunter: { score: 0, rank: -1 },
    });
    expect(cleaned.data.skills.sailing).toEqual({ experience: 0, rank: -1, level: 1 });
    expect(cleaned.data.skills.overall).toEqual(snapshot.data.skills.overall);
    expect(cleaned.data.computed).toEqual(snapshot.data.computed);
    expect(cleaned.createdAt).toBe(snapshot.createdAt);
  });

  it('does not change the snapshot it was given', () => {
    snapshotWithUnrankedAsZero(snapshot);
    expect(snapshot.data.bosses.abyssal_sire).toEqual({ kills: -1, rank: -1 });
  });
});
