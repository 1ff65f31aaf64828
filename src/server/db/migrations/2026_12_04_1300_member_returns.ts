import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * A member's leaves and returns (issue 29): WOM dates a member who left and rejoined by the new
 * membership, which used to replace their join date. The site keeps the first join date and
 * records each return here, with the join date the member had before it, so the admin can choose
 * which counts and the member's page can show it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('member_returns')
    .addColumn('id', 'integer', t.id)
    .addColumn('wom_id', 'text', (c) => c.notNull())
    // When the site saw the member leave; null when they left and came back between two syncs.
    .addColumn('left_at', t.timestamp)
    .addColumn('returned_on', t.date, (c) => c.notNull())
    .addColumn('joined_before', t.date)
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_returns_wom_id').on('member_returns').column('wom_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_returns').execute();
}
