import { decideRaceRefresh, decideSyncProgress, REFRESH_WINDOW_MS } from '#core/users/refresh-limits.ts';
import { runAttempt, takeAttemptOrRefuse, type AttemptLimiterDeps } from '../../http/attempt-limiter.ts';

/** Every call counts for the window, whatever it answers (refresh-limits.ts). */
const everyCallCounts = { successCounts: true, failureCounts: () => true } as const;

/** Runs a race refresh as the user's, or throws the 429 that says how long to wait. */
export async function limitedRaceRefresh<T>(
  deps: AttemptLimiterDeps,
  who: { userId: number; raceId: number },
  refresh: () => Promise<T>,
): Promise<T> {
  const attempt = await takeAttemptOrRefuse(
    deps,
    'race refresh',
    REFRESH_WINDOW_MS,
    {
      race: `race-refresh:${who.userId}:${who.raceId}`,
      account: `race-refresh:${who.userId}`,
    },
    decideRaceRefresh,
  );
  return runAttempt(attempt, refresh, everyCallCounts);
}

/** Runs Sync Progress as the user's, or throws the 429 that says how long to wait. */
export async function limitedSyncProgress<T>(
  deps: AttemptLimiterDeps,
  userId: number,
  sync: () => Promise<T>,
): Promise<T> {
  const attempt = await takeAttemptOrRefuse(
    deps,
    'Sync Progress',
    REFRESH_WINDOW_MS,
    { account: `sync-progress:${userId}` },
    decideSyncProgress,
  );
  return runAttempt(attempt, sync, everyCallCounts);
}
