import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Dink (issue 23): each claimed character's link (a token kept only as its hash, bound to the game
 * account on the first post), the inbox of posts as Dink sent them (stored once however often Dink
 * retries), their screenshots (in the database, so a post and its image commit together and every
 * instance serves them), the moments, personal bests, collection progress and season loot made from
 * them, and the thresholds admins set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const blob = t.postgres ? 'bytea' : 'blob';
  await db.schema
    .createTable('dink_links')
    .addColumn('wom_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('account_hash', 'text')
    .addColumn('share_public', t.boolean, (c) => c.notNull().defaultTo(true))
    .addColumn('posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_post_at', t.timestamp)
    .execute();
  await db.schema
    .createTable('dink_images')
    .addColumn('id', 'integer', t.id)
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', blob, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dink_images_member_idx').on('dink_images').columns(['wom_id', 'id']).execute();
  await db.schema
    .createTable('dink_posts')
    .addColumn('id', 'integer', t.id)
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('image_id', 'integer')
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('processed_at', t.timestamp)
    .addUniqueConstraint('dink_posts_dedupe', ['wom_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('dink_posts_pending_idx')
    .on('dink_posts')
    .columns(['processed_at', 'id'])
    .execute();
  await db.schema
    .createTable('dink_moments')
    .addColumn('id', 'integer', t.id)
    .addColumn('post_id', 'integer', (c) => c.notNull().unique())
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('value', t.bigint)
    .addColumn('image_id', 'integer')
    .execute();
  await db.schema
    .createIndex('dink_moments_member_idx')
    .on('dink_moments')
    .columns(['wom_id', 'id'])
    .execute();
  await db.schema.createIndex('dink_moments_kind_idx').on('dink_moments').columns(['kind', 'id']).execute();
  await db.schema
    .createTable('dink_personal_bests')
    .addColumn('boss', 'text', (c) => c.notNull())
    .addColumn('team_size', 'integer', (c) => c.notNull())
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('time_ms', 'integer', (c) => c.notNull())
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('dink_personal_bests_pk', ['boss', 'team_size', 'wom_id'])
    .execute();
  await db.schema
    .createTable('dink_progress')
    .addColumn('wom_id', 'text', (c) => c.primaryKey())
    .addColumn('collection_completed', 'integer')
    .addColumn('collection_total', 'integer')
    .addColumn('pets', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('dink_loot_totals')
    .addColumn('season_id', 'integer', (c) => c.notNull())
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('total_value', t.bigint, (c) => c.notNull())
    .addColumn('drops', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dink_loot_totals_pk', ['season_id', 'wom_id'])
    .execute();
  await db.schema
    .createTable('dink_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('min_loot_value', t.bigint, (c) => c.notNull())
    .addColumn('min_level', 'integer', (c) => c.notNull())
    .addColumn('min_xp_milestone', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dink_settings',
    'dink_loot_totals',
    'dink_progress',
    'dink_personal_bests',
    'dink_moments',
    'dink_posts',
    'dink_images',
    'dink_links',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
