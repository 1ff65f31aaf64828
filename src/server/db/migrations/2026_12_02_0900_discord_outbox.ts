import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Discord news (issue 22): the routes admins set up (a webhook URL, kept as given and never sent
 * back), the outbox of deliveries written in the transaction of the change they announce, each
 * webhook's rate-limit rest, the live standings messages edited in place, and marks that make a
 * time-based announcement (a competition starting, a day's anniversaries) go out once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('discord_routes')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('enabled', t.boolean, (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('last_delivery_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('discord_deliveries')
    .addColumn('id', 'integer', t.id)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('discord_routes.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('news', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    /** The running competition a live standings update is for: updates of one edit one message. */
    .addColumn('live_event_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('discord_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('delivered_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('discord_deliveries_due_idx')
    .on('discord_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('discord_deliveries_route_idx')
    .on('discord_deliveries')
    .columns(['route_id', 'id'])
    .execute();
  await db.schema
    .createTable('discord_buckets')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('blocked_until', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('discord_live_messages')
    .addColumn('route_id', 'integer', (c) => c.notNull().references('discord_routes.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('discord_live_messages_pk', ['route_id', 'event_id'])
    .execute();
  await db.schema
    .createTable('news_marks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news_marks').execute();
  await db.schema.dropTable('discord_live_messages').execute();
  await db.schema.dropTable('discord_buckets').execute();
  await db.schema.dropTable('discord_deliveries').execute();
  await db.schema.dropTable('discord_routes').execute();
}
