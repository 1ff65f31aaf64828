import { describe, expect, it } from 'vitest';
import { testConfig } from '#test/app.ts';
import { jobSchedules } from './job-schedules.ts';

describe('jobSchedules', () => {
  it('runs the WOM sync every SYNC_INTERVAL_MINUTES, the anniversaries every ANNIVERSARY_INTERVAL_HOURS and the list download every PLAYER_WATCH_INTERVAL_HOURS', () => {
    const config = testConfig({
      SYNC_INTERVAL_MINUTES: '15',
      ANNIVERSARY_INTERVAL_HOURS: '12',
      PLAYER_WATCH_URL: 'https://lists.example/watch.json',
      PLAYER_WATCH_INTERVAL_HOURS: '6',
    });
    expect(jobSchedules(config)).toEqual([
      { name: 'wom-sync', intervalMs: 15 * 60_000, runAtStart: true },
      { name: 'anniversaries', intervalMs: 12 * 3_600_000, runAtStart: true },
      { name: 'player-watch', intervalMs: 6 * 3_600_000, runAtStart: true },
    ]);
  });

  it('schedules no player-watch download when no list URL is configured', () => {
    expect(jobSchedules(testConfig()).map((schedule) => schedule.name)).toEqual([
      'wom-sync',
      'anniversaries',
    ]);
  });
});
