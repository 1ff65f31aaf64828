import { ACTIVITIES, BOSSES, METRICS, MetricProps, SKILLS } from '@wise-old-man/utils';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_KEYS, BOSS_KEYS, METRIC_NAMES, SKILL_KEYS } from './metric-catalogue.ts';

describe('metric catalogue', () => {
  it("lists the same skills, bosses and activities as Wise Old Man's library", () => {
    expect(SKILL_KEYS).toEqual(SKILLS);
    expect(BOSS_KEYS).toEqual(BOSSES);
    expect(ACTIVITY_KEYS).toEqual(ACTIVITIES);
  });

  it("names every metric as Wise Old Man's library does", () => {
    expect(METRIC_NAMES).toEqual(
      Object.fromEntries(METRICS.map((metric) => [metric, MetricProps[metric].name])),
    );
  });
});
