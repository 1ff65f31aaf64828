import type { Kysely } from 'kysely';

/**
 * Lists of races and goals are read a page at a time, newest first, from a keyset cursor
 * (`created_at`, `id`): these indexes let a page read only its rows however long the list grows.
 * Counting a user's open races before they create one (the account cap) reads their races alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('races_created_at_id_idx').on('races').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('user_goals_created_at_id_idx')
    .on('user_goals')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('races_creator_id_idx').on('races').column('creator_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('races_creator_id_idx').execute();
  await db.schema.dropIndex('user_goals_created_at_id_idx').execute();
  await db.schema.dropIndex('races_created_at_id_idx').execute();
}
