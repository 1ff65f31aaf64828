import { describe, expect, it } from 'vitest';
import { endsInText, startsInText } from './event-timing.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('event timing texts', () => {
  it('says how long an active event has left in its largest whole unit', () => {
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-24T13:00:00Z' }, NOW)).toBe(
      'Ends in 3 days',
    );
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-21T14:30:00Z' }, NOW)).toBe(
      'Ends in 2 hours',
    );
    expect(endsInText({ start_date: '2026-11-20', end_date: '2026-11-21T12:00:30Z' }, NOW)).toBe(
      'Ends in less than a minute',
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
});
