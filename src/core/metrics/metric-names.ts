import { isMetric, MetricProps } from '@wise-old-man/utils';
import { titleCase } from '../members/roles.ts';

/** How a metric key is shown: WOM's own name ('Clue Scrolls (All)'), else the key in title case. */
export function metricDisplayName(metric: string): string {
  return isMetric(metric) ? MetricProps[metric].name : titleCase(metric);
}
