import type { Kysely, Transaction } from 'kysely';
import { touchesBaseline } from '#core/members/baseline-source.ts';
import {
  IMPORT_LIMIT_MESSAGES,
  type ImportError,
  type MemberImportChange,
  type MembersImportInput,
  type MembersImportResult,
} from '#core/members/members-import.schema.ts';
import { headerProblem, planMemberImport, type ImportRow } from '#core/members/members-import.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { inSerializableTransaction } from '../../db/transactions.ts';
import { badRequest } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { findOpenSeason } from '../seasons/seasons.repository.ts';
import {
  insertLedgerRow,
  listImportTargets,
  updateMemberRow,
  type MemberUpdate,
} from './admin-members.repository.ts';
import { parseMembersCsv } from './members-csv-import.ts';

export interface MembersImportDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** What an import did: a preview or an applied import, or one refused for its errors (nothing applied). */
export type MembersImportOutcome = { refused: boolean; result: MembersImportResult };

export const IMPORT_LEDGER_REASON = 'Imported from a members CSV';

type Db = Kysely<Database> | Transaction<Database>;

async function plan(
  db: Db,
  header: readonly string[],
  rows: readonly ImportRow[],
  parseErrors: ImportError[],
) {
  const problem = headerProblem(header);
  if (problem !== null) return { changes: [], errors: [{ line: 1, message: problem }, ...parseErrors] };
  const planned = planMemberImport(rows, await listImportTargets(db));
  const errors = [...parseErrors, ...planned.errors].sort((a, b) => a.line - b.line);
  return { changes: planned.changes, errors };
}

/** The columns one change writes; a new baseline is marked as imported, so the backfill leaves it be. */
function patchOf(change: MemberImportChange, at: string): MemberUpdate {
  const patch: MemberUpdate = { updated_at: at };
  for (const [field, values] of Object.entries(change.fields)) {
    Object.assign(patch, { [field]: values[1] });
  }
  if (touchesBaseline(patch)) patch.baseline_source = 'imported';
  return patch;
}

/** A score change is booked as a ledger row of the difference, so the score stays the season's sum. */
async function applyChange(
  trx: Transaction<Database>,
  change: MemberImportChange,
  context: { actor: AuditActor; at: string; seasonId: number },
): Promise<void> {
  await updateMemberRow(trx, change.wom_id, patchOf(change, context.at));
  const score = change.fields.siege_score;
  if (score === undefined) return;
  await insertLedgerRow(trx, {
    member_wom_id: change.wom_id,
    season_id: context.seasonId,
    amount: Number(score[1]) - Number(score[0]),
    reason: IMPORT_LEDGER_REASON,
    actor_user_id: context.actor.userId,
    created_at: context.at,
  });
}

const sideOf = (changes: readonly MemberImportChange[], side: 0 | 1) =>
  Object.fromEntries(
    changes.map((change) => [
      change.wom_id,
      Object.fromEntries(Object.entries(change.fields).map(([field, values]) => [field, values[side]])),
    ]),
  );

/**
 * Previews or applies a members CSV. Applying plans again inside one serializable transaction, on
 * the members as they are then, so the scores booked are the differences from the stored scores; any
 * problem (found in the preview or only then) applies nothing. One audit row holds every change.
 */
export async function importMembersCsv(
  deps: MembersImportDeps,
  input: MembersImportInput,
  actor: AuditActor,
): Promise<MembersImportOutcome> {
  const parsed = parseMembersCsv(input.csv);
  if (parsed.tooManyRows) throw badRequest(IMPORT_LIMIT_MESSAGES.tooManyRows);
  const preview = await plan(deps.db, parsed.header, parsed.rows, parsed.errors);
  if (input.dry_run) return { refused: false, result: preview };
  if (preview.errors.length > 0) return { refused: true, result: preview };
  const now = deps.clock.now();
  const at = now.toISOString();
  return inSerializableTransaction(deps.db, async (trx) => {
    const current = await plan(trx, parsed.header, parsed.rows, parsed.errors);
    if (current.errors.length > 0 || current.changes.length === 0)
      return { refused: current.errors.length > 0, result: current };
    const seasonId = (await findOpenSeason(trx)).id;
    for (const change of current.changes) await applyChange(trx, change, { actor, at, seasonId });
    await recordAudit(trx, {
      actor,
      action: 'member.import',
      targetType: 'member',
      targetId: null,
      before: sideOf(current.changes, 0),
      after: sideOf(current.changes, 1),
      at: now,
    });
    await bumpRevision(trx, 'members');
    return { refused: false, result: current };
  });
}
