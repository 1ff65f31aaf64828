import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Discord as home (issue 32): an account's linked Discord user (sign-in and role sync find people by
 * it; one site account per Discord user) and whether news may mention them; and the role outbox, one
 * row per account whose Discord roles must be brought to its rank, written in the rank change's
 * transaction and worked off by the delivery job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('users').addColumn('discord_user_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('discord_username', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('discord_mention_opt_in', t.boolean, (c) => c.notNull().defaultTo(sql`false`))
    .execute();
  await db.schema
    .createIndex('users_discord_user_id_key')
    .on('users')
    .column('discord_user_id')
    .unique()
    .execute();
  await db.schema
    .createTable('discord_role_syncs')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('discord_user_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('done_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('discord_role_syncs_due_idx')
    .on('discord_role_syncs')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
