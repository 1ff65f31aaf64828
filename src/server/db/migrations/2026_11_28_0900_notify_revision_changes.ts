import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * On PostgreSQL every committed change of a data revision is announced on the `data_revisions`
 * channel as `name:revision`, so each instance keeps the revisions in memory and a public read
 * touches no database. NOTIFY is delivered at commit, so a rolled-back bump announces nothing.
 * SQLite has one process and learns of its own writes directly (revision-watch.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`
    create function notify_revision_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('data_revisions', new.name || ':' || new.revision);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger data_revisions_notify
      after insert or update on data_revisions for each row
      execute function notify_revision_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql`drop trigger data_revisions_notify on data_revisions`.execute(db);
  await sql`drop function notify_revision_change()`.execute(db);
}
