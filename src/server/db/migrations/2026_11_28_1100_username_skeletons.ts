import type { Kysely } from 'kysely';
import { backfillUsernameSkeletons } from './username-skeleton-backfill.ts';

/**
 * What look-alike names add (decision 018): each user's confusable skeleton, under a unique index, so
 * of two registrations that read the same (`admin` and Cyrillic `аdmin`) at most one can be stored,
 * however close together they arrive. Existing users are backfilled in the order they joined: where
 * earlier names already collide, the oldest keeps the skeleton and the later ones keep none (NULL),
 * so every account goes on working and the skeleton stays taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  await backfillUsernameSkeletons(db);
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
