/** What one limited key (an address, a username, or both) has seen in its current window. */
export interface AttemptCount {
  /** Attempts in the window that failed. */
  failures: number;
  /** Failures plus the attempts still running, the one being decided included. */
  attempts: number;
  /** Seconds until the window ends and the key starts again from nothing. */
  secondsLeft: number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const LOGIN_LIMITS = {
  /** Attempts from one address on any usernames; running ones count, so a burst cannot outrun it. */
  perAddress: 30,
  /** Failures from one address on one username before that address waits for the window's end. */
  perAddressOnAccount: 10,
  /** Failures on one username from every address past which the account counts as under attack. */
  accountUnderAttack: 100,
  /** Attempts each address gets on an account under attack, per window. */
  perAddressOnAccountUnderAttack: 1,
} as const;

export interface LoginAttemptCounts {
  /** The client's address, whatever the username. */
  address: AttemptCount;
  /** The username from this address. */
  addressOnAccount: AttemptCount;
  /** The username from every address. */
  account: AttemptCount;
}

/**
 * Whether a login may run. A username is limited per address, so a stranger's guesses use up only
 * the stranger's allowance and never lock the owner out. That limit counts failures only, so the
 * owner's simultaneous sign-ins do not refuse each other; the address limit counts running attempts
 * too, which caps a burst of parallel guesses. Guessing from many addresses puts the account under
 * attack, which slows every address to one attempt a window on it instead of locking it: the owner,
 * from an address that has not failed on it, still gets in.
 */
export function decideLoginAttempt(counts: LoginAttemptCounts): AttemptVerdict {
  const waits: number[] = [];
  if (counts.address.attempts > LOGIN_LIMITS.perAddress) waits.push(counts.address.secondsLeft);
  const onAccount = counts.addressOnAccount;
  const overAccount =
    counts.account.failures >= LOGIN_LIMITS.accountUnderAttack
      ? onAccount.attempts > LOGIN_LIMITS.perAddressOnAccountUnderAttack
      : onAccount.failures >= LOGIN_LIMITS.perAddressOnAccount;
  if (overAccount) waits.push(onAccount.secondsLeft);
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}
