import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What the admin dashboard adds: the archive of each closed season's scores (the yearly reset keeps
 * every score, domain-rules.md), and two flags on events: made by an admin (so only those are edited
 * by hand; the sync owns the rest) and a short event (pays 2 points to every participant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const no = sql`false`;
  await db.schema
    .createTable('season_scores')
    .addColumn('id', 'integer', t.id)
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id'))
    .addColumn('member_wom_id', 'text', (c) => c.notNull().references('members.wom_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('siege_score', 'integer', (c) => c.notNull())
    .addUniqueConstraint('season_scores_season_member_key', ['season_id', 'member_wom_id'])
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('manual', t.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('short_event', t.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('short_event').execute();
  await db.schema.alterTable('events').dropColumn('manual').execute();
  await db.schema.dropTable('season_scores').execute();
}
