import { describe, expect, it } from 'vitest';
import type { WomGroupStats } from '#core/wom/wom-data.schema.ts';
import { metricLeaderRows, searchMetricLeaders } from './metric-leaders.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';

const zezima = { id: 1, displayName: 'Zezima' };
const lynx = { id: 2, displayName: 'Lynx Titan' };

const stats: WomGroupStats = {
  maxedCombatCount: 0,
  maxedTotalCount: 0,
  maxed200msCount: 0,
  averageLevel: 0,
  averageExperience: 0,
  memberCount: 2,
  metricLeaders: {
    bosses: {
      zulrah: { metric: 'zulrah', kills: 900, rank: 40, player: lynx },
      vorkath: { metric: 'vorkath', kills: 1200, rank: 12, player: zezima },
      nex: { metric: 'nex', kills: -1, rank: -1, player: zezima },
      obor: { metric: 'obor', kills: 0, rank: 0, player: zezima },
      mimic: { metric: 'mimic', kills: 5, rank: 3, player: null },
    },
    activities: {
      clue_scrolls_all: { metric: 'clue_scrolls_all', score: 300, rank: 8, player: lynx },
    },
  },
};

describe('metric leader rows', () => {
  it('lists each boss leader by metric name, leaving out metrics with no leader or no kills', () => {
    expect(metricLeaderRows(stats, 'bosses')).toEqual([
      { metric: 'vorkath', name: 'Vorkath', playerName: 'Zezima', playerId: '1', value: 1200, rank: 12 },
      { metric: 'zulrah', name: 'Zulrah', playerName: 'Lynx Titan', playerId: '2', value: 900, rank: 40 },
    ]);
  });

  it("takes an activity's score as its value", () => {
    expect(metricLeaderRows(stats, 'activities')).toEqual([
      {
        metric: 'clue_scrolls_all',
        name: 'Clue Scrolls (All)',
        playerName: 'Lynx Titan',
        playerId: '2',
        value: 300,
        rank: 8,
      },
    ]);
  });

  it('matches the search against the metric or the player, ignoring case and outer spaces', () => {
    const rows = metricLeaderRows(stats, 'bosses');
    expect(searchMetricLeaders(rows, ' VORK ').map((row) => row.metric)).toEqual(['vorkath']);
    expect(searchMetricLeaders(rows, 'lynx').map((row) => row.metric)).toEqual(['zulrah']);
    expect(searchMetricLeaders(rows, '   ')).toEqual(rows);
    expect(searchMetricLeaders(rows, 'jad')).toEqual([]);
  });
});

describe('metric display names', () => {
  it("uses WOM's name for a known metric and title case for anything else", () => {
    expect(metricDisplayName('tzkal_zuk')).toBe('TzKal-Zuk');
    expect(metricDisplayName('league_points')).toBe('League Points');
    expect(metricDisplayName('some_new_boss')).toBe('Some New Boss');
  });
});
