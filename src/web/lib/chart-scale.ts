/** An axis's extent and the values it labels. */
export interface AxisScale {
  domain: [number, number];
  ticks: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Steps people read at a glance: 1, 2, 2.5 and 5 times a power of ten. */
const NICE_FACTORS = [1, 2, 2.5, 5, 10];

/** The smallest nice step at least `raw`. */
function niceStepAtLeast(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = NICE_FACTORS.find((candidate) => candidate * power >= raw * (1 - 1e-9)) ?? 10;
  return factor * power;
}

/** The step's multiples from `start` to `end`, without the float noise of adding 0.1 ten times. */
function stepsBetween(start: number, end: number, step: number): number[] {
  const count = Math.round((end - start) / step);
  const decimals = Math.max(0, 1 - Math.floor(Math.log10(step)));
  return Array.from({ length: count + 1 }, (_, index) => Number((start + index * step).toFixed(decimals)));
}

/** A lone value's range: room above and below it, never below 0 for a value that is not. */
function spread(value: number): [number, number] {
  if (value === 0) return [0, 1];
  const pad = Math.abs(value) / 10;
  return [value > 0 ? Math.max(0, value - pad) : value - pad, value + pad];
}

/**
 * A value axis that starts and ends on round numbers and labels only round numbers (25,000, 50,000…
 * or 230M, 240M…), with at most `maxTicks` labels.
 */
export function niceValueScale(values: readonly number[], maxTicks = 5): AxisScale {
  const finite = values.filter(Number.isFinite);
  const [low, high] =
    finite.length === 0
      ? [0, 1]
      : Math.min(...finite) === Math.max(...finite)
        ? spread(finite[0]!)
        : [Math.min(...finite), Math.max(...finite)];
  const intervals = Math.max(1, maxTicks - 1);
  // Float division leaves 25.000000001 where 25 was meant: a hair's tolerance keeps it 25.
  const floorTo = (value: number, step: number) => Math.floor(value / step + 1e-9) * step;
  const ceilTo = (value: number, step: number) => Math.ceil(value / step - 1e-9) * step;
  let step = niceStepAtLeast((high - low) / intervals);
  // Rounding both ends out to the step can need one step more than fits: take the next nice step.
  while (Math.round((ceilTo(high, step) - floorTo(low, step)) / step) > intervals) {
    step = niceStepAtLeast(step * 1.01);
  }
  const start = floorTo(low, step);
  const end = ceilTo(high, step);
  return { domain: [start, end], ticks: stepsBetween(start, end, step) };
}

/** Day steps that read as a calendar does: days, a week, a fortnight, about a month, a quarter, a year. */
const DAY_STEPS = [1, 2, 3, 7, 14, 30, 61, 91, 182, 365];

/**
 * A time axis from the UTC midnight at or before `start` to the one at or after `end` (a day later
 * when they are the same day), labelled on whole days an even number of days apart: never fewer
 * than two labels, at most `maxTicks`.
 */
export function dayScale(start: number, end: number, maxTicks = 5): AxisScale {
  const first = Math.floor(start / DAY_MS) * DAY_MS;
  const days = Math.max(1, Math.ceil((Math.max(end, start) - first) / DAY_MS));
  const most = Math.max(2, maxTicks);
  const stepDays =
    DAY_STEPS.find((step) => Math.floor(days / step) + 1 <= most) ?? Math.ceil(days / (most - 1));
  const ticks = Array.from(
    { length: Math.floor(days / stepDays) + 1 },
    (_, i) => first + i * stepDays * DAY_MS,
  );
  // A span shorter than the step (a day and a half with a step of two) still gets its end labelled.
  if (ticks.length < 2) ticks.push(first + days * DAY_MS);
  return { domain: [first, first + days * DAY_MS], ticks };
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** A value axis label: 250M, 12.5K, 230. */
export function formatValueTick(value: number): string {
  return compact.format(value);
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day axis's labels: '28 Oct', with the year when the axis spans more than one. */
export function dayTickFormatter({ domain }: AxisScale): (time: number) => string {
  const sameYear = new Date(domain[0]).getUTCFullYear() === new Date(domain[1]).getUTCFullYear();
  const format = sameYear ? dayMonth : dayMonthYear;
  return (time) => format.format(new Date(time));
}
