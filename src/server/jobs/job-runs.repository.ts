import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { readJson, writeJson } from '../db/values.ts';

/** One run of a job, as recorded in sync_runs (named for its first job; it holds every job's runs). */
export interface JobRun {
  id: number;
  kind: string;
  started_at: string;
  finished_at: string | null;
  outcome: 'running' | 'succeeded' | 'failed';
  stage: string | null;
  error: string | null;
  wom_requests: number;
  counts: Record<string, number> | null;
  triggered_by: number | null;
}

export const INTERRUPTED = 'Interrupted: the server stopped during the run';

export async function startRun(
  db: Kysely<Database>,
  run: { kind: string; now: Date; triggeredBy: number | null },
): Promise<number> {
  const row = await db
    .insertInto('sync_runs')
    .values({
      kind: run.kind,
      started_at: run.now.toISOString(),
      outcome: 'running',
      stage: 'starting',
      wom_requests: 0,
      triggered_by: run.triggeredBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Only while the run is recorded as running: a run already marked interrupted stays so. */
export async function updateRunProgress(
  db: Kysely<Database>,
  id: number,
  progress: { stage: string; womRequests: number },
): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({ stage: progress.stage, wom_requests: progress.womRequests })
    .where('id', '=', id)
    .where('outcome', '=', 'running')
    .execute();
}

/**
 * Records the run's success inside the transaction that saves its work, so the two commit together.
 * It overwrites an 'interrupted' mark: a run presumed dead that lived on to save knows better.
 */
export async function recordRunSucceeded(
  trx: Transaction<Database>,
  id: number,
  result: { now: Date; womRequests: number; counts: Record<string, number> },
): Promise<void> {
  await trx
    .updateTable('sync_runs')
    .set({
      outcome: 'succeeded',
      finished_at: result.now.toISOString(),
      stage: null,
      wom_requests: result.womRequests,
      counts: writeJson(result.counts),
      error: null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Records the run's failure, also over an 'interrupted' mark (a run that lived on knows its error
 * better), but never over a success: that committed with the work, and a failure seen after it (a
 * commit whose answer was lost on the way back) does not undo it.
 */
export async function recordRunFailed(
  db: Kysely<Database>,
  id: number,
  result: { now: Date; womRequests: number; error: string },
): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set({
      outcome: 'failed',
      finished_at: result.now.toISOString(),
      stage: null,
      wom_requests: result.womRequests,
      error: result.error,
    })
    .where('id', '=', id)
    .where('outcome', '<>', 'succeeded')
    .execute();
}

export async function listRuns(db: Kysely<Database>, kind: string, limit: number): Promise<JobRun[]> {
  const rows = await db
    .selectFrom('sync_runs')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, counts: readJson<Record<string, number>>(row.counts) }));
}

/** Whether a run of the job has succeeded since `since`, on this instance or another. */
export async function succeededSince(db: Kysely<Database>, kind: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sync_runs')
    .select('id')
    .where('kind', '=', kind)
    .where('outcome', '=', 'succeeded')
    .where('finished_at', '>=', since.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

const interrupted = (now: Date) =>
  ({ outcome: 'failed', finished_at: now.toISOString(), stage: null, error: INTERRUPTED }) as const;

/**
 * Once the caller holds the job's lease, every run still recorded as running belongs to a holder
 * that lost it: a process that died (or was presumed dead) mid-run.
 */
export async function failRunsOfFormerHolders(db: Kysely<Database>, kind: string, now: Date): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set(interrupted(now))
    .where('kind', '=', kind)
    .where('outcome', '=', 'running')
    .execute();
}

/**
 * Runs recorded as running while nobody holds a live lease on the job: their holder stopped
 * renewing it, so it died. One statement, so a run another instance starts meanwhile (after taking
 * the lease) is never caught: PostgreSQL's statement snapshot sees either its lease or neither.
 */
export async function failRunsWithoutLiveLease(
  db: Kysely<Database>,
  kind: string,
  times: { now: Date; leaseNow: Date },
): Promise<void> {
  await db
    .updateTable('sync_runs')
    .set(interrupted(times.now))
    .where('kind', '=', kind)
    .where('outcome', '=', 'running')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('job_leases')
            .select('holder')
            .where('name', '=', kind)
            .where('expires_at', '>', times.leaseNow.toISOString()),
        ),
      ),
    )
    .execute();
}

/**
 * Keeps the job's latest `keep` run records and deletes older finished ones, in the saving
 * transaction of a job that runs often (every few minutes while a competition runs), so its
 * records do not grow without end. A job's status reads only its latest runs.
 */
export async function pruneRuns(trx: Transaction<Database>, kind: string, keep: number): Promise<void> {
  const oldestKept = await trx
    .selectFrom('sync_runs')
    .select('id')
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldestKept) return;
  await trx
    .deleteFrom('sync_runs')
    .where('kind', '=', kind)
    .where('id', '<', oldestKept.id)
    .where('outcome', '<>', 'running')
    .execute();
}
