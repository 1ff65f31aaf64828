import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CharacterHistoryPoint } from '#core/members/character.schema.ts';
import { formatMillions, formatNumber, formatShortDate } from '../../../lib/format.ts';

interface ChartPoint {
  time: number;
  exp: number;
  ehb: number;
}

/** Up to a month of days, each day's point shows; a longer history reads better as a plain line. */
const MAX_DOTTED_POINTS = 31;

const XP_COLOUR = '#e7c04a';
const EHB_COLOUR = '#5eead4';

function chartPoints(history: readonly CharacterHistoryPoint[]): ChartPoint[] {
  return history
    .map(({ day, exp, ehb }) => ({ time: Date.parse(`${day}T00:00:00.000Z`), exp, ehb }))
    .filter(({ time }) => !Number.isNaN(time));
}

const formatTick = (time: number) => formatShortDate(new Date(time).toISOString());

/**
 * The member's overall XP (left axis) and EHB (right axis), one point a day, as the site stored them
 * from WOM's snapshots. Built on Recharts like the goal and race charts (progress-chart.tsx), which
 * always draw a target this history has none of; only the character page imports it, so Recharts
 * stays out of the other pages' code.
 */
export function CharacterHistoryChart({
  label,
  history,
}: {
  /** What the chart shows, for screen readers: 'Zezima's XP and EHB over time'. */
  label: string;
  history: readonly CharacterHistoryPoint[];
}) {
  const points = chartPoints(history);
  const first = points[0];
  const last = points.at(-1);
  const dotted = points.length <= MAX_DOTTED_POINTS;
  return (
    <figure aria-label={label} className="rounded-lg border border-stone-800 bg-stone-900 p-3">
      {points.length === 0 ? (
        <p className="py-6 text-center text-sm text-stone-400">No history stored yet</p>
      ) : (
        <LineChart
          responsive
          data={points}
          style={{ width: '100%', height: 240 }}
          margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#292524" strokeDasharray="3 3" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={formatTick}
            stroke="#a8a29e"
            fontSize={12}
            minTickGap={24}
          />
          <YAxis
            yAxisId="exp"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(value: number) => formatMillions(value)}
            stroke={XP_COLOUR}
            fontSize={12}
            width={56}
          />
          <YAxis
            yAxisId="ehb"
            orientation="right"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(value: number) => formatNumber(value)}
            stroke={EHB_COLOUR}
            fontSize={12}
            width={44}
          />
          <Tooltip
            labelFormatter={(time) => formatTick(Number(time))}
            formatter={(value) => formatNumber(Number(value))}
            contentStyle={{ background: '#1c1917', border: '1px solid #44403c' }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            yAxisId="exp"
            type="monotone"
            dataKey="exp"
            name="XP"
            stroke={XP_COLOUR}
            strokeWidth={2}
            dot={dotted}
            isAnimationActive={false}
          />
          <Line
            yAxisId="ehb"
            type="monotone"
            dataKey="ehb"
            name="EHB"
            stroke={EHB_COLOUR}
            strokeWidth={2}
            // Dashed, so the XP line still shows where the two lines run together.
            strokeDasharray="6 4"
            dot={dotted}
            isAnimationActive={false}
          />
        </LineChart>
      )}
      {first && last && (
        <figcaption className="mt-2 text-xs text-stone-400">
          {points.length === 1
            ? `One day stored: ${formatTick(first.time)}, ${formatNumber(first.exp)} XP, ${formatNumber(first.ehb)} EHB.`
            : `From ${formatTick(first.time)} to ${formatTick(last.time)}: ${formatNumber(first.exp)} to ${formatNumber(last.exp)} XP, ${formatNumber(first.ehb)} to ${formatNumber(last.ehb)} EHB.`}
        </figcaption>
      )}
    </figure>
  );
}
