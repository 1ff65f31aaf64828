import { describe, expect, it } from 'vitest';
import { endsInText, startsInText, timeLeftText } from './event-timing.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('event timing texts', () => {
  it('says how long an active event has left in its two largest whole units', () => {
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-24T13:00:00Z' }, NOW)).toBe(
      'Ends in 3 days 1 hour',
    );
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-21T14:30:00Z' }, NOW)).toBe(
      'Ends in 2 hours 30 minutes',
    );
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-21T12:00:30Z' }, NOW)).toBe(
      'Ends in less than a minute',
    );
  });

  it('says 47 hours as 1 day 23 hours, not 1 day', () => {
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-23T11:00:00Z' }, NOW)).toBe(
      'Ends in 1 day 23 hours',
    );
  });

  it('says how soon an upcoming event starts', () => {
    expect(startsInText({ start_date: '2026-11-22T12:00:00Z', end_date: '2026-11-29' }, NOW)).toBe(
      'Starts in 1 day',
    );
    expect(startsInText({ start_date: '2026-11-21T12:05:00Z', end_date: '2026-11-29' }, NOW)).toBe(
      'Starts in 5 minutes',
    );
  });

  it('leaves out a second unit of zero and counts nothing left as less than a minute', () => {
    expect(timeLeftText(2 * DAY)).toBe('2 days');
    expect(timeLeftText(2 * DAY - 1)).toBe('1 day 23 hours');
    expect(timeLeftText(HOUR + MINUTE)).toBe('1 hour 1 minute');
    expect(timeLeftText(HOUR - 1)).toBe('59 minutes');
    expect(timeLeftText(-5 * DAY)).toBe('less than a minute');
    expect(timeLeftText(Number.NaN)).toBe('less than a minute');
  });
});
