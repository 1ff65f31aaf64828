import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgressPoint } from '#core/goals/goals.schema.ts';
import { dayScale, niceValueScale, type AxisScale } from '../lib/chart-scale.ts';
import { dayAxisProps, formatChartDay, tooltipProps, valueAxisProps } from './chart-props.ts';
import { formatNumber } from '../lib/format.ts';

interface ChartPoint {
  time: number;
  value: number;
}

const VALUE_COLOUR = '#e7c04a';
const TARGET_COLOUR = '#d4a72c';
const SCHEDULE_COLOUR = '#78716c';

function chartPoints(history: readonly ProgressPoint[]): ChartPoint[] {
  return history
    .map(({ value, recorded_at }) => ({ time: new Date(recorded_at).getTime(), value }))
    .filter(({ time }) => !Number.isNaN(time));
}

/** A calendar date or timestamp as milliseconds, or null when there is none (or it is unreadable). */
function timeOf(date: string | null | undefined): number | null {
  if (!date) return null;
  const time = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : date).getTime();
  return Number.isNaN(time) ? null : time;
}

/**
 * The chart's axes: whole days from the first value to the last or the target date, whichever is
 * later (always at least two labelled days), and round values from the lowest value to the target.
 */
export function progressAxes(
  points: readonly ChartPoint[],
  target: number,
  end: number | null,
): { x: AxisScale; y: AxisScale } {
  const times = points.map(({ time }) => time);
  const first = Math.min(...times);
  const last = Math.max(...times, end ?? -Infinity);
  return { x: dayScale(first, last), y: niceValueScale([...points.map(({ value }) => value), target]) };
}

/** A legend entry: a short line drawn as the chart draws it, and its name. */
function Key({ colour, dash, children }: { colour: string; dash?: string; children: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <svg aria-hidden="true" width="20" height="6" className="shrink-0">
        <line x1="0" y1="3" x2="20" y2="3" stroke={colour} strokeWidth="2" strokeDasharray={dash} />
      </svg>
      {children}
    </li>
  );
}

/**
 * The values a goal or race participant had at every sync, over time, against its target: a line at
 * the target and, with a target date, a dotted line from the start to the target by that date. The
 * lines are named in a legend below the plot, so no label sits where a line may cross it. Only the
 * detail pages import this, so Recharts stays out of every other page's code.
 */
export function ProgressChart({
  label,
  history,
  target,
  targetDate,
}: {
  /** What the chart shows, for screen readers: 'Fishing progress over time'. */
  label: string;
  history: readonly ProgressPoint[];
  target: number;
  targetDate?: string | null;
}) {
  const points = chartPoints(history);
  const first = points[0];
  const end = timeOf(targetDate);
  const axes = points.length === 0 ? null : progressAxes(points, target, end);
  return (
    <figure aria-label={label} className="rounded-lg border border-stone-800 bg-stone-900 p-3">
      {axes === null ? (
        <p className="py-6 text-center text-sm text-stone-400">No progress recorded yet</p>
      ) : (
        <LineChart
          responsive
          data={points}
          style={{ width: '100%', height: 220 }}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#292524" strokeDasharray="3 3" />
          <XAxis {...dayAxisProps(axes.x)} />
          <YAxis {...valueAxisProps(axes.y)} />
          <Tooltip {...tooltipProps} />
          <ReferenceLine y={target} stroke={TARGET_COLOUR} strokeDasharray="4 4" />
          {end !== null && <ReferenceLine x={end} stroke={SCHEDULE_COLOUR} strokeDasharray="4 4" />}
          {end !== null && first && (
            <ReferenceLine
              segment={[
                { x: first.time, y: first.value },
                { x: end, y: target },
              ]}
              stroke={SCHEDULE_COLOUR}
              strokeDasharray="2 4"
            />
          )}
          <Line
            type="monotone"
            dataKey="value"
            name="Value"
            stroke={VALUE_COLOUR}
            strokeWidth={2}
            dot
            isAnimationActive={false}
          />
        </LineChart>
      )}
      <figcaption className="mt-2 space-y-1 text-xs text-stone-400">
        {axes !== null && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Legend">
            <Key colour={VALUE_COLOUR}>Value</Key>
            <Key colour={TARGET_COLOUR} dash="4 4">
              {`Target: ${formatNumber(target)}`}
            </Key>
            {end !== null && (
              <Key colour={SCHEDULE_COLOUR} dash="2 4">
                On schedule
              </Key>
            )}
          </ul>
        )}
        {end !== null && <p>Target by {formatChartDay(end)}</p>}
      </figcaption>
    </figure>
  );
}
