import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgressPoint } from '#core/goals/goals.schema.ts';
import { formatNumber, formatShortDate } from '../lib/format.ts';

interface ChartPoint {
  time: number;
  value: number;
}

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

const formatTick = (time: number) => formatShortDate(new Date(time).toISOString());

/**
 * The values a goal or race participant had at every sync, over time, against its target: a line at
 * the target and, with a target date, a dashed line from the start to the target by that date. Only
 * the detail pages import this, so Recharts stays out of every other page's code.
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
  const lastTime = points.at(-1)?.time ?? end ?? 0;
  const domainEnd = end !== null && end > lastTime ? end : lastTime;
  const highest = Math.max(target, ...points.map(({ value }) => value));
  return (
    <figure aria-label={label} className="rounded-lg border border-stone-800 bg-stone-900 p-3">
      {points.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-400">No progress recorded yet</p>
      ) : (
        <LineChart
          responsive
          data={points}
          style={{ width: '100%', height: 220 }}
          margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke="#292524" strokeDasharray="3 3" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={[first?.time ?? 'dataMin', domainEnd]}
            tickFormatter={formatTick}
            stroke="#a8a29e"
            fontSize={12}
          />
          <YAxis
            domain={['dataMin', highest]}
            tickFormatter={(value: number) => formatNumber(value)}
            stroke="#a8a29e"
            fontSize={12}
            width={80}
          />
          <Tooltip
            labelFormatter={(time) => formatTick(Number(time))}
            formatter={(value) => formatNumber(Number(value))}
            contentStyle={{ background: '#1c1917', border: '1px solid #44403c' }}
          />
          <ReferenceLine y={target} stroke="#d4a72c" strokeDasharray="4 4" label="Target" />
          {end !== null && <ReferenceLine x={end} stroke="#78716c" strokeDasharray="4 4" />}
          {end !== null && first && (
            <ReferenceLine
              segment={[
                { x: first.time, y: first.value },
                { x: end, y: target },
              ]}
              stroke="#78716c"
              strokeDasharray="2 4"
              ifOverflow="extendDomain"
            />
          )}
          <Line type="monotone" dataKey="value" name="Value" stroke="#e7c04a" strokeWidth={2} dot />
        </LineChart>
      )}
      {end !== null && (
        <figcaption className="mt-2 text-xs text-stone-400">Target by {formatTick(end)}</figcaption>
      )}
    </figure>
  );
}
