import { decideWithinLimits, type AttemptCount, type AttemptVerdict } from '../auth/attempt-limits.ts';

/** Dink's screenshots are at most 8 MB (its own cap); a larger file is refused with a 413. */
export const DINK_MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** The whole body: the screenshot, the JSON beside it and the multipart framing. */
export const DINK_MAX_BODY_BYTES = DINK_MAX_IMAGE_BYTES + 512 * 1024;

/**
 * A notification's JSON: Dink's run to a few kilobytes (a login summary with every skill is under
 * 3 KB), so this leaves room for long embeds while one address cannot fill the inbox with megabytes.
 */
export const DINK_MAX_NOTIFICATION_BYTES = 32 * 1024;

/**
 * Posts one account may send, over all its characters' addresses together: a raid's end sends a
 * handful at once (loot, collection log, pet, kill count) and a long day of bossing a few hundred,
 * while a leaked address replayed by a script is held to this, whatever it does, and a member with
 * five characters gets no more than a member with one.
 */
export const DINK_POST_LIMITS = {
  minute: { attempts: 120, windowMs: 60 * 1000 },
  day: { attempts: 2000, windowMs: 24 * 60 * 60 * 1000 },
} as const;

export function decideDinkPost(counts: Record<keyof typeof DINK_POST_LIMITS, AttemptCount>): AttemptVerdict {
  return decideWithinLimits(counts, DINK_POST_LIMITS);
}
