import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from '../metrics/metric-catalogue.ts';
import { metricDisplayName } from '../metrics/metric-names.ts';

/**
 * What an event can measure: Wise Old Man's catalogue of metrics, the same a WOM competition takes,
 * grouped as the admin's picker shows them (issue 21: a typed metric could name nothing WOM tracks).
 */
export const EVENT_METRIC_GROUPS = [
  { label: 'Skills', metrics: SKILL_KEYS },
  { label: 'Bosses', metrics: BOSS_KEYS },
  { label: 'Activities', metrics: ACTIVITY_KEYS },
  { label: 'Efficiency', metrics: ['ehp', 'ehb'] },
] as const satisfies ReadonlyArray<{ label: string; metrics: readonly string[] }>;

const EVENT_METRICS: ReadonlySet<string> = new Set(EVENT_METRIC_GROUPS.flatMap((group) => group.metrics));

export const UNKNOWN_METRIC_MESSAGE = "Metric must be one of Wise Old Man's metrics";

export function isEventMetric(metric: string): boolean {
  return EVENT_METRICS.has(metric);
}

const searchable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The groups with only the metrics whose display name or key holds the query ('graar' finds General
 * Graardor, 'clue' every clue tier); groups left empty are dropped. A blank query keeps them all.
 */
export function searchEventMetrics(query: string): Array<{ label: string; metrics: string[] }> {
  const wanted = searchable(query);
  return EVENT_METRIC_GROUPS.map(({ label, metrics }) => ({
    label,
    metrics: metrics.filter(
      (metric) =>
        wanted === '' ||
        searchable(metricDisplayName(metric)).includes(wanted) ||
        searchable(metric).includes(wanted),
    ),
  })).filter((group) => group.metrics.length > 0);
}
