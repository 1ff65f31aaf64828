import {
  decideWithinLimits,
  type AttemptCount,
  type AttemptVerdict,
  type KeyLimit,
} from '../auth/attempt-limits.ts';

export const CREATION_WINDOW_MS = 60 * 60 * 1000;

/** What one account creates, each kind counted apart so a busy day of goals leaves races alone. */
export type CreationKind = 'race' | 'goal' | 'claimRequest' | 'dinkAddress';

/**
 * Creations per hour by one account. Every creation stays counted (refusals such as a full cap or
 * a bad body do not), so one account cannot churn rows by creating and deleting them without end;
 * running creations count as well, so a burst of parallel ones cannot outrun the limit. Each is
 * above what its cap lets an account hold, so a user filling their places at once is never slowed.
 */
export const CREATION_LIMITS = {
  race: { account: { attempts: 30 } },
  goal: { account: { attempts: 60 } },
  claimRequest: { account: { attempts: 10 } },
  dinkAddress: { account: { attempts: 20 } },
} as const satisfies Record<CreationKind, Record<'account', KeyLimit>>;

/** How the 429 names the attempts ("Too many race creation attempts. Try again in …"). */
export const CREATION_WORDS: Record<CreationKind, string> = {
  race: 'race creation',
  goal: 'goal creation',
  claimRequest: 'claim request',
  dinkAddress: 'Dink address',
};

export function decideCreation(kind: CreationKind, counts: { account: AttemptCount }): AttemptVerdict {
  return decideWithinLimits(counts, CREATION_LIMITS[kind]);
}
