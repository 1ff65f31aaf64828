import { parseIsoDate } from './iso-date.ts';

export const EVENT_STATUSES = ['upcoming', 'active', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Event dates as stored: ISO strings (a `Date` from the database driver is accepted too). */
export interface DatedEvent {
  start_date: string | Date | null;
  end_date: string | Date | null;
}

/** How many events of each status the events page shows unless Show All is on (spec §9). */
export const EVENT_LIST_LIMITS = { active: 10, upcoming: 6, completed: 5 } as const;

/** Weekly events last 7 days (spec §9). */
export const WEEKLY_EVENT_DAYS = 7;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds since the epoch of a stored date, or null when missing or unreadable. */
function eventTime(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const time = value instanceof Date ? value.getTime() : (parseIsoDate(value)?.getTime() ?? Number.NaN);
  return Number.isNaN(time) ? null : time;
}

/** Start and end in milliseconds, or null when the event lacks either date. */
function eventSpan(event: DatedEvent): { start: number; end: number } | null {
  const start = eventTime(event.start_date);
  const end = eventTime(event.end_date);
  return start === null || end === null ? null : { start, end };
}

function statusAt(span: { start: number; end: number }, now: number): EventStatus {
  if (now < span.start) return 'upcoming';
  if (now > span.end) return 'completed';
  return 'active';
}

/** Where an event stands at `now`; both bounds count as active. Null when a date is missing or unreadable. */
export function eventStatus(event: DatedEvent, now: Date): EventStatus | null {
  const span = eventSpan(event);
  return span === null ? null : statusAt(span, now.getTime());
}

/**
 * Events split by status, each list in the order the events page shows it: upcoming by soonest start,
 * active by soonest end, completed by most recent end. Events lacking either date are dropped.
 */
export function groupEventsByStatus<T extends DatedEvent>(
  events: T[],
  now: Date,
): { active: T[]; upcoming: T[]; completed: T[] } {
  const grouped: Record<EventStatus, Array<{ event: T; start: number; end: number }>> = {
    upcoming: [],
    active: [],
    completed: [],
  };
  for (const event of events) {
    const span = eventSpan(event);
    if (span !== null) grouped[statusAt(span, now.getTime())].push({ event, ...span });
  }
  return {
    active: grouped.active.sort((a, b) => a.end - b.end).map((entry) => entry.event),
    upcoming: grouped.upcoming.sort((a, b) => a.start - b.start).map((entry) => entry.event),
    completed: grouped.completed.sort((a, b) => b.end - a.end).map((entry) => entry.event),
  };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Time left or taken, in the largest whole unit: '3 days', '1 hour', '5 minutes', 'less than a minute'. */
export function durationText(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe >= DAY_MS) return plural(Math.floor(safe / DAY_MS), 'day');
  if (safe >= HOUR_MS) return plural(Math.floor(safe / HOUR_MS), 'hour');
  if (safe >= MINUTE_MS) return plural(Math.floor(safe / MINUTE_MS), 'minute');
  return 'less than a minute';
}
