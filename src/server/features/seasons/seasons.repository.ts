import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Season } from '#core/seasons/season.schema.ts';
import type { Database, SeasonsTable } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;
type SeasonRow = Selectable<SeasonsTable>;

export function toSeason(row: SeasonRow): Season {
  return {
    id: row.id,
    name: row.name,
    is_open: toBool(row.is_open),
    started_at: row.started_at,
    ended_at: row.ended_at,
  };
}

/** The season points are booked to. There is always one: the site starts with it, a reset opens the next. */
export function findOpenSeason(db: Db): Promise<SeasonRow> {
  return db.selectFrom('seasons').selectAll().where('is_open', '=', true).executeTakeFirstOrThrow();
}

/**
 * Makes every other writer of members wait until the reset commits, so the scores it archives are
 * the scores it zeroes: a +2 committed just before is in the archive, one just after lands in the
 * new season. Reads go on meanwhile. SQLite needs no lock: it runs one write transaction at a time.
 */
export async function lockMembersForReset(trx: Transaction<Database>): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`lock table members in exclusive mode`.execute(trx);
}

/**
 * For a writer that reads the open season before it moves scores (the sync's event awards): waits
 * for a reset in flight to commit, and makes a later reset wait for this transaction, so points are
 * never booked to a season that closed before their score moved. A writer that moves a score first
 * and reads the season after gets the same from the row lock of its update.
 */
export async function holdSeasonsStill(trx: Transaction<Database>): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`lock table members in row exclusive mode`.execute(trx);
}

/** Copies every member's score into the season's archive, deleted and hidden ones too; returns how many. */
export async function archiveScores(trx: Transaction<Database>, seasonId: number): Promise<number> {
  const result = await trx
    .insertInto('season_scores')
    .columns(['season_id', 'member_wom_id', 'name', 'siege_score'])
    .expression((eb) =>
      // A literal, not a parameter: PostgreSQL would type a parameter in a select list as text.
      eb.selectFrom('members').select([sql.lit(seasonId).as('season_id'), 'wom_id', 'name', 'siege_score']),
    )
    .executeTakeFirstOrThrow();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export function closeSeason(
  trx: Transaction<Database>,
  seasonId: number,
  closing: { at: string; by: number | null },
): Promise<SeasonRow> {
  return trx
    .updateTable('seasons')
    .set({ is_open: false, ended_at: closing.at, closed_by: closing.by })
    .where('id', '=', seasonId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertOpenSeason(trx: Transaction<Database>, name: string, at: string): Promise<SeasonRow> {
  return trx
    .insertInto('seasons')
    .values({ name, is_open: true, started_at: at, ended_at: null, closed_by: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countSeasons(db: Db): Promise<number> {
  const row = await db
    .selectFrom('seasons')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function zeroAllScores(trx: Transaction<Database>, at: string): Promise<void> {
  await trx.updateTable('members').set({ siege_score: 0, updated_at: at }).execute();
}

/** Every season, newest first. */
export function listSeasons(db: Db): Promise<SeasonRow[]> {
  return db.selectFrom('seasons').selectAll().orderBy('id', 'desc').execute();
}

/** Every archived score, each season's highest first (ties by name, so the order is stable). */
export function listArchivedScores(db: Db) {
  return db
    .selectFrom('season_scores')
    .select(['season_id', 'member_wom_id as wom_id', 'name', 'siege_score'])
    .orderBy('season_id')
    .orderBy('siege_score', 'desc')
    .orderBy('name')
    .orderBy('member_wom_id')
    .execute();
}

/** The seasons a reset closed, newest first. */
export function listClosedSeasons(db: Db): Promise<SeasonRow[]> {
  return db.selectFrom('seasons').selectAll().where('is_open', '=', false).orderBy('id', 'desc').execute();
}

export function findClosedSeason(db: Db, seasonId: number): Promise<SeasonRow | undefined> {
  return db
    .selectFrom('seasons')
    .selectAll()
    .where('id', '=', seasonId)
    .where('is_open', '=', false)
    .executeTakeFirst();
}

/** The archived scores above 0 of the given seasons: the ones that take a place in their standings. */
export function listScoringArchive(db: Db, seasonIds: readonly number[]) {
  if (seasonIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('season_scores')
    .select(['season_id', 'member_wom_id as wom_id', 'name', 'siege_score'])
    .where('season_id', 'in', seasonIds)
    .where('siege_score', '>', 0)
    .execute();
}
