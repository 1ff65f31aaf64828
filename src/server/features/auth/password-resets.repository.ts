import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ResetLinkState {
  expires_at: string;
  used_at: string | null;
}

export async function insertResetLink(
  db: Db,
  link: { userId: number; tokenHash: string; expiresAt: string; createdBy: number | null; now: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      user_id: link.userId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      used_at: null,
      created_by: link.createdBy,
      created_at: link.now,
    })
    .execute();
}

export function findResetLink(db: Db, tokenHash: string): Promise<ResetLinkState | undefined> {
  return db
    .selectFrom('password_resets')
    .select(['expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the link used if it is still unused, unexpired and its maker is still an admin, and returns
 * its user and that admin; undefined when it was not. The condition is in the update, so of two uses
 * at once only one gets the user, and a link whose maker lost the flag (or the account) meanwhile
 * sets nothing.
 */
export function useResetLink(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{ user_id: number; created_by: number | null } | undefined> {
  return db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('created_by', 'in', db.selectFrom('users').select('id').where('is_admin', '=', true))
    .returning(['user_id', 'created_by'])
    .executeTakeFirst();
}

/**
 * Voids every link made for the user so far: a new link leaves only the newest one working, and a
 * change of the user's password or admin flag leaves none.
 */
export async function deleteUserResetLinks(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** Voids the links an admin made: they lose with the admin flag the right the links carry. */
export async function deleteResetLinksMadeBy(db: Db, adminId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('created_by', '=', adminId).execute();
}

export async function deleteExpiredResetLinks(db: Db, now: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
}
