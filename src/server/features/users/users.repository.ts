import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import { confusableSkeleton } from '#core/auth/confusables.ts';
import { usernameKey, usernameLookupNames } from '#core/auth/username.ts';
import type { User } from '#core/users/users.schema.ts';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema.ts';
import { withConstraintErrors } from '../../db/errors.ts';
import { toBool } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    is_admin: toBool(row.is_admin),
    created_at: row.created_at,
    join_date: row.join_date,
  };
}

/** A user as admins (or the user themselves) see it: still never the password hash. */
export function toUser(row: UserRow): User {
  return { ...toSessionUser(row), supabase_auth_id: row.supabase_auth_id };
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The account a typed username names, in any case: by its key as typed but trimmed and lower-cased
 * (how every older account was stored), else in its normalised form (usernameLookupNames). A row
 * written without a key is found by its stored name.
 */
export async function findUserByTypedName(db: Db, typed: string): Promise<UserRow | undefined> {
  const names = usernameLookupNames(typed);
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', 'in', names), eb('username', 'in', names)]))
    .execute();
  return names
    .map((name) => rows.find((row) => (row.username_key ?? row.username) === name))
    .find((row) => row !== undefined);
}

/** Every account, in the order of their names whatever their case. */
export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('username_key').orderBy('username').execute();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_admin', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Stores the name's key and skeleton with it; throws ConflictError when the username in any case, or
 * a name that reads the same (its skeleton), is taken.
 */
export function insertUser(
  db: Db,
  user: Omit<NewUserRow, 'username_key' | 'username_skeleton'>,
): Promise<UserRow> {
  const row = {
    ...user,
    username_key: usernameKey(user.username),
    username_skeleton: confusableSkeleton(user.username),
  };
  return withConstraintErrors(() =>
    db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow(),
  );
}

/**
 * Updates a user who is not an admin; undefined for an admin. The condition is in the update, so an
 * admin grant that commits first is seen even under read committed.
 */
export function updateNonAdminUser(db: Db, id: number, patch: UserUpdate): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .where('is_admin', '=', false)
    .returningAll()
    .executeTakeFirst();
}

/** Throws ConflictError when the patch takes a unique value (an auth id) another user has. */
export function updateUser(db: Db, id: number, patch: UserUpdate): Promise<UserRow | undefined> {
  return withConstraintErrors(() =>
    db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  );
}
