import { describe, expect, it } from 'vitest';
import { formatAge, syncedMessage } from './sync-message.ts';

describe('formatAge', () => {
  it.each([
    [0, 'less than a minute'],
    [59, 'less than a minute'],
    [60, '1 minute'],
    [12 * 60 + 59, '12 minutes'],
    [3_600, '1 hour'],
    [3_600 + 60, '1 hour 1 minute'],
    [2 * 3_600 + 40, '2 hours'],
    [47 * 3_600, '1 day 23 hours'],
    [86_400 + 5 * 60, '1 day'],
    [3 * 86_400 + 3_600 + 120, '3 days 1 hour'],
  ])('says %i seconds is %s', (seconds, words) => {
    expect(formatAge(seconds)).toBe(words);
  });
});

describe('syncedMessage', () => {
  it("says only 'Progress synced.' when WOM was asked", () => {
    expect(syncedMessage({ refreshed: true, snapshot_age_seconds: 5_000 })).toBe('Progress synced.');
  });

  it('says how old the stored data is when WOM was not asked', () => {
    expect(syncedMessage({ refreshed: false, snapshot_age_seconds: 12 * 60 })).toBe(
      'Progress synced from data 12 minutes old.',
    );
  });

  it("says only 'Progress synced.' when nothing is stored to give an age", () => {
    expect(syncedMessage({ refreshed: false, snapshot_age_seconds: null })).toBe('Progress synced.');
  });
});
