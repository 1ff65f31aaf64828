import { describe, expect, it } from 'vitest';
import {
  decideLoginAttempt,
  decidePasswordChangeAttempt,
  decidePasswordResetAttempt,
  decideRegisterAttempt,
  decideWithinLimits,
  LOGIN_LIMITS,
  type AttemptCount,
} from './attempt-limits.ts';

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

describe('decideWithinLimits', () => {
  it('allows failures up to the limit and refuses the attempt after them', () => {
    const limits = { key: { failures: 3 } };
    expect(decideWithinLimits({ key: count(2) }, limits)).toEqual({ allowed: true });
    expect(decideWithinLimits({ key: count(3, 1, 400) }, limits)).toEqual({
      allowed: false,
      retryAfterSeconds: 400,
    });
  });

  it('counts running attempts against an attempts limit', () => {
    const limits = { key: { attempts: 3 } };
    expect(decideWithinLimits({ key: count(0, 3) }, limits)).toEqual({ allowed: true });
    expect(decideWithinLimits({ key: count(0, 4, 500) }, limits)).toEqual({
      allowed: false,
      retryAfterSeconds: 500,
    });
  });

  it('waits for the later window when two keys refuse', () => {
    const limits = { a: { attempts: 1 }, b: { failures: 1 } };
    expect(decideWithinLimits({ a: count(1, 1, 100), b: count(1, 1, 700) }, limits)).toEqual({
      allowed: false,
      retryAfterSeconds: 700,
    });
  });
});

describe('decideRegisterAttempt', () => {
  it('allows twenty registrations from one address in a window and refuses the twenty-first', () => {
    expect(decideRegisterAttempt({ address: count(19), username: fresh })).toEqual({ allowed: true });
    expect(decideRegisterAttempt({ address: count(20, 1, 3000), username: fresh })).toEqual({
      allowed: false,
      retryAfterSeconds: 3000,
    });
  });

  it('refuses a sixth try of one username from anywhere', () => {
    expect(decideRegisterAttempt({ address: fresh, username: count(4) })).toEqual({ allowed: true });
    expect(decideRegisterAttempt({ address: fresh, username: count(5, 1, 60) })).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });
});

describe('decidePasswordResetAttempt', () => {
  it('refuses an address after ten invalid links', () => {
    expect(decidePasswordResetAttempt({ address: count(9) })).toEqual({ allowed: true });
    expect(decidePasswordResetAttempt({ address: count(10) })).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
  });

  it('refuses a burst of more than thirty at once from one address', () => {
    expect(decidePasswordResetAttempt({ address: count(0, 31) })).toMatchObject({ allowed: false });
  });
});

describe('decidePasswordChangeAttempt', () => {
  it('refuses an account after ten wrong current passwords', () => {
    expect(decidePasswordChangeAttempt({ account: count(9, 5) })).toEqual({ allowed: true });
    expect(decidePasswordChangeAttempt({ account: count(10) })).toMatchObject({ allowed: false });
  });
});
