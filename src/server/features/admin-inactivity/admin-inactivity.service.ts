import {
  INACTIVITY_EXPORT_COLUMNS,
  awayInPastMessage,
  inactivityExportRow,
  inactivityOf,
  type AwayResult,
  type InactivityList,
} from '#core/members/inactivity.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { badRequest, notFound } from '../../http/http-error.ts';
import { safeCsv } from '../admin-members/members-csv.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { findAwayUntil, listInactivityFacts, writeAwayUntil } from './admin-inactivity.repository.ts';

type Deps = Pick<AdminRouteDeps, 'db' | 'clock'>;

const MEMBER_NOT_FOUND = 'Member not found';

const todayOf = (deps: Deps) => deps.clock.now().toISOString().slice(0, 10);

/** One page of the members inactive for `days`, longest inactive first, and everyone away today. */
export async function listInactivity(
  deps: Deps,
  query: { days: number; limit: number; offset: number },
): Promise<InactivityList> {
  const today = todayOf(deps);
  const { inactive, away } = inactivityOf(await listInactivityFacts(deps.db), today, query.days);
  return {
    days: query.days,
    today,
    total: inactive.length,
    offset: query.offset,
    limit: query.limit,
    members: inactive.slice(query.offset, query.offset + query.limit),
    away,
  };
}

/** Every member inactive for `days`, as the tab lists them, as a CSV; `count` is its rows. */
export async function inactivityCsv(deps: Deps, days: number): Promise<{ csv: string; count: number }> {
  const { inactive } = inactivityOf(await listInactivityFacts(deps.db), todayOf(deps), days);
  return {
    csv: safeCsv(INACTIVITY_EXPORT_COLUMNS, inactive.map(inactivityExportRow)),
    count: inactive.length,
  };
}

/**
 * Sets or clears the day until which a member is away. A day already past is refused: it would
 * exempt no one. The member's `updated_at` stays, so an admin editing the member's form at the
 * same time is not told the member changed under them: the form has no away date.
 */
export async function setAwayUntil(
  deps: Deps,
  womId: string,
  awayUntil: string | null,
  actor: AuditActor,
): Promise<AwayResult> {
  const today = todayOf(deps);
  if (awayUntil !== null && awayUntil < today) throw badRequest(awayInPastMessage(today));
  return deps.db.transaction().execute(async (trx) => {
    const member = await findAwayUntil(trx, womId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.away_until === awayUntil) return { wom_id: womId, away_until: awayUntil };
    await writeAwayUntil(trx, womId, awayUntil);
    await recordAudit(trx, {
      actor,
      action: 'member.away',
      targetType: 'member',
      targetId: womId,
      before: { away_until: member.away_until },
      after: { away_until: awayUntil },
      at: deps.clock.now(),
    });
    return { wom_id: womId, away_until: awayUntil };
  });
}
