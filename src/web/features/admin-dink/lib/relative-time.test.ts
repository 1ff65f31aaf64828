import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date('2026-11-27T12:00:00.000Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-27T11:59:30.000Z', 'just now'],
    ['2026-11-27T12:05:00.000Z', 'just now'],
    ['2026-11-27T11:59:00.000Z', '1 minute ago'],
    ['2026-11-27T11:01:00.000Z', '59 minutes ago'],
    ['2026-11-27T09:00:00.000Z', '3 hours ago'],
    ['2026-11-26T11:00:00.000Z', 'yesterday'],
    ['2026-11-20T12:00:00.000Z', '7 days ago'],
    ['2026-09-01T12:00:00.000Z', '2 months ago'],
    ['2024-11-01T12:00:00.000Z', '2 years ago'],
  ])('says %s was %s', (value, expected) => {
    expect(formatRelativeTime(value, now)).toBe(expected);
  });

  it('shows a dash for a timestamp it cannot read', () => {
    expect(formatRelativeTime('not a date', now)).toBe('-');
  });
});
