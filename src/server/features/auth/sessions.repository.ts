import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface SessionWithUser {
  sessionId: number;
  lastUsedAt: string;
  user: UserRow;
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: number; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now,
      last_used_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The live session with this token hash and its user; expired sessions do not count. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_used_at as session_last_used_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_used_at, ...user } = row;
  return { sessionId: session_id, lastUsedAt: session_last_used_at, user };
}

export async function extendSession(
  db: Db,
  sessionId: number,
  now: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .execute();
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** Ends the user's sessions beyond the `keep` most recently used. */
export async function deleteSessionsBeyond(db: Db, userId: number, keep: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Signs a user out everywhere. */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Signs a user out everywhere but the session with this token hash (the one in use). */
export async function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .execute();
}
