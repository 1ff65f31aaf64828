import type { Kysely } from 'kysely';
import { BACKFILL_RUNNING_MESSAGE, type BaselineBackfillStatus } from '#core/members/baseline-backfill.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { countBackfillRemaining } from './baseline-backfill.repository.ts';
import { BASELINE_BACKFILL } from './baseline-backfill.job.ts';

export interface BaselineBackfillServiceDeps {
  db: Kysely<Database>;
  jobs: JobRunner;
}

const RECENT_RUNS = 5;

/** Starts the backfill on the job runner; 409 while one runs on any instance. */
export async function startBaselineBackfill(
  deps: BaselineBackfillServiceDeps,
  triggeredBy: number | null,
): Promise<{ runId: number; done: Promise<unknown> }> {
  const started = await deps.jobs.start(BASELINE_BACKFILL, triggeredBy);
  if (started.status === 'busy') throw new HttpError(409, 'CONFLICT', BACKFILL_RUNNING_MESSAGE);
  return { runId: started.runId, done: started.done };
}

/** Its runs (the one in progress with its stage) and how many members are still to look up. */
export async function baselineBackfillStatus(
  deps: BaselineBackfillServiceDeps,
): Promise<BaselineBackfillStatus> {
  const status = await deps.jobs.status(BASELINE_BACKFILL, RECENT_RUNS);
  return { ...status, remaining: await countBackfillRemaining(deps.db) };
}
