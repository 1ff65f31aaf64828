import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The clan's own rules as data (issue 30): one row per settings group (the rank ladder, points, the
 * clan's profile, the WOM verification code), each a JSON value the dashboard edits; the rank
 * proposals with the time each became due, so the promotion queue shows who has waited longest; and
 * each member's EHP, a measure a ladder can ask for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('clan_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rank_proposals')
    .addColumn('wom_id', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('due_since', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('members')
    .addColumn('ehp', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('ehp').execute();
  await db.schema.dropTable('rank_proposals').execute();
  await db.schema.dropTable('clan_settings').execute();
}
