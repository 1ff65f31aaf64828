import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CharacterHistoryPoint } from '#core/members/character.schema.ts';
import {
  dayAxisProps,
  formatChartDay,
  tooltipProps,
  valueAxisProps,
} from '../../../components/chart-props.ts';
import { dayScale, niceValueScale, type AxisScale } from '../../../lib/chart-scale.ts';
import { formatNumber } from '../../../lib/format.ts';

interface ChartPoint {
  time: number;
  exp: number;
  ehb: number;
}

/** Up to a month of days, each day's point shows; a longer history reads better as a plain line. */
const MAX_DOTTED_POINTS = 31;

const XP_COLOUR = '#e7c04a';
const EHB_COLOUR = '#5eead4';

/** The two charts share their days, so a day sits at the same place in both; hovering one shows both. */
const SYNC_ID = 'character-history';

function chartPoints(history: readonly CharacterHistoryPoint[]): ChartPoint[] {
  return history
    .map(({ day, exp, ehb }) => ({ time: Date.parse(`${day}T00:00:00.000Z`), exp, ehb }))
    .filter(({ time }) => !Number.isNaN(time));
}

/** One measure's chart: its own value axis, round labels, the shared days below it. */
function MeasureChart({
  points,
  days,
  measure,
  name,
  colour,
}: {
  points: readonly ChartPoint[];
  days: AxisScale;
  measure: 'exp' | 'ehb';
  name: string;
  colour: string;
}) {
  const values = niceValueScale(points.map((point) => point[measure]));
  return (
    <div>
      <p className="text-xs font-medium" style={{ color: colour }}>
        {name}
      </p>
      <LineChart
        responsive
        syncId={SYNC_ID}
        data={points}
        style={{ width: '100%', height: 150 }}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke="#292524" strokeDasharray="3 3" />
        <XAxis {...dayAxisProps(days)} />
        <YAxis {...valueAxisProps(values, colour)} />
        <Tooltip {...tooltipProps} />
        <Line
          type="monotone"
          dataKey={measure}
          name={name}
          stroke={colour}
          strokeWidth={2}
          dot={points.length <= MAX_DOTTED_POINTS}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  );
}

/**
 * The member's overall XP and their EHB, one point a day, as the site stored them from WOM's
 * snapshots: a chart each, one above the other, so each has its own axis and neither line runs
 * across the other's labels. Built on Recharts like the goal and race charts (progress-chart.tsx);
 * only the character page imports it, so Recharts stays out of the other pages' code.
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
  const days = first && last ? dayScale(first.time, last.time) : null;
  return (
    <figure aria-label={label} className="rounded-lg border border-stone-800 bg-stone-900 p-3">
      {days ? (
        <div className="space-y-3">
          <MeasureChart points={points} days={days} measure="exp" name="XP" colour={XP_COLOUR} />
          <MeasureChart points={points} days={days} measure="ehb" name="EHB" colour={EHB_COLOUR} />
        </div>
      ) : (
        <p className="py-6 text-center text-sm text-stone-400">No history stored yet</p>
      )}
      {first && last && (
        <figcaption className="mt-2 text-xs text-stone-400">
          {points.length === 1
            ? `One day stored: ${formatChartDay(first.time)}, ${formatNumber(first.exp)} XP, ${formatNumber(first.ehb)} EHB.`
            : `From ${formatChartDay(first.time)} to ${formatChartDay(last.time)}: ${formatNumber(first.exp)} to ${formatNumber(last.exp)} XP, ${formatNumber(first.ehb)} to ${formatNumber(last.ehb)} EHB.`}
        </figcaption>
      )}
    </figure>
  );
}
