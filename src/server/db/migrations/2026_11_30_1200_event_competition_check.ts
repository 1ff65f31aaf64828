import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What the site knows of an event's linked WOM competition (issue 21): its title, as WOM named it
 * when the admin linked it or the sync last read it, shown beside the id so a mistyped id is seen;
 * and when WOM last answered that it has no such competition, so the event's row is flagged until
 * the admin corrects it. Both are null for an event without a link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('events').addColumn('wom_title', 'text').execute();
  await db.schema.alterTable('events').addColumn('wom_missing_at', t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('wom_missing_at').execute();
  await db.schema.alterTable('events').dropColumn('wom_title').execute();
}
