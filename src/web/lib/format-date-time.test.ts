import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLocalDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('shows a timestamp in UTC with its zone, whatever the offset it was written with', () => {
    expect(formatDateTime('2026-11-21T18:05:09.000Z')).toBe('21 Nov 2026, 18:05 UTC');
    expect(formatDateTime('2026-11-22T00:30:00+02:00')).toBe('21 Nov 2026, 22:30 UTC');
  });

  it('shows a dash for text that is not a date', () => {
    expect(formatDateTime('nonsense')).toBe('-');
  });
});

describe('formatLocalDateTime', () => {
  const NOW = new Date('2026-11-28T12:00:00.000Z');

  it("shows a time in the reader's zone with the zone named", () => {
    expect(formatLocalDateTime('2026-12-05T17:00:00.000Z', NOW, 'Europe/Paris')).toBe('Sat 5 Dec, 18:00 CET');
    expect(formatLocalDateTime('2026-12-05T17:00:00.000Z', NOW, 'Europe/London')).toBe(
      'Sat 5 Dec, 17:00 GMT',
    );
    expect(formatLocalDateTime('2026-12-05T17:00:00.000Z', NOW, 'America/New_York')).toBe(
      'Sat 5 Dec, 12:00 GMT-5',
    );
  });

  it('follows summer time and the date line', () => {
    expect(formatLocalDateTime('2026-07-04T17:00:00.000Z', NOW, 'Europe/Paris')).toBe(
      'Sat 4 Jul, 19:00 CEST',
    );
    expect(formatLocalDateTime('2026-12-05T17:00:00.000Z', NOW, 'Pacific/Auckland')).toBe(
      'Sun 6 Dec, 06:00 GMT+13',
    );
  });

  it("names the year only when it is not the reader's current one", () => {
    expect(formatLocalDateTime('2027-01-08T18:00:00.000Z', NOW, 'Europe/London')).toBe(
      'Fri, 8 Jan 2027, 18:00 GMT',
    );
    // New Year's Eve in London is already the new year in Tokyo.
    const eve = new Date('2026-12-31T20:00:00.000Z');
    expect(formatLocalDateTime('2026-12-31T22:00:00.000Z', eve, 'Asia/Tokyo')).toBe('Fri 1 Jan, 07:00 GMT+9');
  });

  it('shows a dash for text that is not a date', () => {
    expect(formatLocalDateTime('nonsense', NOW, 'UTC')).toBe('-');
  });
});
