import type { Kysely } from 'kysely';
import { confusableSkeleton } from '#core/auth/confusables.ts';

/**
 * What look-alike names add (decision 018): each user's confusable skeleton, under a unique index, so
 * of two registrations that read the same (`admin` and Cyrillic `аdmin`) at most one can be stored,
 * however close together they arrive. Existing users are backfilled in the order they joined: where
 * earlier names already collide, the oldest keeps the skeleton and the later ones keep none (NULL),
 * so every account goes on working and the skeleton stays taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  const users = db as unknown as Kysely<{
    users: { id: number; username: string; username_skeleton: string | null };
  }>;
  const rows = await users.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const skeleton = confusableSkeleton(row.username);
    if (taken.has(skeleton)) continue;
    taken.add(skeleton);
    await users.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', row.id).execute();
  }
  await db.schema
    .createIndex('users_username_skeleton_key')
    .unique()
    .on('users')
    .column('username_skeleton')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_skeleton_key').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
}
