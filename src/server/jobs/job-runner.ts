import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '#shared/clock.ts';
import type { Database } from '../db/schema.ts';
import { startHeartbeat } from './heartbeat.ts';
import { LeaseLostError, type Job, type JobContext, type RunResult, type RunStart } from './job.ts';
import {
  failRunsOfFormerHolders,
  failRunsWithoutLiveLease,
  listRuns,
  recordRunFailed,
  recordRunSucceeded,
  startRun,
  succeededSince,
  updateRunProgress,
  type JobRun,
} from './job-runs.repository.ts';
import { isLeaseHeld, releaseLease, renewLease, tryAcquireLease } from './leases.repository.ts';
import { startScheduler, type ScheduledJob, type Scheduler, type SchedulerLog } from './scheduler.ts';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  /** "Now" of the run records and the job bodies; leases never use it (see leaseClock). */
  clock: Clock;
  /**
   * How leases measure time: the system clock, always in a running server. A test moves its own, so
   * that it decides when a lease lapses, whatever the machine's load does to the heartbeat's timers.
   */
  leaseClock?: Clock;
  /** Names this process in the job leases; unique per running process. */
  instanceId: string;
  jobs: Job[];
  /** How long a lease outlives its last renewal: a dead holder's job is taken over after this. */
  leaseTtlMs?: number;
}

export interface JobSchedule {
  name: string;
  intervalMs: number;
  /** Run once right after start instead of waiting a whole interval. */
  runAtStart: boolean;
  /**
   * Asked at each turn when present: the turn starts a run only if it answers true. For a job an
   * admin starts, which the schedule only resumes when its last run did not finish.
   */
  due?: () => Promise<boolean>;
}

export interface JobStatus {
  /** Whether some instance holds the job's lease now. */
  running: boolean;
  current: JobRun | null;
  /** The latest runs, newest first. */
  runs: JobRun[];
}

export interface JobRunner {
  /** Starts a run now unless one of this job runs anywhere (the lease spans every instance). */
  start(name: string, triggeredBy: number | null): Promise<RunStart>;
  /** The job's latest runs and the one in progress, with its stage; runs whose holder died show as failed. */
  status(name: string, limit: number): Promise<JobStatus>;
  /** Runs the jobs on their intervals until stopped. */
  schedule(schedules: JobSchedule[], log: SchedulerLog): Scheduler;
  /** Starts nothing more and resolves once every run this instance started has ended. */
  stop(): Promise<void>;
}

const DEFAULT_LEASE_TTL_MS = 30_000;
/** Beats per lease lifetime: two can be missed (a slow database, a long pause) before it expires. */
const BEATS_PER_TTL = 3;

/** Failure records and releases outlast a database blip this long before the lease's expiry cleans up. */
const CLOSING_ATTEMPTS = 3;
const CLOSING_RETRY_MS = 250;

/**
 * A run's closing write (its failure, its lease's release), tried again when the database connection
 * was lost a moment ago. If a failure record never lands, the lease lapses within its short lifetime
 * and the next status read or run marks the record as interrupted, which is as true. A success needs
 * none of this: it commits with the run's work.
 */
async function persistently(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; attempt <= CLOSING_ATTEMPTS; attempt += 1) {
    try {
      await write();
      return;
    } catch {
      if (attempt < CLOSING_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, CLOSING_RETRY_MS));
    }
  }
}

function describe(job: Job, error: unknown): string {
  if (job.describeFailure) return job.describeFailure(error);
  return error instanceof Error ? error.message : String(error);
}

