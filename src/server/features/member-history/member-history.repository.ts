import type { Kysely, Transaction } from 'kysely';
import type { SnapshotPoint } from '#core/members/snapshot-point.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Keeps a snapshot as the member's point for its day: a later snapshot of the same day replaces an
 * earlier one, and an older one (WOM answering out of order) never replaces a newer.
 */
export async function recordSnapshotPoint(db: Db, womId: string, point: SnapshotPoint): Promise<void> {
  await db
    .insertInto('member_snapshots')
    .values({ wom_id: womId, ...point })
    .onConflict((oc) =>
      oc
        .columns(['wom_id', 'day'])
        .doUpdateSet({ snapshot_at: point.snapshot_at, exp: point.exp, ehb: point.ehb, ehp: point.ehp })
        .where('member_snapshots.snapshot_at', '<', point.snapshot_at),
    )
    .execute();
}

/** A member's history, oldest first, from `since` (a day) on. */
export async function listSnapshotPoints(db: Db, womId: string, since: string): Promise<SnapshotPoint[]> {
  return db
    .selectFrom('member_snapshots')
    .select(['day', 'snapshot_at', 'exp', 'ehb', 'ehp'])
    .where('wom_id', '=', womId)
    .where('day', '>=', since)
    .orderBy('day')
    .execute();
}
