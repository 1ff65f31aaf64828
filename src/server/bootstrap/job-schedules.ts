import type { Config } from '../config.ts';
import { ANNIVERSARIES } from '../features/clan-news/anniversaries.job.ts';
import { PLAYER_WATCH } from '../features/player-watch/player-watch.service.ts';
import { WOM_SYNC } from '../features/wom-sync/wom-sync.service.ts';
import type { JobSchedule } from '../jobs/job-runner.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The jobs a server runs on their intervals, each once at start too. Without a player-watch list
 * URL admins upload the list, so there is no download to schedule.
 */
export function jobSchedules(config: Config): JobSchedule[] {
  const schedules: JobSchedule[] = [
    { name: WOM_SYNC, intervalMs: config.jobs.syncIntervalMinutes * MINUTE_MS, runAtStart: true },
    {
      name: ANNIVERSARIES,
      intervalMs: config.jobs.anniversaryIntervalHours * HOUR_MS,
      runAtStart: true,
    },
  ];
  if (config.jobs.playerWatchUrl !== null) {
    schedules.push({
      name: PLAYER_WATCH,
      intervalMs: config.jobs.playerWatchIntervalHours * HOUR_MS,
      runAtStart: true,
    });
  }
  return schedules;
}
