import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * A member's proof for a bingo tile (issue 31): the screenshot (kept with Dink's, under the same
 * caps), a note, and the referee's decision with the reason the member sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bingo_submissions')
    .addColumn('id', 'integer', t.id)
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('tile_id', 'integer', (c) => c.notNull().references('bingo_tiles.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('bingo_teams.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('image_id', 'integer', (c) => c.references('dink_images.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bingo_submissions_board_status_idx')
    .on('bingo_submissions')
    .columns(['board_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('bingo_submissions_user_idx')
    .on('bingo_submissions')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bingo_submissions').execute();
}
