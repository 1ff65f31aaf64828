import { describe, expect, it } from 'vitest';
import { formatTimeAgo, momentValue } from './moment-format.ts';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');

describe('formatTimeAgo', () => {
  it.each([
    ['2026-11-27T11:59:30.000Z', 'just now'],
    ['2026-11-27T11:55:00.000Z', '5 minutes ago'],
    ['2026-11-27T09:00:00.000Z', '3 hours ago'],
    ['2026-11-26T10:00:00.000Z', 'yesterday'],
    ['2026-11-17T12:00:00.000Z', 'last week'],
    ['2026-08-27T12:00:00.000Z', '3 months ago'],
    ['2024-11-01T12:00:00.000Z', '2 years ago'],
  ])('says %s was %s', (iso, text) => {
    expect(formatTimeAgo(iso, NOW)).toBe(text);
  });

  it('reads a moment a little ahead of the clock as just now', () => {
    expect(formatTimeAgo('2026-11-27T12:02:00.000Z', NOW)).toBe('just now');
  });

  it('shows a dash for a time it cannot read', () => {
    expect(formatTimeAgo('not a date', NOW)).toBe('-');
  });
});

describe('momentValue', () => {
  it("shows a milestone's exact experience, which its title rounds", () => {
    expect(momentValue({ kind: 'xp_milestone', value: 50_123_456 })).toBe('50,123,456 XP');
  });

  it("shows nothing beside a drop's coins or a personal best's time: the details carry them", () => {
    expect(momentValue({ kind: 'loot', value: 12_500_000 })).toBeNull();
    expect(momentValue({ kind: 'kill_count', value: 73_200 })).toBeNull();
  });

  it('shows nothing for a moment without a value, or of a kind whose value says nothing', () => {
    expect(momentValue({ kind: 'loot', value: null })).toBeNull();
    expect(momentValue({ kind: 'pet', value: 1 })).toBeNull();
    expect(momentValue({ kind: 'level', value: 99 })).toBeNull();
  });
});
