import {
  decideLoginAttempt,
  decidePasswordChangeAttempt,
  decidePasswordResetAttempt,
  decideRegisterAttempt,
  LOGIN_WINDOW_MS,
  REGISTER_WINDOW_MS,
} from '#core/auth/attempt-limits.ts';
import { usernameKey } from '#core/auth/username.ts';
import { takeAttemptOrRefuse as takeOrRefuse, type AttemptLimiterDeps } from '../../http/attempt-limiter.ts';

/**
 * A login counts against the client's address (`clientAddress`: an IPv6 client's /64), the username
 * from that address and the username from everywhere.
 */
export function takeLoginAttempt(deps: AttemptLimiterDeps, client: string, username: string) {
  const account = usernameKey(username);
  return takeOrRefuse(
    deps,
    'login',
    LOGIN_WINDOW_MS,
    {
      address: `login:address:${client}`,
      addressOnAccount: `login:address-on-account:${JSON.stringify([client, account])}`,
      account: `login:account:${account}`,
    },
    decideLoginAttempt,
  );
}

/** A registration counts against the client's address and the username it asks for. */
export function takeRegisterAttempt(deps: AttemptLimiterDeps, client: string, username: string) {
  return takeOrRefuse(
    deps,
    'registration',
    REGISTER_WINDOW_MS,
    {
      address: `register:address:${client}`,
      username: `register:username:${usernameKey(username)}`,
    },
    decideRegisterAttempt,
  );
}

/** Using a reset link counts against the client's address: the link itself names no account. */
export function takePasswordResetAttempt(deps: AttemptLimiterDeps, client: string) {
  return takeOrRefuse(
    deps,
    'password reset',
    LOGIN_WINDOW_MS,
    { address: `password-reset:address:${client}` },
    decidePasswordResetAttempt,
  );
}

/** Changing a password counts against the signed-in account, from wherever it is asked. */
export function takePasswordChangeAttempt(deps: AttemptLimiterDeps, userId: number) {
  return takeOrRefuse(
    deps,
    'password change',
    LOGIN_WINDOW_MS,
    { account: `password-change:account:${userId}` },
    decidePasswordChangeAttempt,
  );
}
