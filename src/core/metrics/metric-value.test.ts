import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../wom/wom-data.schema.ts';
import { metricKindOf, metricValue } from './metric-value.ts';

const snapshot: PlayerSnapshot = {
  createdAt: '2026-11-21T12:00:00.000Z',
  data: {
    skills: { attack: { experience: 1_234_567, rank: 10, level: 80 } },
    bosses: { zulrah: { kills: 321, rank: 5 } },
    activities: { clue_scrolls_all: { score: 42, rank: 7 } },
    computed: { ehp: { value: 100, rank: 1 } },
  },
};

describe('metricValue', () => {
  it("reads a skill's experience, a boss's kills and an activity's score", () => {
    expect(metricValue(snapshot, 'attack')).toBe(1_234_567);
    expect(metricValue(snapshot, 'zulrah')).toBe(321);
    expect(metricValue(snapshot, 'clue_scrolls_all')).toBe(42);
  });

  it("reads WOM's unranked -1 (under the hiscores' threshold) as 0", () => {
    const unranked: PlayerSnapshot = {
      createdAt: snapshot.createdAt,
      data: {
        skills: { sailing: { experience: -1, rank: -1, level: 1 } },
        bosses: { vorkath: { kills: -1, rank: -1 } },
        activities: { clue_scrolls_all: { score: -1, rank: -1 } },
        computed: {},
      },
    };
    expect(metricValue(unranked, 'sailing')).toBe(0);
    expect(metricValue(unranked, 'vorkath')).toBe(0);
    expect(metricValue(unranked, 'clue_scrolls_all')).toBe(0);
  });

  it('is null for a metric goals and races do not track, or one the snapshot lacks', () => {
    expect(metricValue(snapshot, 'ehp')).toBeNull();
    expect(metricValue(snapshot, 'not_a_metric')).toBeNull();
    expect(metricValue(snapshot, 'strength')).toBeNull();
  });
});

describe('metricKindOf', () => {
  it("names each metric's kind from WOM's catalogue", () => {
    expect(metricKindOf('runecrafting')).toBe('skill');
    expect(metricKindOf('vorkath')).toBe('boss');
    expect(metricKindOf('soul_wars_zeal')).toBe('activity');
    expect(metricKindOf('ehb')).toBeNull();
  });
});
