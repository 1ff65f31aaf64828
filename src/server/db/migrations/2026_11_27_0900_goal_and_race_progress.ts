import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What goals and races add: every value a sync saw for a goal or a race participant, so their pages
 * can chart progress over time, and indexes for the sync, which updates goals and races by player.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('goal_progress')
    .addColumn('id', 'integer', t.id)
    .addColumn('goal_id', 'integer', (c) => c.notNull().references('user_goals.id').onDelete('cascade'))
    .addColumn('value', t.bigint, (c) => c.notNull())
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('goal_progress_goal_id_idx')
    .on('goal_progress')
    .columns(['goal_id', 'recorded_at'])
    .execute();
  await db.schema
    .createTable('race_progress')
    .addColumn('id', 'integer', t.id)
    .addColumn('participant_id', 'integer', (c) =>
      c.notNull().references('race_participants.id').onDelete('cascade'),
    )
    .addColumn('value', t.bigint, (c) => c.notNull())
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('race_progress_participant_id_idx')
    .on('race_progress')
    .columns(['participant_id', 'recorded_at'])
    .execute();
  await db.schema.createIndex('user_goals_wom_id_idx').on('user_goals').column('wom_id').execute();
  await db.schema
    .createIndex('race_participants_wom_id_idx')
    .on('race_participants')
    .column('wom_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('race_participants_wom_id_idx').execute();
  await db.schema.dropIndex('user_goals_wom_id_idx').execute();
  await db.schema.dropTable('race_progress').execute();
  await db.schema.dropTable('goal_progress').execute();
}
