import { describe, expect, it } from 'vitest';
import type { AttemptCount } from '../auth/attempt-limits.ts';
import { ACCOUNT_CAPS } from './account-caps.ts';
import { CREATION_LIMITS, decideCreation } from './creation-limits.ts';

function count(kept: number, running = 1, secondsLeft = 3600): AttemptCount {
  return { failures: kept, attempts: kept + running, secondsLeft };
}

describe('decideCreation', () => {
  it('allows the thirtieth race, sixtieth goal and tenth claim request of an hour, and refuses the next until the window ends', () => {
    for (const [kind, limit] of [
      ['race', 30],
      ['goal', 60],
      ['claimRequest', 10],
    ] as const) {
      expect(decideCreation(kind, { account: count(limit - 1) }), kind).toEqual({ allowed: true });
      expect(decideCreation(kind, { account: count(limit, 1, 1200) }), kind).toEqual({
        allowed: false,
        retryAfterSeconds: 1200,
      });
    }
  });

  it('counts running creations, so a burst of parallel ones cannot outrun the limit', () => {
    expect(decideCreation('race', { account: count(0, 31) }).allowed).toBe(false);
  });

  it('lets an account fill every place its caps allow within one hour', () => {
    expect(CREATION_LIMITS.race.account.attempts).toBeGreaterThan(ACCOUNT_CAPS.openRaces);
    expect(CREATION_LIMITS.goal.account.attempts).toBeGreaterThan(ACCOUNT_CAPS.activeGoalsPerCharacter);
    expect(CREATION_LIMITS.claimRequest.account.attempts).toBeGreaterThan(ACCOUNT_CAPS.pendingClaimRequests);
  });
});
