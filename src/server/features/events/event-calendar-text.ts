import ical, { escape } from 'ical-generator';
import { competitionUrl } from '#core/events/competition-url.ts';
import { calendarEventUid } from '#core/events/event-calendar.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';

/** The media type of every calendar file the site sends. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** An event as a calendar file shows it: only one with both dates (stored ISO times, in UTC) has a place. */
export interface CalendarEventRow {
  id: number;
  name: string;
  metric: string | null;
  description: string | null;
  start_date: string;
  end_date: string;
  wom_id: string | null;
  updated_at: string;
}

export interface CalendarSettings {
  clanName: string;
  womGroupId: number;
  /** PUBLIC_URL's origin: where a calendar links an event without a WOM page; null leaves it out. */
  siteOrigin: string | null;
}

/** Calendar apps refetch a subscribed feed about this often. */
const REFRESH_SECONDS = 60 * 60;

function descriptionOf(event: CalendarEventRow): string | null {
  const lines = [
    event.description?.trim() ?? '',
    event.metric ? `Metric: ${metricDisplayName(event.metric)}` : '',
  ].filter((line) => line !== '');
  return lines.length === 0 ? null : lines.join('\n\n');
}

function urlOf(event: CalendarEventRow, siteOrigin: string | null): string | null {
  if (event.wom_id !== null) return competitionUrl(event.wom_id);
  return siteOrigin === null ? null : `${siteOrigin}/events`;
}

/**
 * The events as one iCalendar document (RFC 5545): times in UTC (a calendar shows them in its
 * reader's zone), text escaped and lines folded by ical-generator. Each event's DTSTAMP is its last
 * change, so the same data always gives the same bytes (and ETag).
 */
export function eventCalendarText(events: readonly CalendarEventRow[], settings: CalendarSettings): string {
  const calendar = ical({
    // ical-generator 10 writes the calendar's name as it is given (its events' text it escapes).
    name: escape(`${settings.clanName} events`, false),
    prodId: { company: 'clan-site', product: 'events', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const event of events) {
    calendar.createEvent({
      id: calendarEventUid(event.id, settings.womGroupId),
      start: new Date(event.start_date),
      end: new Date(event.end_date),
      stamp: new Date(event.updated_at),
      summary: event.name,
      description: descriptionOf(event),
      url: urlOf(event, settings.siteOrigin),
    });
  }
  // Every content line ends in CRLF, the last one too (RFC 5545 §3.1); the library leaves it off.
  return `${calendar.toString().trimEnd()}\r\n`;
}
