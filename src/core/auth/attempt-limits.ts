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

/**
 * A plain limit on one key: refused once its failures reach `failures` (that many wrong tries are
 * allowed, the next waits), or once its attempts, running ones included, pass `attempts`.
 */
export interface KeyLimit {
  failures?: number;
  attempts?: number;
}

/** Whether an attempt may run under plain per-key limits; a refusal waits for the latest window that refuses. */
export function decideWithinLimits<Scope extends string>(
  counts: Record<Scope, AttemptCount>,
  limits: Record<Scope, KeyLimit>,
): AttemptVerdict {
  const waits: number[] = [];
  for (const scope of Object.keys(limits) as Scope[]) {
    const { failures, attempts } = limits[scope];
    const count = counts[scope];
    const overFailures = failures !== undefined && count.failures >= failures;
    const overAttempts = attempts !== undefined && count.attempts > attempts;
    if (overFailures || overAttempts) waits.push(count.secondsLeft);
  }
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

export const REGISTER_WINDOW_MS = 60 * 60 * 1000;

/**
 * Registrations stay counted whatever their outcome, a made account too: the address limit is what
 * keeps a script from filling the users table. A username is registered once, so a few tries of one
 * name from anywhere are plenty.
 */
export const REGISTER_LIMITS = {
  address: { attempts: 20 },
  username: { attempts: 5 },
} as const satisfies Record<string, KeyLimit>;

export function decideRegisterAttempt(
  counts: Record<keyof typeof REGISTER_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, REGISTER_LIMITS);
}

/**
 * Reset links carry 256 random bits, so this does not stop guessing (nothing could succeed); it
 * keeps one address from making the server hash passwords or look up tokens without end.
 */
export const PASSWORD_RESET_LIMITS = {
  address: { failures: 10, attempts: 30 },
} as const satisfies Record<string, KeyLimit>;

export function decidePasswordResetAttempt(
  counts: Record<keyof typeof PASSWORD_RESET_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, PASSWORD_RESET_LIMITS);
}

/**
 * Changing one's password checks the current one: without a limit, whoever holds a session (a
 * borrowed laptop) could guess the password there, where sign-in would slow them down.
 */
export const PASSWORD_CHANGE_LIMITS = {
  account: { failures: 10 },
} as const satisfies Record<string, KeyLimit>;

export function decidePasswordChangeAttempt(
  counts: Record<keyof typeof PASSWORD_CHANGE_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, PASSWORD_CHANGE_LIMITS);
}

export const DISCORD_WINDOW_MS = 60 * 60 * 1000;

/**
 * Each Discord sign-in makes the server call Discord three times and may make an account: one address
 * gets a few dozen an hour, plenty for a clan's shared house, and every one counts.
 */
export const DISCORD_SIGN_IN_LIMITS = {
  address: { attempts: 30 },
} as const satisfies Record<string, KeyLimit>;

export function decideDiscordSignInAttempt(
  counts: Record<keyof typeof DISCORD_SIGN_IN_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, DISCORD_SIGN_IN_LIMITS);
}

/** A reconcile reads every linked member from Discord: an admin gets ten an hour. */
export const DISCORD_RECONCILE_LIMITS = {
  account: { attempts: 10 },
} as const satisfies Record<string, KeyLimit>;

export function decideDiscordReconcileAttempt(
  counts: Record<keyof typeof DISCORD_RECONCILE_LIMITS, AttemptCount>,
): AttemptVerdict {
  return decideWithinLimits(counts, DISCORD_RECONCILE_LIMITS);
}
