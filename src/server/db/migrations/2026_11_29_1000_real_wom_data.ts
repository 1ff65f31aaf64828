import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What a real WOM sends (issue 20):
 * - an achievement the player had reached before WOM first saw them has no known date (WOM writes
 *   the Unix epoch): `achievements.achieved_at` may be NULL, and the epoch rows stored so far become
 *   NULL. SQLite cannot drop a NOT NULL, so there the table is rebuilt as it was, less that.
 * - WOM learns a member's real join date late (`clientSyncJoinedAt`): `members.wom_join_date_synced`
 *   is the join date WOM last gave, so a date the admin set by hand (one that differs from it) is
 *   kept while one that mirrored WOM follows it. Existing members are taken to mirror WOM.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  if (t.postgres) {
    await sql`alter table achievements alter column achieved_at drop not null`.execute(db);
    await sql`update achievements set achieved_at = null where achieved_at = 'epoch'`.execute(db);
  } else {
    await sql`create table achievements_dated_or_not (
      id integer primary key autoincrement,
      player_wom_id text not null,
      player_name text not null,
      name text not null,
      metric text not null,
      threshold integer not null,
      achieved_at text,
      constraint achievements_player_metric_threshold_key unique (player_wom_id, metric, threshold)
    )`.execute(db);
    await sql`insert into achievements_dated_or_not
      select id, player_wom_id, player_name, name, metric, threshold,
        case when achieved_at like '1970-01-01T00:00:00%' then null else achieved_at end
      from achievements`.execute(db);
    await sql`drop table achievements`.execute(db);
    await sql`alter table achievements_dated_or_not rename to achievements`.execute(db);
    await db.schema
      .createIndex('achievements_achieved_at_idx')
      .on('achievements')
      .column('achieved_at')
      .execute();
  }
  await db.schema.alterTable('members').addColumn('wom_join_date_synced', t.date).execute();
  await sql`update members set wom_join_date_synced = join_date where wom_role_synced is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('wom_join_date_synced').execute();
  await sql`delete from achievements where achieved_at is null`.execute(db);
  if (columnTypes(db).postgres) {
    await sql`alter table achievements alter column achieved_at set not null`.execute(db);
  }
}
