import type { Kysely } from 'kysely';

type UsersTable = { users: { id: number; username: string; username_key: string | null } };

/**
 * Usernames keep the case they were typed in (decision 032), so matching moves to a key of its own:
 * the name lower-cased, unique. Every account stored so far was stored lower-cased, so its key is its
 * name as stored (not put in NFKC form: an older name must go on meaning what it meant). Should two
 * older names differ only by case, the older keeps the key and the other is found by its name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
  const users = db as unknown as Kysely<UsersTable>;
  const rows = await users.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const key = row.username.toLowerCase();
    if (taken.has(key)) continue;
    taken.add(key);
    await users.updateTable('users').set({ username_key: key }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('users_username_key_key').unique().on('users').column('username_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_key_key').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
