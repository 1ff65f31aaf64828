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

/**
 * For each member with one, the latest stored day whose XP or EHB is above the member's previous
 * stored day (days need not be consecutive: a gap in syncing spans one comparison). A member's
 * first stored day is no gain: there is nothing before it to compare with.
 */
export async function listLastGainDays(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('member_snapshots')
        .select((inner) => [
          'wom_id',
          'day',
          'exp',
          'ehb',
          inner.fn
            .agg<number | null>('lag', ['exp'])
            .over((ob) => ob.partitionBy('wom_id').orderBy('day'))
            .as('prev_exp'),
          inner.fn
            .agg<number | null>('lag', ['ehb'])
            .over((ob) => ob.partitionBy('wom_id').orderBy('day'))
            .as('prev_ehb'),
        ])
        .as('steps'),
    )
    .select((eb) => ['steps.wom_id', eb.fn.max('steps.day').as('day')])
    .where((eb) =>
      eb.or([eb('steps.exp', '>', eb.ref('steps.prev_exp')), eb('steps.ehb', '>', eb.ref('steps.prev_ehb'))]),
    )
    .groupBy('steps.wom_id')
    .execute();
  return new Map(rows.map((row) => [row.wom_id, row.day]));
}
