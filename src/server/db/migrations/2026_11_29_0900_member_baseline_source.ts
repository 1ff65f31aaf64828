import { sql, type Kysely } from 'kysely';

/**
 * Where each member's baseline (first_xp, first_lvl) came from: 'imported', 'admin', 'wom_history'
 * or 'first_seen'. Every member stored so far, and every member a sync adds from now on, was first
 * seen by the site (the column's default), so the sync needs no change. The backfill job finds its
 * work (and resumes after a restart) by this column, hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('baseline_source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('first_seen')
        .check(sql`baseline_source in ('imported', 'admin', 'wom_history', 'first_seen')`),
    )
    .execute();
  await db.schema
    .createIndex('members_baseline_source_idx')
    .on('members')
    .column('baseline_source')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_baseline_source_idx').execute();
  await db.schema.alterTable('members').dropColumn('baseline_source').execute();
}
