import type { DatedEvent } from '#core/events/event-status.ts';
import { parseIsoDate } from '#core/events/iso-date.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function timeOf(value: string | Date | null): number {
  if (value instanceof Date) return value.getTime();
  return value === null ? Number.NaN : (parseIsoDate(value)?.getTime() ?? Number.NaN);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** '3 days' or '1 day 23 hours': the second unit is left out when it is zero. */
function twoUnits(ms: number, big: number, bigName: string, small: number, smallName: string): string {
  const whole = Math.floor(ms / big);
  const rest = Math.floor((ms % big) / small);
  return rest === 0 ? plural(whole, bigName) : `${plural(whole, bigName)} ${plural(rest, smallName)}`;
}

/**
 * Time left in its two largest whole units: '1 day 23 hours', '2 hours 30 minutes', '5 minutes',
 * 'less than a minute'. One unit alone read 47 hours as '1 day', nearly half the time wrong.
 */
export function timeLeftText(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe >= DAY_MS) return twoUnits(safe, DAY_MS, 'day', HOUR_MS, 'hour');
  if (safe >= HOUR_MS) return twoUnits(safe, HOUR_MS, 'hour', MINUTE_MS, 'minute');
  if (safe >= MINUTE_MS) return plural(Math.floor(safe / MINUTE_MS), 'minute');
  return 'less than a minute';
}

/** 'Ends in 1 day 23 hours' for an active event. */
export function endsInText(event: DatedEvent, now: Date): string {
  return `Ends in ${timeLeftText(timeOf(event.end_date) - now.getTime())}`;
}

/** 'Starts in 2 hours' for an upcoming event. */
export function startsInText(event: DatedEvent, now: Date): string {
  return `Starts in ${timeLeftText(timeOf(event.start_date) - now.getTime())}`;
}
