import { sql, type Kysely } from 'kysely';

/**
 * An admin's award can be undone (issue 29): not by editing the score, but by a reversing ledger
 * row. `kind` tells the rows the points buttons booked ('award') and the rows that undo one
 * ('undo') from every other row (events, edits, imports: null). `reverses_id` links an undo to the
 * award it reverses; its unique index lets an award be undone once, even by two admins at once.
 * Awards booked before this version carry the buttons' one reason, 'Added by admin'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('points').addColumn('kind', 'text').execute();
  await db.schema
    .alterTable('points')
    .addColumn('reverses_id', 'integer', (c) => c.references('points.id'))
    .execute();
  await db.schema.createIndex('points_reverses_id_key').on('points').column('reverses_id').unique().execute();
  await sql`update points set kind = 'award' where event_id is null and reason = 'Added by admin'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('points_reverses_id_key').execute();
  await db.schema.alterTable('points').dropColumn('reverses_id').execute();
  await db.schema.alterTable('points').dropColumn('kind').execute();
}
