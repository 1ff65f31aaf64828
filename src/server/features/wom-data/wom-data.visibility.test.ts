import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot, WomGroup, WomGroupStats } from '#core/wom/wom-data.schema.ts';
import {
  hasHiddenLeader,
  withoutHiddenMemberships,
  withoutHiddenStandings,
  withVisibleLeaders,
  type LeaderCandidate,
} from './wom-data.visibility.ts';

function snapshot(zulrah: number, vorkath: number, clues: number): PlayerSnapshot {
  return {
    createdAt: '2026-11-21T12:00:00.000Z',
    data: {
      skills: {},
      bosses: {
        zulrah: { kills: zulrah, rank: zulrah > 0 ? 100_000 - zulrah : -1 },
        vorkath: { kills: vorkath, rank: vorkath > 0 ? 100_000 - vorkath : -1 },
      },
      activities: { clue_scrolls_all: { score: clues, rank: clues > 0 ? 50_000 - clues : -1 } },
      computed: {},
    },
  };
}

const candidate = (id: number, name: string, snap: PlayerSnapshot): LeaderCandidate => ({
  id,
  displayName: name,
  snapshot: snap,
});

const leaders: WomGroupStats['metricLeaders'] = {
  bosses: {
    zulrah: { metric: 'zulrah', kills: 900, rank: 99_100, player: { id: 1, displayName: 'Hidden Ace' } },
    vorkath: { metric: 'vorkath', kills: 50, rank: 99_950, player: { id: 2, displayName: 'Shown' } },
    nex: { metric: 'nex', kills: -1, rank: -1, player: null },
  },
  activities: {
    clue_scrolls_all: {
      metric: 'clue_scrolls_all',
      score: 400,
      rank: 49_600,
      player: { id: 1, displayName: 'Hidden Ace' },
    },
  },
};

describe('taking hidden members out of WOM payloads', () => {
  it('drops hidden memberships and counts them out of memberCount', () => {
    const membership = (playerId: number) => ({
      playerId,
      role: 'opal',
      player: { id: playerId, displayName: `P${playerId}`, type: 'regular', build: 'main', exp: 1, ehb: 0 },
    });
    const group: WomGroup = {
      id: 1234,
      name: 'Siege',
      clanChat: 'Siege',
      description: null,
      homeworld: 517,
      verified: true,
      // WOM counts memberships of players it never tracked too, so it can exceed the list.
      memberCount: 4,
      createdAt: '2022-01-01T00:00:00.000Z',
      updatedAt: '2026-11-21T12:00:00.000Z',
      memberships: [membership(1), membership(2), membership(3)],
    };
    const visible = withoutHiddenMemberships(group, new Set([2]));
    expect(visible.memberships.map((m) => m.playerId)).toEqual([1, 3]);
    expect(visible.memberCount).toBe(3);
    expect(withoutHiddenMemberships(group, new Set())).toEqual(group);
  });

  it('drops hidden participants from standings and keeps the order of the rest', () => {
    const standings = [{ playerId: 5 }, { playerId: 1 }, { playerId: 7 }];
    expect(withoutHiddenStandings(standings, new Set([1]))).toEqual([{ playerId: 5 }, { playerId: 7 }]);
    expect(withoutHiddenStandings(null, new Set([1]))).toBeNull();
  });

  it('hands a hidden leader’s metrics to the best visible member, the first one on a tie', () => {
    const hidden = new Set([1]);
    expect(hasHiddenLeader(leaders, hidden)).toBe(true);
    expect(hasHiddenLeader(leaders, new Set([99]))).toBe(false);
    const result = withVisibleLeaders(leaders, hidden, [
      candidate(3, 'Third', snapshot(400, 10, 380)),
      candidate(4, 'Fourth', snapshot(650, 50, 380)),
      candidate(5, 'Fifth', snapshot(650, 5, 12)),
    ]);
    expect(result.bosses.zulrah).toEqual({
      metric: 'zulrah',
      kills: 650,
      rank: 99_350,
      player: { id: 4, displayName: 'Fourth' },
    });
    expect(result.activities.clue_scrolls_all).toEqual({
      metric: 'clue_scrolls_all',
      score: 380,
      rank: 49_620,
      player: { id: 3, displayName: 'Third' },
    });
    // Visible leaders and metrics nobody leads stay as WOM sent them.
    expect(result.bosses.vorkath).toBe(leaders.bosses.vorkath);
    expect(result.bosses.nex).toBe(leaders.bosses.nex);
  });

  it('names no leader, with 0 and never -1, when no visible member is ranked in the metric', () => {
    // WOM's raw -1 and the stored 0 (kept with rank -1) both mean "not ranked".
    for (const unranked of [-1, 0]) {
      const result = withVisibleLeaders(leaders, new Set([1]), [
        candidate(3, 'Third', snapshot(unranked, 10, unranked)),
      ]);
      expect(result.bosses.zulrah).toEqual({ metric: 'zulrah', kills: 0, rank: -1, player: null });
      expect(result.activities.clue_scrolls_all).toEqual({
        metric: 'clue_scrolls_all',
        score: 0,
        rank: -1,
        player: null,
      });
    }
    expect(withVisibleLeaders(leaders, new Set([1]), []).bosses.zulrah?.player).toBeNull();
  });
});
