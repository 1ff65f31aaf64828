import { dayTickFormatter, formatValueTick, type AxisScale } from '../lib/chart-scale.ts';
import { formatNumber, formatShortDate } from '../lib/format.ts';

/** The site's charts' shared look: Recharts props for a day axis, a value axis and the tooltip. */

const AXIS_COLOUR = '#a8a29e';

/** A chart's point in time as a date: '21 Nov 2026'. */
export const formatChartDay = (time: number) => formatShortDate(new Date(time).toISOString());

/** The x axis of a chart whose points are `{ time }` in milliseconds, labelled on whole days. */
export function dayAxisProps(days: AxisScale) {
  return {
    dataKey: 'time',
    type: 'number',
    scale: 'time',
    domain: days.domain,
    ticks: days.ticks,
    // Where labels would overlap on a phone, the middle ones give way; the first and last stay.
    interval: 'preserveStartEnd',
    tickFormatter: dayTickFormatter(days),
    stroke: AXIS_COLOUR,
    fontSize: 12,
  } as const;
}

/** A value axis labelled with round numbers only, every one of them shown. */
export function valueAxisProps(values: AxisScale, stroke = AXIS_COLOUR) {
  return {
    domain: values.domain,
    ticks: values.ticks,
    interval: 0,
    tickFormatter: formatValueTick,
    stroke,
    fontSize: 12,
    width: 48,
  } as const;
}

export const tooltipProps = {
  labelFormatter: (time: unknown) => formatChartDay(Number(time)),
  formatter: (value: unknown) => formatNumber(Number(value)),
  contentStyle: { background: '#1c1917', border: '1px solid #44403c' },
} as const;
