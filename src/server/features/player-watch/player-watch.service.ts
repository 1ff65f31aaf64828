import type { Kysely, Transaction } from 'kysely';
import type { WatchImportResult, WatchListCase } from '#core/player-watch/player-watch.schema.ts';
import { planWatchImport, type MemberReportChange } from '#core/player-watch/watch-import.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { inSerializableTransaction } from '../../db/transactions.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { announce } from '../discord/discord-outbox.ts';
import {
  applyMemberReport,
  insertCases,
  listAlertedMemberNames,
  listCurrentCases,
  listWatchedMembers,
  markCasesRemoved,
  updateCases,
} from './player-watch.repository.ts';

/** The import job's name: its lease, its run records and the admin's "download now". */
export const PLAYER_WATCH = 'player-watch';

/** The scheduled import, as the audit log names it. */
export const PLAYER_WATCH_ACTOR: AuditActor = { userId: null, label: 'player-watch' };

/**
 * The largest list accepted, uploaded or downloaded: the public list is a few thousand cases of a few
 * hundred bytes each, so this leaves it room to grow tenfold.
 */
export const WATCH_LIST_MAX_BYTES = 10 * 1024 * 1024;

/** What an import did, as its run record counts it: the result and how the stored list moved. */
export type WatchImportCounts = WatchImportResult & { cases_added: number; cases_removed: number };

const NO_REASON = 'No reason given';

/**
 * Tells the admins' Discord channel, in one message, of the members still in the clan that this
 * import newly reports (or reports again after their whitelisting), as the Alerts tab shows them; an
 * import that finds nothing new, such as the same list again, says nothing.
 */
async function announceNewReports(
  trx: Transaction<Database>,
  changes: readonly MemberReportChange[],
  now: Date,
): Promise<void> {
  const fresh = changes.filter((change) => change.kind === 'reported' || change.kind === 'realerted');
  if (fresh.length === 0) return;
  const reasons = new Map(
    fresh.map((change) => [change.wom_id, change.report.runewatch_case?.reason ?? NO_REASON]),
  );
  const members = await listAlertedMemberNames(trx, [...reasons.keys()]);
  if (members.length === 0) return;
  await announce(
    trx,
    {
      kind: 'player_watch',
      reports: members.map((member) => ({ ...member, reason: reasons.get(member.wom_id) ?? NO_REASON })),
    },
    now,
  );
}

/**
 * Replaces the stored list with `list` and matches the members against it, inside the caller's
 * transaction, with its audit row and its Discord news; the members revision moves only when a
 * member changed.
 */
export async function applyWatchList(
  trx: Transaction<Database>,
  list: readonly WatchListCase[],
  context: { now: Date; actor: AuditActor },
): Promise<WatchImportCounts> {
  const now = context.now.toISOString();
  const plan = planWatchImport({
    list,
    stored: await listCurrentCases(trx),
    members: await listWatchedMembers(trx),
    now: context.now,
  });
  await insertCases(trx, plan.cases.insert, now);
  await updateCases(trx, plan.cases.update);
  await markCasesRemoved(trx, plan.cases.remove, now);
  for (const change of plan.members) await applyMemberReport(trx, change, now);
  if (plan.members.length > 0) await bumpRevision(trx, 'members');
  await announceNewReports(trx, plan.members, context.now);

  const counts = {
    ...plan.result,
    cases_added: plan.cases.insert.length,
    cases_removed: plan.cases.remove.length,
  };
  const membersOf = (...kinds: Array<MemberReportChange['kind']>) =>
    plan.members.filter((change) => kinds.includes(change.kind)).map((change) => change.wom_id);
  await recordAudit(trx, {
    actor: context.actor,
    action: 'player-watch.import',
    targetType: 'player-watch',
    targetId: null,
    after: {
      ...counts,
      reported: membersOf('reported', 'realerted'),
      cleared: membersOf('cleared'),
    },
    at: context.now,
  });
  return counts;
}

/** An admin's upload of the list: all of it or nothing, like the scheduled download. */
export async function importWatchList(
  deps: { db: Kysely<Database>; clock: Clock },
  list: readonly WatchListCase[],
  actor: AuditActor,
): Promise<WatchImportResult> {
  const { cases, reported_members, newly_reported, cleared } = await inSerializableTransaction(
    deps.db,
    (trx) => applyWatchList(trx, list, { now: deps.clock.now(), actor }),
  );
  return { cases, reported_members, newly_reported, cleared };
}
