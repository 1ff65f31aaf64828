import {
  decideWithinLimits,
  type AttemptCount,
  type AttemptVerdict,
  type KeyLimit,
} from '../auth/attempt-limits.ts';

/**
 * A race refresh and Sync Progress ask WOM on a member's behalf, from the budget every visitor
 * shares. Every call counts, whatever it answers: one that WOM failed is the one a user would
 * repeat at once.
 */
export const REFRESH_WINDOW_MS = 60 * 1000;

/**
 * One refresh a minute of each race per user (the players' stats stay fresh for five minutes, so a
 * second one would mostly ask for nothing), and a few a minute across races, so a user with many
 * races cannot sweep through them all.
 */
export const RACE_REFRESH_LIMITS = {
  race: { attempts: 1 },
  account: { attempts: 5 },
} as const satisfies Record<string, KeyLimit>;

/** Sync Progress refreshes one character: a few a minute covers a user with several. */
export const SYNC_PROGRESS_LIMITS = {
  account: { attempts: 3 },
} as const satisfies Record<string, KeyLimit>;

export function decideRaceRefresh(
  counts: Record<keyof typeof RACE_REFRESH_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, RACE_REFRESH_LIMITS);
}

export function decideSyncProgress(
  counts: Record<keyof typeof SYNC_PROGRESS_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, SYNC_PROGRESS_LIMITS);
}
