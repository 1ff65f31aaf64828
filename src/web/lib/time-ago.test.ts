import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './time-ago.ts';

const NOW = new Date('2026-11-27T12:00:00.000Z');

describe('formatTimeAgo', () => {
  it.each([
    ['2026-11-27T11:59:30.000Z', 'just now'],
    ['2026-11-27T11:59:00.000Z', '1 minute ago'],
    ['2026-11-27T11:55:00.000Z', '5 minutes ago'],
    ['2026-11-27T11:01:00.000Z', '59 minutes ago'],
    ['2026-11-27T09:00:00.000Z', '3 hours ago'],
    ['2026-11-26T11:00:00.000Z', 'yesterday'],
    ['2026-11-26T10:00:00.000Z', 'yesterday'],
    ['2026-11-20T12:00:00.000Z', 'last week'],
    ['2026-11-17T12:00:00.000Z', 'last week'],
    ['2026-09-01T12:00:00.000Z', '2 months ago'],
    ['2026-08-27T12:00:00.000Z', '3 months ago'],
    ['2024-11-01T12:00:00.000Z', '2 years ago'],
  ])('says %s was %s', (iso, text) => {
    expect(formatTimeAgo(iso, NOW)).toBe(text);
  });

  it('reads a time a little ahead of the clock as just now', () => {
    expect(formatTimeAgo('2026-11-27T12:02:00.000Z', NOW)).toBe('just now');
    expect(formatTimeAgo('2026-11-27T12:05:00.000Z', NOW)).toBe('just now');
  });

  it('shows a dash for a time it cannot read', () => {
    expect(formatTimeAgo('not a date', NOW)).toBe('-');
  });
});
