import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { findOpenSeason } from '../../src/server/features/seasons/seasons.repository.ts';
import { INTERRUPTED } from '../../src/server/jobs/job-runs.repository.ts';
import { LeaseLostError } from '../../src/server/jobs/job.ts';
import { WOM_SYNC } from '../../src/server/features/wom-sync/wom-sync.service.ts';
import { awardKey, type AwardCounts } from './soak-traffic.ts';

/** The reason admin-members.service.ts books a manual award under. */
const MANUAL_AWARD_REASON = 'Added by admin';

/** The manual awards in the ledger, counted per member and amount. */
export async function ledgerAwards(db: Kysely<Database>): Promise<AwardCounts> {
  const rows = await db
    .selectFrom('points')
    .select(['member_wom_id', 'amount', (eb) => eb.fn.countAll<number | string>().as('rows')])
    .where('reason', '=', MANUAL_AWARD_REASON)
    .groupBy(['member_wom_id', 'amount'])
    .execute();
  return new Map(rows.map((row) => [awardKey(row.member_wom_id, row.amount), Number(row.rows)]));
}

export interface AwardCheck {
  acknowledged: number;
  /** Acknowledged awards with no ledger row. */
  lost: string[];
  /** Ledger rows beyond the acknowledged awards: doubled, or written though the answer said otherwise. */
  extra: string[];
}

/**
 * Every award the app acknowledged is in the ledger exactly once: the ledger's manual awards now,
 * less those from before the soak, match the acknowledged ones per member and amount.
 */
export function checkAwards(acknowledged: AwardCounts, before: AwardCounts, after: AwardCounts): AwardCheck {
  const keys = new Set([...acknowledged.keys(), ...after.keys()]);
  const lost: string[] = [];
  const extra: string[] = [];
  for (const key of keys) {
    const written = (after.get(key) ?? 0) - (before.get(key) ?? 0);
    const expected = acknowledged.get(key) ?? 0;
    if (written < expected) lost.push(`${key} × ${expected - written}`);
    if (written > expected) extra.push(`${key} × ${written - expected}`);
  }
  const count = [...acknowledged.values()].reduce((sum, n) => sum + n, 0);
  return { acknowledged: count, lost, extra };
}

export interface ScoreCheck {
  members: number;
  ledgerRows: number;
  /** Members whose score is not their open season's ledger total: `womId: score vs booked`. */
  mismatches: string[];
}

/** Every member's siege score (deleted and hidden ones too) equals the sum of its open season's ledger. */
export async function checkScores(db: Kysely<Database>): Promise<ScoreCheck> {
  const season = await findOpenSeason(db);
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('points as p', (join) =>
      join.onRef('p.member_wom_id', '=', 'm.wom_id').on('p.season_id', '=', season.id),
    )
    .select([
      'm.wom_id',
      'm.siege_score',
      (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('p.amount'), sql.lit(0)).as('booked'),
      (eb) => eb.fn.count<number | string>('p.id').as('rows'),
    ])
    .groupBy(['m.wom_id', 'm.siege_score'])
    .execute();
  return {
    members: rows.length,
    ledgerRows: rows.reduce((sum, row) => sum + Number(row.rows), 0),
    mismatches: rows
      .filter((row) => Number(row.siege_score) !== Number(row.booked))
      .map((row) => `${row.wom_id}: score ${row.siege_score} vs booked ${row.booked}`),
  };
}

export type SyncRunCounts = Record<'running' | 'succeeded' | 'failed', number> & {
  /**
   * Runs ended because another run took their lease: with one instance and a lease of 30 s, only
   * when a second run was let start while one was going (the single-run rule broke).
   */
  takenOver: number;
};

/** The WOM sync's runs recorded so far, by outcome. */
export async function syncRuns(db: Kysely<Database>): Promise<SyncRunCounts> {
  const takenOverErrors = [INTERRUPTED, new LeaseLostError(WOM_SYNC).message];
  const rows = await db
    .selectFrom('sync_runs')
    .select([
      'outcome',
      (eb) => eb.fn.countAll<number | string>().as('runs'),
      (eb) =>
        eb.fn
          .sum<number | string>(eb.case().when('error', 'in', takenOverErrors).then(1).else(0).end())
          .as('taken_over'),
    ])
    .where('kind', '=', WOM_SYNC)
    .groupBy('outcome')
    .execute();
  const counts: SyncRunCounts = { running: 0, succeeded: 0, failed: 0, takenOver: 0 };
  for (const row of rows) {
    counts[row.outcome] = Number(row.runs);
    counts.takenOver += Number(row.taken_over);
  }
  return counts;
}
