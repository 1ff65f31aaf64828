import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LoginInput, RegisterInput, SessionUser } from '#core/auth/auth.schema.ts';
import type { Clock } from '#shared/clock.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { createAccount } from '../users/accounts.service.ts';
import { hashPassword, verifyPassword } from '../users/passwords.ts';
import { findUserByTypedName, toSessionUser } from '../users/users.repository.ts';
import {
  deleteExpiredSessions,
  deleteSessionByTokenHash,
  deleteSessionsBeyond,
  extendSession,
  findLiveSession,
  insertSession,
} from './sessions.repository.ts';

export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessionTtlDays: number;
}

export interface IssuedSession {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/** A session's last use is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Sessions a user keeps at once: a phone, a few browsers. Each sign-in past it ends the one used
 * longest ago, so a script signing in over and over cannot grow the table without end.
 */
export const MAX_SESSIONS_PER_USER = 10;

/** Verifying against this when the username is unknown keeps both failures equally slow. */
let dummyHash: Promise<string> | undefined;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expiryFrom(now: Date, ttlDays: number): Date {
  return new Date(now.getTime() + ttlDays * 24 * 60 * 60 * 1000);
}

/**
 * Opens a session for a user who has just proved who they are: the token goes to the cookie, only
 * its hash is stored. `deps.db` may be a transaction, so a session can open with the change that
 * earned it.
 */
export async function openSession(deps: AuthDeps, user: SessionUser): Promise<IssuedSession> {
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = expiryFrom(now, deps.sessionTtlDays);
  await deleteExpiredSessions(deps.db, now.toISOString());
  await insertSession(deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  await deleteSessionsBeyond(deps.db, user.id, MAX_SESSIONS_PER_USER);
  return { user, token, expiresAt };
}

/**
 * Checks the credentials and opens a session. The name is looked up as older accounts were stored
 * too, so a name today's rules would refuse still signs in.
 */
export async function login(deps: AuthDeps, input: LoginInput): Promise<IssuedSession> {
  const user = await findUserByTypedName(deps.db, input.username);
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  // An account made by Discord sign-in has no password (an empty hash): it is checked as slowly as
  // an unknown name, so the answer's time does not tell which accounts exist.
  const valid = await verifyPassword(user?.password_hash || (await dummyHash), input.password);
  if (!user || !user.password_hash || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS');
  return openSession(deps, toSessionUser(user));
}

/**
 * Creates a plain account and signs it in: 400 for a name with characters no name may hold, 409
 * 'Username already taken' for a name in use, one that reads the same, or a reserved one.
 */
export async function register(deps: AuthDeps, input: RegisterInput): Promise<IssuedSession> {
  const user = await createAccount(
    deps,
    { username: input.username, password: input.password, isAdmin: false, origin: 'register' },
    { userId: null, label: 'register' },
  );
  return openSession(deps, user);
}

export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await deleteSessionByTokenHash(deps.db, hashToken(token));
}

/** The user behind a session token, or null; an active session slides its expiry forward. */
export async function resolveSession(deps: AuthDeps, token: string): Promise<SessionUser | null> {
  const now = deps.clock.now();
  const session = await findLiveSession(deps.db, hashToken(token), now.toISOString());
  if (!session) return null;
  if (now.getTime() - Date.parse(session.lastUsedAt) >= TOUCH_INTERVAL_MS) {
    await extendSession(
      deps.db,
      session.sessionId,
      now.toISOString(),
      expiryFrom(now, deps.sessionTtlDays).toISOString(),
    );
  }
  return toSessionUser(session.user);
}
