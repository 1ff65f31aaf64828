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
 * What a Dink form may hold, as busboy's limits: Dink sends one `payload_json` field and at most one
 * `file` (OkHttp writes two or three headers a part: Content-Disposition, Content-Type,
 * Content-Length). Anything past these is refused, never parsed on.
 */
export const DINK_FORM_LIMITS = {
  parts: 2,
  fields: 1,
  files: 1,
  fieldNameSize: 100,
  fieldSize: DINK_MAX_NOTIFICATION_BYTES,
  fileSize: DINK_MAX_IMAGE_BYTES,
  headerPairs: 8,
  headerSize: 4 * 1024,
} as const;

/**
 * What is left of a refused post is read and dropped, unparsed, up to this much and this long, so the
 * client reads the answer instead of a reset (a peer still sending into a closed socket is reset);
 * past it the connection is cut. Twice the largest post: a body a little over the limit still
 * drains in full.
 */
export const DINK_DRAIN_BOUNDS = { maxBytes: 2 * DINK_MAX_BODY_BYTES, maxMs: 10_000 } as const;

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
