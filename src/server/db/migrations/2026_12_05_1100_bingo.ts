import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Bingo boards (issue 31): the board and its window, its tiles (each a cell with a goal), its teams
 * and their members (a member in at most one team of a board), and each member's figures when the
 * board started (and when it ended), which WOM-measured tiles count their gains between.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bingo_boards')
    .addColumn('id', 'integer', t.id)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('codeword', 'text')
    .addColumn('review', 'text', (c) => c.notNull())
    .addColumn('bonuses', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bingo_boards_ends_at_idx').on('bingo_boards').column('ends_at').execute();
  await db.schema
    .createTable('bingo_tiles')
    .addColumn('id', 'integer', t.id)
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('col', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('goal', 'text', (c) => c.notNull())
    .addUniqueConstraint('bingo_tiles_board_cell_key', ['board_id', 'row', 'col'])
    .execute();
  await db.schema
    .createTable('bingo_teams')
    .addColumn('id', 'integer', t.id)
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('bingo_teams_board_name_key', ['board_id', 'name'])
    .execute();
  await db.schema
    .createTable('bingo_team_members')
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('bingo_teams.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bingo_team_members_pkey', ['board_id', 'wom_id'])
    .execute();
  await db.schema
    .createTable('bingo_baselines')
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('taken_at', t.timestamp, (c) => c.notNull())
    .addColumn('final_values', 'text')
    .addPrimaryKeyConstraint('bingo_baselines_pkey', ['board_id', 'wom_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bingo_baselines', 'bingo_team_members', 'bingo_teams', 'bingo_tiles', 'bingo_boards'])
    await db.schema.dropTable(table).execute();
}
