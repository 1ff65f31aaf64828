import {
  decideWithinLimits,
  type AttemptCount,
  type AttemptVerdict,
  type KeyLimit,
} from '../auth/attempt-limits.ts';

export const REDEEM_WINDOW_MS = 15 * 60 * 1000;

/**
 * Redemptions per window from one address (whoever is signed in) and by one account (from
 * wherever): decision 015's ten wrong codes. Only wrong codes stay counted, so a user redeeming
 * their codes one after another is never slowed down; running attempts count as well, so a burst
 * of parallel guesses cannot outrun the limit.
 */
export const REDEEM_LIMITS = {
  address: { attempts: 10 },
  account: { attempts: 10 },
} as const satisfies Record<string, KeyLimit>;

export function decideRedeemAttempt(
  counts: Record<keyof typeof REDEEM_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, REDEEM_LIMITS);
}
