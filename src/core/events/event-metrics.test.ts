import { isMetric } from '@wise-old-man/utils';
import { describe, expect, it } from 'vitest';
import { EVENT_METRIC_GROUPS, isEventMetric, searchEventMetrics } from './event-metrics.ts';

describe('event metrics', () => {
  it("holds only metrics Wise Old Man knows, a competition's skill, boss, activity or efficiency", () => {
    for (const group of EVENT_METRIC_GROUPS)
      for (const metric of group.metrics) expect(isMetric(metric)).toBe(true);
    expect(isEventMetric('fishing')).toBe(true);
    expect(isEventMetric('general_graardor')).toBe(true);
    expect(isEventMetric('ehb')).toBe(true);
    expect(isEventMetric('Fishing')).toBe(false);
    expect(isEventMetric('zulrah kills')).toBe(false);
  });

  it('finds metrics by display name or key, dropping empty groups', () => {
    expect(searchEventMetrics('graar')).toEqual([{ label: 'Bosses', metrics: ['general_graardor'] }]);
    expect(searchEventMetrics('Clue Scrolls (Hard)')).toEqual([
      { label: 'Activities', metrics: ['clue_scrolls_hard'] },
    ]);
    expect(searchEventMetrics('nothing like this')).toEqual([]);
    expect(searchEventMetrics('  ').map((group) => group.label)).toEqual([
      'Skills',
      'Bosses',
      'Activities',
      'Efficiency',
    ]);
  });
});
