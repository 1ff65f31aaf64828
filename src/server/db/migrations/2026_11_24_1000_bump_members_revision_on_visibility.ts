import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * A member hidden, deleted, gone from the clan (or back), or removed bumps the `members` revision in
 * the database itself, so the public caches see it even from a writer that forgot to bump: the
 * public WOM reads then need no read of the hidden members on every request to stay safe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`
      create function bump_members_revision() returns trigger language plpgsql as $$
      begin
        insert into data_revisions (name, revision) values ('members', 1)
          on conflict (name) do update set revision = data_revisions.revision + 1;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger members_visibility_bumps_revision
        after update of hidden, deleted_at, left_at on members for each row
        when (old.hidden is distinct from new.hidden
          or old.deleted_at is distinct from new.deleted_at
          or old.left_at is distinct from new.left_at)
        execute function bump_members_revision()`.execute(db);
    await sql`
      create trigger members_delete_bumps_revision
        after delete on members for each row execute function bump_members_revision()`.execute(db);
    return;
  }
  const bump = sql`
    insert into data_revisions (name, revision) values ('members', 1)
      on conflict (name) do update set revision = revision + 1;`;
  await sql`
    create trigger members_visibility_bumps_revision
      after update of hidden, deleted_at, left_at on members
      when old.hidden is not new.hidden
        or old.deleted_at is not new.deleted_at
        or old.left_at is not new.left_at
    begin ${bump} end`.execute(db);
  await sql`create trigger members_delete_bumps_revision after delete on members begin ${bump} end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { postgres } = columnTypes(db);
  // PostgreSQL names a trigger within its table; SQLite names it within the database.
  const onMembers = postgres ? sql` on members` : sql``;
  await sql`drop trigger members_visibility_bumps_revision${onMembers}`.execute(db);
  await sql`drop trigger members_delete_bumps_revision${onMembers}`.execute(db);
  if (postgres) await sql`drop function bump_members_revision()`.execute(db);
}
