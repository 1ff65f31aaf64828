import { describe, expect, it } from 'vitest';
import {
  CALENDAR_RECENT_DAYS,
  calendarDay,
  calendarEventUid,
  eventCalendarPath,
  eventsInCalendarFeed,
} from './event-calendar.ts';

const event = (id: number, start: string | null, end: string | null) => ({
  id,
  start_date: start,
  end_date: end,
});

describe('the events calendar', () => {
  it('keys the feed on the UTC day, whatever the hour', () => {
    expect(calendarDay(new Date('2026-12-05T00:00:00.000Z'))).toBe('2026-12-05');
    expect(calendarDay(new Date('2026-12-05T23:59:59.999Z'))).toBe('2026-12-05');
  });

  it(`holds upcoming, active and events ended within ${CALENDAR_RECENT_DAYS} days, and leaves out undated ones`, () => {
    const events = [
      event(1, '2026-12-20T18:00:00.000Z', '2026-12-20T20:00:00.000Z'),
      event(2, '2026-12-01T18:00:00.000Z', '2026-12-08T18:00:00.000Z'),
      // Ended at the very start of the day 30 days back: still in.
      event(3, '2026-11-04T00:00:00.000Z', '2026-11-05T00:00:00.000Z'),
      // Ended a moment before it: out.
      event(4, '2026-11-03T00:00:00.000Z', '2026-11-04T23:59:59.999Z'),
      event(5, null, '2026-12-20T20:00:00.000Z'),
      event(6, '2026-12-20T18:00:00.000Z', null),
    ];
    expect(eventsInCalendarFeed(events, '2026-12-05').map((e) => e.id)).toEqual([1, 2, 3]);
  });

  it('names each event by its id and the WOM group, and serves it at its own address', () => {
    expect(calendarEventUid(7, 1234)).toBe('event-7.wom-group-1234@clan-site');
    expect(calendarEventUid(7, 1234)).not.toBe(calendarEventUid(7, 99));
    expect(eventCalendarPath(7)).toBe('/api/events/7.ics');
  });
});
