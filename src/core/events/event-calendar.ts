import { parseIsoDate } from './iso-date.ts';

/** The calendar feed a member subscribes to: every event of the clan, upcoming and recent. */
export const EVENTS_FEED_PATH = '/events.ics';

/** One event as an iCalendar file, for a member who adds just that one to their calendar. */
export function eventCalendarPath(eventId: number): string {
  return `/api/events/${eventId}.ics`;
}

/** How long an ended event stays in the feed: a subscriber still finds last month's in their calendar. */
export const CALENDAR_RECENT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC day of `now` ('2026-12-05'). The feed's events change with the data and with the day (an
 * old event leaves it), never within a day, so the feed is built once per data revision and day.
 */
export function calendarDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The events the feed holds on `day`: each with both dates that ended no earlier than the start of
 * the UTC day CALENDAR_RECENT_DAYS before. An event without a start or an end has no place in a
 * calendar (and none on the events page either).
 */
export function eventsInCalendarFeed<T extends { start_date: string | null; end_date: string | null }>(
  events: readonly T[],
  day: string,
): T[] {
  const cut = Date.parse(`${day}T00:00:00.000Z`) - CALENDAR_RECENT_DAYS * DAY_MS;
  return events.filter((event) => {
    const start = event.start_date === null ? null : parseIsoDate(event.start_date);
    const end = event.end_date === null ? null : parseIsoDate(event.end_date);
    return start !== null && end !== null && end.getTime() >= cut;
  });
}

/**
 * An event's UID in every calendar file: the same whichever host the site is reached at and however
 * often the feed is rebuilt, so a calendar updates the event instead of adding it again. The WOM
 * group keeps two clans' events apart in one member's calendar.
 */
export function calendarEventUid(eventId: number, womGroupId: number): string {
  return `event-${eventId}.wom-group-${womGroupId}@clan-site`;
}
