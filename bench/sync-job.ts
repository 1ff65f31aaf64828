// The WOM sync as the benches run it: a job runner whose only job is the sync, one run at a time.
import { womSyncDeps } from '../src/server/app.ts';
import type { Clock } from '../src/shared/clock.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/client.ts';
import { WOM_SYNC, womSyncJob } from '../src/server/features/wom-sync/wom-sync.service.ts';
import type { RunResult } from '../src/server/jobs/job.ts';
import { createJobRunner, type JobRunner } from '../src/server/jobs/job-runner.ts';
import type { WomGateway } from '../src/server/wom/wom-gateway.ts';

export function syncRunner(
  database: DatabaseHandle,
  clock: Clock,
  wom: { gateway: WomGateway; groupId: number },
): JobRunner {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const sync = womSyncDeps({ config, database, wom });
  return createJobRunner({ db: database.db, clock, instanceId: 'bench', jobs: [womSyncJob(sync)] });
}

/** Starts a sync and waits for its end; throws when the lease is busy or the run failed. */
export async function runSync(jobs: JobRunner): Promise<Extract<RunResult, { outcome: 'succeeded' }>> {
  const start = await jobs.start(WOM_SYNC, null);
  if (start.status !== 'started') throw new Error('the sync lease was busy');
  const result = await start.done;
  if (result.outcome !== 'succeeded') throw new Error(`sync failed: ${result.error}`);
  return result;
}