/**
 * One runner for every job: it owns the lease (one row per job name, kept short by a heartbeat and
 * taken over once its holder stops renewing it), the run record with its live progress, retries,
 * and waiting for its own runs at shutdown. Job bodies only do their work; the runner knows none.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, instanceId } = options;
  /**
   * Leases measure how long a process has really been running, never on the runner's clock: that may
   * be shifted (demo mode replays history 30 days back), and a lease taken on a shifted clock would
   * already be expired for every other instance.
   */
  const leaseClock = options.leaseClock ?? systemClock;
  const ttlMs = options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
  const jobs = new Map(options.jobs.map((job) => [job.name, job]));
  const runs = new Set<Promise<RunResult>>();
  const schedulers: Scheduler[] = [];
  let stopping = false;

  const lease = (name: string) => ({ name, holder: instanceId, now: leaseClock.now(), ttlMs });

  async function execute(job: Job, runId: number): Promise<RunResult> {
    let womRequests = () => 0;
    const recorded = { success: null as { womRequests: number; counts: Record<string, number> } | null };
    const heartbeat = startHeartbeat(() => renewLease(db, lease(job.name)), ttlMs / BEATS_PER_TTL);
    const context: JobContext = {
      clock,
      async progress(stage) {
        if (heartbeat.lost) throw new LeaseLostError(job.name);
        await updateRunProgress(db, runId, { stage, womRequests: womRequests() });
      },
      countWomRequests(read) {
        womRequests = read;
      },
      async holdLease(trx) {
        if (!(await renewLease(trx, lease(job.name)))) throw new LeaseLostError(job.name);
      },
      async recordSuccess(trx, counts) {
        const success = { womRequests: womRequests(), counts };
        await recordRunSucceeded(trx, runId, { ...success, now: clock.now() });
        recorded.success = success;
      },
    };
    let result: RunResult;
    try {
      await job.run(context);
      if (!recorded.success) throw new Error(`The ${job.name} job ended without recording its success`);
      result = { outcome: 'succeeded', runId, ...recorded.success };
    } catch (error) {
      const failure = { womRequests: womRequests(), error: describe(job, error) };
      result = { outcome: 'failed', runId, ...failure };
      // The lease is kept until the failure is recorded, so no one marks the run interrupted meanwhile.
      await persistently(() => recordRunFailed(db, runId, { ...failure, now: clock.now() }));
    }
    await heartbeat.stop();
    await persistently(() => releaseLease(db, job.name, instanceId));
    return result;
  }

  async function start(name: string, triggeredBy: number | null): Promise<RunStart> {
    const job = jobs.get(name);
    if (!job) throw new Error(`No job is named ${name}`);
    if (stopping || !(await tryAcquireLease(db, lease(name)))) return { status: 'busy' };
    let runId: number;
    try {
      const now = clock.now();
      await failRunsOfFormerHolders(db, name, now);
      runId = await startRun(db, { kind: name, now, triggeredBy });
    } catch (error) {
      await releaseLease(db, name, instanceId).catch(() => undefined);
      throw error;
    }
    const done = execute(job, runId);
    runs.add(done);
    void done.finally(() => runs.delete(done));
    return { status: 'started', runId, done };
  }

  /**
   * A scheduled run found busy tries again about a lease lifetime later; if meanwhile another
   * instance finished a good run, that one was this turn's, and the job waits its interval.
   */
  function scheduled(plan: JobSchedule, log: SchedulerLog): ScheduledJob {
    let busySince: Date | null = null;
    return {
      ...plan,
      busyRetryMs: ttlMs,
      async run() {
        if (plan.due && !(await plan.due())) {
          busySince = null;
          return 'succeeded';
        }
        if (busySince && (await succeededSince(db, plan.name, busySince))) {
          busySince = null;
          log.debug(`${plan.name} ran elsewhere meanwhile; next run in an interval`);
          return 'succeeded';
        }
        const started = await start(plan.name, null);
        if (started.status === 'busy') {
          busySince ??= clock.now();
          return 'busy';
        }
        busySince = null;
        const result = await started.done;
        if (result.outcome === 'failed') log.warn(`${plan.name} failed: ${result.error}`);
        return result.outcome;
      },
    };
  }

  return {
    start,
    async status(name, limit) {
      const leaseNow = leaseClock.now();
      await failRunsWithoutLiveLease(db, name, { now: clock.now(), leaseNow });
      const recent = await listRuns(db, name, limit);
      const running = await isLeaseHeld(db, name, leaseNow);
      return { running, current: recent.find((run) => run.outcome === 'running') ?? null, runs: recent };
    },
    schedule(schedules, log) {
      const scheduler = startScheduler(
        schedules.map((plan) => scheduled(plan, log)),
        log,
      );
      schedulers.push(scheduler);
      return scheduler;
    },
    async stop() {
      stopping = true;
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
      await Promise.allSettled([...runs]);
    },
  };
}
