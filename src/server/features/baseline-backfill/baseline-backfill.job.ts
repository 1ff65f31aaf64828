import type { Kysely } from 'kysely';
import { backfillStage, baselineNearJoinDate, snapshotWindow } from '#core/members/baseline-backfill.ts';
import type { Database } from '../../db/schema.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Job, JobContext } from '../../jobs/job.ts';
import { listRuns } from '../../jobs/job-runs.repository.ts';
import type { JobSchedule } from '../../jobs/job-runner.ts';
import { WomError } from '../../wom/wom-error.ts';
import type { WomGateway } from '../../wom/wom-gateway.ts';
import {
  countBackfillRemaining,
  listBackfillCandidates,
  setHistoryBaseline,
  type BackfillCandidate,
} from './baseline-backfill.repository.ts';

export const BASELINE_BACKFILL = 'baseline-backfill';

export interface BaselineBackfillDeps {
  db: Kysely<Database>;
  gateway: WomGateway;
}

type Outcome = 'set' | 'no_history' | 'kept';

/** WOM does not know the name (renamed since, or never tracked): nothing to read, not a failure. */
const unknownToWom = (error: unknown) =>
  error instanceof WomError && (error.status === 404 || error.status === 400 || error.status === 403);

async function backfillOne(
  deps: BaselineBackfillDeps,
  gateway: WomGateway,
  context: JobContext,
  member: BackfillCandidate,
): Promise<Outcome> {
  let snapshots;
  try {
    snapshots = await gateway.getPlayerSnapshots(member.username, snapshotWindow(member.join_date));
  } catch (error) {
    if (unknownToWom(error)) return 'no_history';
    throw error;
  }
  const baseline = baselineNearJoinDate(snapshots, member.join_date);
  if (baseline === null) return 'no_history';
  const at = context.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    await context.holdLease(trx);
    if (!(await setHistoryBaseline(trx, member.wom_id, baseline, at))) return 'kept';
    await bumpRevision(trx, 'members');
    return 'set';
  });
}

/**
 * The baseline backfill as a job body. Each member's baseline is saved in its own transaction (with
 * the lease held), so a run stopped part-way keeps what it did, and the next run, which lists only
 * members still "first seen", goes on from there. Requests go through the gateway's limiter at
 * scheduled priority: the backfill waits its turn in WOM's budget like the sync.
 */
export function baselineBackfillJob(deps: BaselineBackfillDeps): Job {
  return {
    name: BASELINE_BACKFILL,
    describeFailure: (error) =>
      error instanceof WomError
        ? `${error.message} (${error.path})`
        : error instanceof Error
          ? error.message
          : String(error),
    async run(context) {
      const gateway = deps.gateway.withFreshCount();
      context.countWomRequests(() => gateway.requestsMade);
      const members = await listBackfillCandidates(deps.db);
      const counts: Record<Outcome, number> = { set: 0, no_history: 0, kept: 0 };
      for (const [index, member] of members.entries()) {
        await context.progress(backfillStage(index + 1, members.length));
        counts[await backfillOne(deps, gateway, context, member)] += 1;
      }
      await deps.db.transaction().execute(async (trx) => {
        await context.holdLease(trx);
        await context.recordSuccess(trx, { members: members.length, ...counts });
      });
    },
  };
}

/**
 * True when the last backfill did not finish (it failed, or its process stopped) and members are
 * left: a restarted server then takes the work up again without an admin starting it anew.
 */
export async function backfillUnfinished(db: Kysely<Database>): Promise<boolean> {
  const [latest] = await listRuns(db, BASELINE_BACKFILL, 1);
  if (latest === undefined || latest.outcome === 'succeeded') return false;
  return (await countBackfillRemaining(db)) > 0;
}

const HOUR_MS = 3_600_000;

/** Checked at start and hourly: resumes an unfinished backfill, and otherwise starts nothing. */
export function backfillResumeSchedule(db: Kysely<Database>): JobSchedule {
  return {
    name: BASELINE_BACKFILL,
    intervalMs: HOUR_MS,
    runAtStart: true,
    due: () => backfillUnfinished(db),
  };
}
