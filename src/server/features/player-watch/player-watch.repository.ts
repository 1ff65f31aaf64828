import type { Kysely, Transaction } from 'kysely';
import type { WatchCaseView } from '#core/members/admin-members.schema.ts';
import {
  CASE_VIEW_FIELDS,
  type ListedCase,
  type MemberReportChange,
  type StoredCase,
  type WatchedMember,
} from '#core/player-watch/watch-import.ts';
import type { Database } from '../../db/schema.ts';
import { readJson, toBool, writeJson } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per statement: well inside both databases' limits on bound parameters. */
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) result.push(items.slice(i, i + BATCH));
  return result;
}

const CASE_COLUMNS = ['id', 'normalised_rsn', ...CASE_VIEW_FIELDS] as const;

/** The cases of the last good list: those no import has marked removed. */
export function listCurrentCases(db: Db): Promise<StoredCase[]> {
  return db.selectFrom('player_watch_cases').select(CASE_COLUMNS).where('removed_at', 'is', null).execute();
}

export async function countCurrentCases(db: Db): Promise<number> {
  const row = await db
    .selectFrom('player_watch_cases')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCases(db: Db, cases: readonly ListedCase[], now: string): Promise<void> {
  for (const batch of batches(cases)) {
    await db
      .insertInto('player_watch_cases')
      .values(batch.map((listed) => ({ ...listed, first_seen_at: now, removed_at: null })))
      .execute();
  }
}

export async function updateCases(db: Db, cases: readonly StoredCase[]): Promise<void> {
  for (const { id, ...listed } of cases)
    await db.updateTable('player_watch_cases').set(listed).where('id', '=', id).execute();
}

/** Cases that left the list stay, dated, as its history. */
export async function markCasesRemoved(db: Db, ids: readonly number[], now: string): Promise<void> {
  for (const batch of batches(ids))
    await db.updateTable('player_watch_cases').set({ removed_at: now }).where('id', 'in', batch).execute();
}

/** Every member, deleted ones included, so a restored member comes back with their report. */
export async function listWatchedMembers(db: Db): Promise<WatchedMember[]> {
  const rows = await db
    .selectFrom('members')
    .select([
      'wom_id',
      'name',
      'wom_name',
      'runewatch_reported',
      'runewatch_flagged',
      'runewatch_reported_at',
      'runewatch_case',
      'runewatch_whitelisted',
      'runewatch_whitelisted_at',
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    runewatch_reported: toBool(row.runewatch_reported),
    runewatch_flagged: toBool(row.runewatch_flagged),
    runewatch_case: readJson<WatchCaseView>(row.runewatch_case),
    runewatch_whitelisted: toBool(row.runewatch_whitelisted),
  }));
}

/**
 * Those of the members an admin is alerted to: still in the clan (neither deleted nor gone) and not
 * whitelisted, with their names.
 */
export async function listAlertedMemberNames(
  db: Db,
  womIds: readonly string[],
): Promise<{ wom_id: string; name: string }[]> {
  const rows: { wom_id: string; name: string }[] = [];
  for (const batch of batches(womIds)) {
    rows.push(
      ...(await db
        .selectFrom('members')
        .select(['wom_id', 'name'])
        .where('wom_id', 'in', batch)
        .where('deleted_at', 'is', null)
        .where('left_at', 'is', null)
        .where('runewatch_whitelisted', '=', false)
        .orderBy('name')
        .execute()),
    );
  }
  return rows;
}

/** A case newer than the whitelisting lifts it whole: the alert is back as if never whitelisted. */
export async function applyMemberReport(db: Db, change: MemberReportChange, now: string): Promise<void> {
  const liftedWhitelist = change.liftWhitelist
    ? {
        runewatch_whitelisted: false,
        runewatch_whitelist_reason: null,
        runewatch_whitelisted_at: null,
        runewatch_whitelisted_by: null,
      }
    : {};
  await db
    .updateTable('members')
    .set({
      ...change.report,
      runewatch_case: writeJson(change.report.runewatch_case),
      ...liftedWhitelist,
      updated_at: now,
    })
    .where('wom_id', '=', change.wom_id)
    .execute();
}

/** Members reported and not whitelisted, deleted ones aside: the admin's alerts. */
export async function countAlerts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('runewatch_reported', '=', true)
    .where('runewatch_whitelisted', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
