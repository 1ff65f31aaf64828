import { isActivity, isBoss, isComputedMetric, isSkill, type Metric } from '@wise-old-man/utils';
import { activityIndex, activityMinimum, bossIndex, bossMinimum, indexOfSkill, round5 } from './catalogue.ts';
import { bossEntries, skillEntries } from './snapshot.ts';
import type { RawStats } from './timeline.ts';
import type { SimPlayer } from './world.ts';

/**
 * The raw amount of a metric (XP, kills, score or hours) before the hiscores threshold; competition
 * gains are computed on these.
 */
export function rawMetricValue(raw: RawStats, player: SimPlayer, metric: Metric): number {
  if (metric === 'overall') return raw.xp.reduce((sum, xp) => sum + xp, 0);
  if (isSkill(metric)) return raw.xp[indexOfSkill(metric)] ?? 0;
  if (isBoss(metric)) return raw.kills[bossIndex.get(metric) ?? -1] ?? 0;
  if (isActivity(metric)) return raw.scores[activityIndex.get(metric) ?? -1] ?? 0;
  if (metric === 'ehp') return round5(skillEntries(raw.xp).ehp);
  return round5(bossEntries(raw.kills, player.build).ehb);
}

/** The smallest amount the hiscores show for a metric. */
export function minimumShown(metric: Metric): number {
  if (isBoss(metric)) return bossMinimum(metric);
  if (isActivity(metric)) return activityMinimum(metric);
  return isComputedMetric(metric) ? 0 : 1;
}

/** As the hiscores report it: -1 under the minimum, and 0 also reads as -1 (the MetricDelta rule). */
export function reported(metric: Metric, value: number): number {
  return value >= minimumShown(metric) && value > 0 ? value : -1;
}

/**
 * The gain between two reported values, the way the server treats unranked ends: nothing is gained
 * into or out of "unranked" for overall, kills count from just under the minimum, hours never go
 * negative.
 */
export function reportedGain(metric: Metric, start: number, end: number): number {
  if (metric === 'overall') return start === -1 ? 0 : end - start;
  if (isSkill(metric)) return Math.max(0, end) - Math.max(0, start);
  if (isComputedMetric(metric)) return round5(Math.max(0, end) - Math.max(0, start));
  if (end === -1) return 0;
  return end - Math.max(start, minimumShown(metric) - 1);
}
