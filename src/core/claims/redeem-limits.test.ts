import { describe, expect, it } from 'vitest';
import type { AttemptCount } from '../auth/attempt-limits.ts';
import { decideRedeemAttempt, REDEEM_LIMITS } from './redeem-limits.ts';

function count(failures: number, running = 1, secondsLeft = 900): AttemptCount {
  return { failures, attempts: failures + running, secondsLeft };
}

describe('decideRedeemAttempt', () => {
  it('allows the tenth wrong code from an address and an account', () => {
    expect(decideRedeemAttempt({ address: count(9), account: count(9) })).toEqual({ allowed: true });
  });

  it('refuses an address after ten wrong codes, whichever account it uses, until its window ends', () => {
    expect(
      decideRedeemAttempt({ address: count(REDEEM_LIMITS.address.attempts, 1, 300), account: count(0) }),
    ).toEqual({ allowed: false, retryAfterSeconds: 300 });
  });

  it('refuses an account after ten wrong codes, from whichever address, until its window ends', () => {
    expect(
      decideRedeemAttempt({ address: count(0), account: count(REDEEM_LIMITS.account.attempts, 1, 120) }),
    ).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });

  it('counts running attempts, so a burst of parallel guesses cannot outrun the limit', () => {
    expect(decideRedeemAttempt({ address: count(0, 11), account: count(0, 11) }).allowed).toBe(false);
  });

  it('waits for the later window when both keys are over the limit', () => {
    expect(decideRedeemAttempt({ address: count(10, 1, 60), account: count(10, 1, 600) })).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
  });
});
