import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Bingo in play (issue 31): what Dink told of each team's tiles, kept past the inbox's two days;
 * the tiles each team completed (with the proof, for the public board and Discord); proofs found
 * by the site itself (a submission without a member's account) for a referee to check; each board's
 * referees, sign-ups and the points booked at its end; and saved layouts to start a board from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('bingo_tile_events')
    .addColumn('id', 'integer', t.id)
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('tile_id', 'integer', (c) => c.notNull().references('bingo_tiles.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('bingo_teams.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('amount', t.bigint, (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('image_id', 'integer', (c) => c.references('dink_images.id').onDelete('set null'))
    .addUniqueConstraint('bingo_tile_events_once_key', ['tile_id', 'wom_id', 'source_key'])
    .execute();
  await db.schema
    .createIndex('bingo_tile_events_board_idx')
    .on('bingo_tile_events')
    .column('board_id')
    .execute();
  await db.schema
    .createTable('bingo_completions')
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('bingo_teams.id').onDelete('cascade'))
    .addColumn('tile_id', 'integer', (c) => c.notNull().references('bingo_tiles.id').onDelete('cascade'))
    .addColumn('wom_id', 'text')
    .addColumn('image_id', 'integer', (c) => c.references('dink_images.id').onDelete('set null'))
    .addColumn('submission_id', 'integer', (c) => c.references('bingo_submissions.id').onDelete('cascade'))
    .addColumn('completed_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bingo_completions_pkey', ['team_id', 'tile_id'])
    .execute();
  await db.schema
    .createIndex('bingo_completions_board_idx')
    .on('bingo_completions')
    .column('board_id')
    .execute();

  // A tile's icon from the catalogue (a kill or XP tile shows its boss or skill without one).
  await db.schema.alterTable('bingo_tiles').addColumn('icon', 'text').execute();

  // A proof the site found has no member's account behind it.
  await db.schema
    .alterTable('bingo_submissions')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  if (t.postgres) {
    await db.schema
      .alterTable('bingo_submissions')
      .alterColumn('user_id', (c) => c.dropNotNull())
      .execute();
  } else {
    await sql`ALTER TABLE bingo_submissions RENAME COLUMN user_id TO user_id_required`.execute(db);
    await db.schema.alterTable('bingo_submissions').addColumn('user_id', 'integer').execute();
    await sql`UPDATE bingo_submissions SET user_id = user_id_required`.execute(db);
    await db.schema.dropIndex('bingo_submissions_user_idx').execute();
    await sql`ALTER TABLE bingo_submissions DROP COLUMN user_id_required`.execute(db);
    await db.schema
      .createIndex('bingo_submissions_user_idx')
      .on('bingo_submissions')
      .columns(['user_id', 'created_at'])
      .execute();
  }

  await db.schema
    .alterTable('bingo_boards')
    .addColumn('signups', t.boolean, (c) => c.notNull().defaultTo(t.postgres ? sql`false` : 0))
    .execute();
  await db.schema.alterTable('bingo_boards').addColumn('points_batch_id', 'integer').execute();
  await db.schema
    .createTable('bingo_referees')
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bingo_referees_pkey', ['board_id', 'user_id'])
    .execute();
  await db.schema.createIndex('bingo_referees_user_idx').on('bingo_referees').column('user_id').execute();
  await db.schema
    .createTable('bingo_signups')
    .addColumn('board_id', 'integer', (c) => c.notNull().references('bingo_boards.id').onDelete('cascade'))
    .addColumn('wom_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bingo_signups_pkey', ['board_id', 'wom_id'])
    .execute();
  await db.schema
    .createTable('bingo_templates')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bingo_templates',
    'bingo_signups',
    'bingo_referees',
    'bingo_completions',
    'bingo_tile_events',
  ])
    await db.schema.dropTable(table).execute();
  for (const column of ['points_batch_id', 'signups'])
    await db.schema.alterTable('bingo_boards').dropColumn(column).execute();
  await db.schema.alterTable('bingo_submissions').dropColumn('source').execute();
  await db.schema.alterTable('bingo_tiles').dropColumn('icon').execute();
}
