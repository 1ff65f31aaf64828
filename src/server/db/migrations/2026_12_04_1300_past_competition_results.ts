import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Competitions that ended before the site's first sync never settled (issue 29): they showed Points
 * "Not yet" and no winner forever. An event now records when its competition's final results were
 * stored (`results_at`), paid or not, and whether it ended before this site (`before_site`): such
 * an event shows its winner and pays only when an admin books it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('events')
    .addColumn('before_site', t.boolean, (c) => c.notNull().defaultTo(sql`false`))
    .execute();
  await db.schema.alterTable('events').addColumn('results_at', t.timestamp).execute();
  await sql`update events set results_at = points_awarded_at where points_awarded_at is not null`.execute(db);
  // The first sync created every competition the group had; those already over then came before the site.
  await sql`
    update events set before_site = true
    where manual = false and end_date is not null
      and end_date <= (select min(created_at) from events where manual = false)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('results_at').execute();
  await db.schema.alterTable('events').dropColumn('before_site').execute();
}
