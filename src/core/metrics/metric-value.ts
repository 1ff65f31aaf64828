import { unrankedAsZero } from '../wom/unranked.ts';
import type { PlayerSnapshot } from '../wom/wom-data.schema.ts';
import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from './metric-catalogue.ts';

export type MetricKind = 'skill' | 'boss' | 'activity';

const KINDS = new Map<string, MetricKind>([
  ...SKILL_KEYS.map((key) => [key, 'skill'] as const),
  ...BOSS_KEYS.map((key) => [key, 'boss'] as const),
  ...ACTIVITY_KEYS.map((key) => [key, 'activity'] as const),
]);

/** Whether the metric is one of WOM's skills, bosses or activities; null for anything else (EHP, typos). */
export function metricKindOf(metric: string): MetricKind | null {
  return KINDS.get(metric) ?? null;
}

/**
 * What a goal or a race tracks for the metric in the snapshot: a skill's experience, a boss's kills,
 * an activity's score, WOM's unranked -1 (under the hiscores' threshold) read as 0, so a first kill
 * counts from 0. Null when the metric is not a tracked one or the snapshot lacks it.
 */
export function metricValue(snapshot: PlayerSnapshot, metric: string): number | null {
  const value = rawMetricValue(snapshot, metric);
  return value === null ? null : unrankedAsZero(value);
}

function rawMetricValue(snapshot: PlayerSnapshot, metric: string): number | null {
  const { skills, bosses, activities } = snapshot.data;
  switch (metricKindOf(metric)) {
    case 'skill':
      return skills[metric]?.experience ?? null;
    case 'boss':
      return bosses[metric]?.kills ?? null;
    case 'activity':
      return activities[metric]?.score ?? null;
    default:
      return null;
  }
}
