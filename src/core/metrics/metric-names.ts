import { titleCase } from '../members/roles.ts';
import { METRIC_NAMES } from './metric-catalogue.ts';

/** How a metric key is shown: WOM's own name ('Clue Scrolls (All)'), else the key in title case. */
export function metricDisplayName(metric: string): string {
  return Object.hasOwn(METRIC_NAMES, metric) ? (METRIC_NAMES[metric] as string) : titleCase(metric);
}
