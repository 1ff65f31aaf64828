import { describe, expect, it } from 'vitest';
import {
  EVENT_LIST_LIMITS,
  WEEKLY_EVENT_DAYS,
  durationText,
  eventStatus,
  groupEventsByStatus,
} from './event-status.ts';

const NOW = new Date('2024-06-15T12:00:00Z');

function event(name: string, start_date: string | null, end_date: string | null) {
  return { name, start_date, end_date };
}

describe('eventStatus', () => {
  const weekly = event('Weekly', '2024-06-10T00:00:00Z', '2024-06-17T00:00:00Z');

  it('is upcoming before the start', () => {
    expect(eventStatus(weekly, new Date('2024-06-09T23:59:59.999Z'))).toBe('upcoming');
  });

  it('is active from the start to the end, both included', () => {
    expect(eventStatus(weekly, new Date('2024-06-10T00:00:00Z'))).toBe('active');
    expect(eventStatus(weekly, NOW)).toBe('active');
    expect(eventStatus(weekly, new Date('2024-06-17T00:00:00Z'))).toBe('active');
  });

  it('is completed after the end', () => {
    expect(eventStatus(weekly, new Date('2024-06-17T00:00:00.001Z'))).toBe('completed');
  });

  it('reads date-only values as UTC midnight', () => {
    expect(eventStatus(event('Day', '2024-06-15', '2024-06-16'), NOW)).toBe('active');
    expect(eventStatus(event('Later', '2024-06-16', '2024-06-20'), NOW)).toBe('upcoming');
  });

  it('accepts Date values from the database driver', () => {
    expect(
      eventStatus(
        { start_date: new Date('2024-06-01T00:00:00Z'), end_date: new Date('2024-06-02T00:00:00Z') },
        NOW,
      ),
    ).toBe('completed');
  });

  it('has no status when either date is missing', () => {
    expect(eventStatus(event('No start', null, '2024-06-17T00:00:00Z'), NOW)).toBeNull();
    expect(eventStatus(event('No end', '2024-06-10T00:00:00Z', null), NOW)).toBeNull();
    expect(eventStatus(event('Neither', null, null), NOW)).toBeNull();
  });

  it('has no status when either date is unreadable', () => {
    expect(eventStatus(event('Garbage', 'next week', '2024-06-17T00:00:00Z'), NOW)).toBeNull();
    expect(eventStatus(event('Impossible', '2024-06-10', '2024-06-31'), NOW)).toBeNull();
    expect(eventStatus(event('Empty', '', '2024-06-17'), NOW)).toBeNull();
    expect(eventStatus({ start_date: new Date('nope'), end_date: new Date('2024-06-17') }, NOW)).toBeNull();
  });
});

describe('groupEventsByStatus', () => {
  it('splits events by status and drops events lacking a date', () => {
    const events = [
      event('Past', '2024-06-01', '2024-06-08'),
      event('Now', '2024-06-14', '2024-06-16'),
      event('Next', '2024-06-20', '2024-06-27'),
      event('Undated', null, '2024-06-16'),
      event('Broken', '2024-06-14', 'tomorrow'),
    ];
    const grouped = groupEventsByStatus(events, NOW);
    expect(grouped.completed.map((e) => e.name)).toEqual(['Past']);
    expect(grouped.active.map((e) => e.name)).toEqual(['Now']);
    expect(grouped.upcoming.map((e) => e.name)).toEqual(['Next']);
  });

  it('sorts upcoming events by soonest start', () => {
    const events = [
      event('Late', '2024-07-01', '2024-07-02'),
      event('Soon', '2024-06-16', '2024-08-01'),
      event('Middle', '2024-06-20', '2024-06-21'),
    ];
    expect(groupEventsByStatus(events, NOW).upcoming.map((e) => e.name)).toEqual(['Soon', 'Middle', 'Late']);
  });

  it('sorts active events by soonest end', () => {
    const events = [
      event('Long', '2024-06-01', '2024-07-01'),
      event('Ending', '2024-06-14', '2024-06-15T13:00:00Z'),
      event('Week', '2024-06-15', '2024-06-22'),
    ];
    expect(groupEventsByStatus(events, NOW).active.map((e) => e.name)).toEqual(['Ending', 'Week', 'Long']);
  });

  it('sorts completed events by most recent end', () => {
    const events = [
      event('Old', '2024-01-01', '2024-01-08'),
      event('Recent', '2024-06-01', '2024-06-14'),
      event('Middle', '2024-03-01', '2024-03-08'),
    ];
    expect(groupEventsByStatus(events, NOW).completed.map((e) => e.name)).toEqual([
      'Recent',
      'Middle',
      'Old',
    ]);
  });

  it('keeps the given order for equal dates', () => {
    const events = [event('First', '2024-06-20', '2024-06-27'), event('Second', '2024-06-20', '2024-06-27')];
    expect(groupEventsByStatus(events, NOW).upcoming.map((e) => e.name)).toEqual(['First', 'Second']);
  });

  it('gives empty lists for no events', () => {
    expect(groupEventsByStatus([], NOW)).toEqual({ active: [], upcoming: [], completed: [] });
  });

  it('does not change the given list', () => {
    const events = [event('B', '2024-06-21', '2024-06-22'), event('A', '2024-06-20', '2024-06-22')];
    groupEventsByStatus(events, NOW);
    expect(events.map((e) => e.name)).toEqual(['B', 'A']);
  });
});

describe('event constants', () => {
  it('shows 10 active, 6 upcoming and 5 completed events unless Show All', () => {
    expect(EVENT_LIST_LIMITS).toEqual({ active: 10, upcoming: 6, completed: 5 });
  });

  it('makes weekly events last 7 days', () => {
    expect(WEEKLY_EVENT_DAYS).toBe(7);
  });
});

describe('durationText', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('counts whole days from one day up', () => {
    expect(durationText(DAY)).toBe('1 day');
    expect(durationText(2 * DAY - 1)).toBe('1 day');
    expect(durationText(2 * DAY)).toBe('2 days');
    expect(durationText(7 * DAY + 23 * HOUR)).toBe('7 days');
  });

  it('counts whole hours below one day', () => {
    expect(durationText(DAY - 1)).toBe('23 hours');
    expect(durationText(HOUR)).toBe('1 hour');
    expect(durationText(2 * HOUR - 1)).toBe('1 hour');
    expect(durationText(2 * HOUR)).toBe('2 hours');
  });

  it('counts whole minutes below one hour', () => {
    expect(durationText(HOUR - 1)).toBe('59 minutes');
    expect(durationText(MINUTE)).toBe('1 minute');
    expect(durationText(2 * MINUTE)).toBe('2 minutes');
  });

  it('says less than a minute below one minute', () => {
    expect(durationText(MINUTE - 1)).toBe('less than a minute');
    expect(durationText(0)).toBe('less than a minute');
  });

  it('treats negative and unreadable durations as none', () => {
    expect(durationText(-5 * DAY)).toBe('less than a minute');
    expect(durationText(Number.NaN)).toBe('less than a minute');
  });
});
