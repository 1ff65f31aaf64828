import { decideWithinLimits, type AttemptCount, type AttemptVerdict } from '../auth/attempt-limits.ts';

/** Dink's screenshots are at most 8 MB (its own cap); a larger file is refused with a 413. */
export const DINK_MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** The whole body: the screenshot, the JSON beside it and the multipart framing. */
export const DINK_MAX_BODY_BYTES = DINK_MAX_IMAGE_BYTES + 512 * 1024;

export const DINK_POST_WINDOW_MS = 60 * 1000;

/**
 * Posts per minute on one Dink address. A raid's end sends a handful at once (loot, collection log,
 * pet, kill count); a player never sends a hundred a minute, while a leaked address replayed by a
 * script is slowed to this, whatever it does.
 */
export const DINK_POST_LIMITS = { token: { attempts: 120 } } as const;

export function decideDinkPost(counts: { token: AttemptCount }): AttemptVerdict {
  return decideWithinLimits(counts, DINK_POST_LIMITS);
}
