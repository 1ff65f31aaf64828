import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Rate-limit counters shared by every instance on the database: one row per limited key (e.g. a
 * login's address, or username and address) for its current window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_ends_at_idx')
    .on('rate_limits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
