import type { Kysely, Transaction } from 'kysely';
import type { HistoryBaseline } from '#core/members/baseline-backfill.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Members the backfill still has to look up: baseline first seen, a join date, not deleted. */
const pending = (db: Db) =>
  db
    .selectFrom('members')
    .where('baseline_source', '=', 'first_seen')
    .where('join_date', 'is not', null)
    .where('deleted_at', 'is', null);

export interface BackfillCandidate {
  wom_id: string;
  /** The name WOM knows the player by, which its snapshot route takes. */
  username: string;
  join_date: string;
}

/** In WOM id order, so a resumed run goes through what is left in the same order. */
export async function listBackfillCandidates(db: Db): Promise<BackfillCandidate[]> {
  const rows = await pending(db)
    .select(['wom_id', 'name', 'wom_name', 'join_date'])
    .orderBy('wom_id')
    .execute();
  return rows.flatMap((row) =>
    row.join_date === null
      ? []
      : [{ wom_id: row.wom_id, username: row.wom_name ?? row.name, join_date: row.join_date }],
  );
}

export async function countBackfillRemaining(db: Db): Promise<number> {
  const row = await pending(db)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Sets the baseline from WOM's history only while it is still "first seen": checked in the same
 * statement as the write, so a baseline an admin set or imported meanwhile is never overwritten.
 * False when the member's baseline was no longer first seen (or they were deleted).
 */
export async function setHistoryBaseline(
  trx: Transaction<Database>,
  womId: string,
  baseline: HistoryBaseline,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('members')
    .set({
      first_xp: baseline.first_xp,
      first_lvl: baseline.first_lvl,
      baseline_source: 'wom_history',
      updated_at: at,
    })
    .where('wom_id', '=', womId)
    .where('baseline_source', '=', 'first_seen')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
