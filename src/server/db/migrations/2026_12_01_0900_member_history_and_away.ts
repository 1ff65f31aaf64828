import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What a member's page and the inactivity view read (issue 21): one point of XP and EHB per member
 * per day, from the snapshots the sync stores (member_stats keeps only the latest), so a chart can
 * show them over time and the history stays bounded (a day's last snapshot replaces its earlier
 * ones); WOM's `lastChangedAt` for each member, the last time any of their stats moved; and an
 * admin-set date until which a member is away and exempt from the inactivity list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('member_snapshots')
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('day', t.date, (c) => c.notNull())
    .addColumn('snapshot_at', t.timestamp, (c) => c.notNull())
    .addColumn('exp', t.bigint, (c) => c.notNull())
    .addColumn('ehb', 'double precision', (c) => c.notNull())
    .addColumn('ehp', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_snapshots_pk', ['wom_id', 'day'])
    .execute();
  await db.schema.alterTable('members').addColumn('wom_last_changed_at', t.timestamp).execute();
  await db.schema.alterTable('members').addColumn('away_until', t.date).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('away_until').execute();
  await db.schema.alterTable('members').dropColumn('wom_last_changed_at').execute();
  await db.schema.dropTable('member_snapshots').execute();
}
