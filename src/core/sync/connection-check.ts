import { z } from 'zod';
import {
  decideWithinLimits,
  type AttemptCount,
  type AttemptVerdict,
  type KeyLimit,
} from '../auth/attempt-limits.ts';

/**
 * What "Check connection" reports (`POST /api/admin/sync/check`): where the site asks WOM, the group
 * it found there, WOM's rate-limit headers as last seen, and for each endpoint the sync reads, its
 * status and whether its answer had the shape the site reads.
 */
export const connectionCheckSchema = z.object({
  base_url: z.string(),
  group_id: z.number().int(),
  /** Null when the group could not be read. */
  group_name: z.string().nullable(),
  members: z.number().int().nullable(),
  rate_limit: z.object({
    limit: z.number().nullable(),
    remaining: z.number().nullable(),
    /** Seconds until WOM's window resets. */
    reset: z.number().nullable(),
  }),
  endpoints: z.array(
    z.object({
      path: z.string(),
      /** Null when nothing came back (WOM unreachable or too slow). */
      status: z.number().int().nullable(),
      parsed: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

/** A check costs up to seven of WOM's 20 requests a minute: twice a minute per admin is plenty. */
export const CONNECTION_CHECK_WINDOW_MS = 60 * 1000;
export const CONNECTION_CHECK_LIMITS = { account: { attempts: 2 } } as const satisfies Record<
  string,
  KeyLimit
>;

export function decideConnectionCheck(
  counts: Record<keyof typeof CONNECTION_CHECK_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, CONNECTION_CHECK_LIMITS);
}
