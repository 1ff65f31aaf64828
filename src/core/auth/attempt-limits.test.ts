import { describe, expect, it } from 'vitest';
import { decideLoginAttempt, LOGIN_LIMITS, type AttemptCount } from './attempt-limits.ts';

const fresh: AttemptCount = { failures: 0, attempts: 1, secondsLeft: 900 };

function count(failures: number, running = 1, secondsLeft = 900): AttemptCount {
  return { failures, attempts: failures + running, secondsLeft };
}

describe('decideLoginAttempt', () => {
  it('allows the first attempt of a fresh address on a fresh account', () => {
    expect(decideLoginAttempt({ address: fresh, addressOnAccount: fresh, account: fresh })).toEqual({
      allowed: true,
    });
  });

  it('refuses an address that failed ten times on the username, until its window ends', () => {
    const verdict = decideLoginAttempt({
      address: count(10),
      addressOnAccount: count(LOGIN_LIMITS.perAddressOnAccount, 1, 600),
      account: count(10),
    });
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });

  it("lets an address with no failures on the username in while a stranger's failures pile up", () => {
    expect(decideLoginAttempt({ address: fresh, addressOnAccount: fresh, account: count(99) })).toEqual({
      allowed: true,
    });
  });

  it('does not refuse simultaneous attempts of an address that has not failed on the username', () => {
    expect(
      decideLoginAttempt({ address: count(0, 20), addressOnAccount: count(0, 20), account: count(0, 20) }),
    ).toEqual({ allowed: true });
  });

  it('refuses an address past thirty attempts across usernames, running ones included', () => {
    expect(
      decideLoginAttempt({ address: count(0, 31, 300), addressOnAccount: fresh, account: fresh }),
    ).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect(decideLoginAttempt({ address: count(29, 1), addressOnAccount: fresh, account: fresh })).toEqual({
      allowed: true,
    });
  });

  it('slows every address to one attempt a window on an account under attack, never to none', () => {
    const underAttack = count(LOGIN_LIMITS.accountUnderAttack);
    expect(decideLoginAttempt({ address: fresh, addressOnAccount: fresh, account: underAttack })).toEqual({
      allowed: true,
    });
    expect(
      decideLoginAttempt({ address: count(1), addressOnAccount: count(1, 1, 700), account: underAttack }),
    ).toEqual({ allowed: false, retryAfterSeconds: 700 });
    expect(
      decideLoginAttempt({ address: count(0, 2), addressOnAccount: count(0, 2, 800), account: underAttack }),
    ).toEqual({ allowed: false, retryAfterSeconds: 800 });
  });

  it('waits for the later window when two limits refuse', () => {
    expect(
      decideLoginAttempt({
        address: count(30, 1, 120),
        addressOnAccount: count(10, 1, 840),
        account: count(10),
      }),
    ).toEqual({ allowed: false, retryAfterSeconds: 840 });
  });
});
