import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * An event's points awarded in one go (issue 30): the batch with its one reason, and a link from each
 * ledger row it booked, so the whole award can be undone at once by reversing rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('point_batches')
    .addColumn('id', 'integer', t.id)
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('undone_at', t.timestamp)
    .addColumn('undone_by', 'integer')
    .execute();
  await db.schema
    .alterTable('points')
    .addColumn('batch_id', 'integer', (c) => c.references('point_batches.id'))
    .execute();
  await db.schema.createIndex('points_batch_id_idx').on('points').column('batch_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('points_batch_id_idx').execute();
  await db.schema.alterTable('points').dropColumn('batch_id').execute();
  await db.schema.dropTable('point_batches').execute();
}
