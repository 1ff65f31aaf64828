import type { FastifyBaseLogger } from 'fastify';
import { isConnectionLost } from '../db/errors.ts';

export type JobOutcome = 'succeeded' | 'failed' | 'busy';

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** Run once right after start instead of waiting a whole interval. */
  runAtStart: boolean;
  /**
   * How soon to try again when another instance holds the job's lease: about the lease's lifetime,
   * so a job whose holder died is taken over promptly instead of an interval later.
   */
  busyRetryMs: number;
  run(): Promise<JobOutcome>;
}

export interface Scheduler {
  stop(): Promise<void>;
}

export type SchedulerLog = Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>;

/** After a failure the job tries again sooner: 1, 2, 4, ... minutes, never later than its interval. */
export function retryDelay(intervalMs: number, consecutiveFailures: number): number {
  return Math.min(intervalMs, 60_000 * 2 ** Math.max(0, consecutiveFailures - 1));
}

/**
 * A database that is away (it restarts, fails over, or the network blips) is the outside world, not a
 * bug: one warning line per retry, no stack. Any other crash is logged with its stack.
 */
function logCrash(log: SchedulerLog, job: string, error: unknown): void {
  if (isConnectionLost(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ job }, `${job} could not run: the database is unavailable (${reason})`);
  } else log.error({ err: error, job }, 'scheduled job crashed');
}

/**
 * Runs each job on its interval. A job that is busy elsewhere (another instance holds its lease)
 * tries again soon; a failed one retries with backoff. Jobs call services, never routes.
 */
export function startScheduler(jobs: ScheduledJob[], log: SchedulerLog): Scheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const nextRun = (job: ScheduledJob, outcome: JobOutcome, failures: number) => {
    if (outcome === 'busy') {
      log.debug(`${job.name} runs elsewhere; trying again in ${job.busyRetryMs / 1000} s`);
      return { delayMs: job.busyRetryMs, failures };
    }
    if (outcome === 'succeeded') return { delayMs: job.intervalMs, failures: 0 };
    const delayMs = retryDelay(job.intervalMs, failures + 1);
    log.warn(`${job.name} failed; retrying in ${delayMs / 1000} s`);
    return { delayMs, failures: failures + 1 };
  };

  const schedule = (job: ScheduledJob, delayMs: number, failures: number) => {
    if (stopped) return;
    timers.set(
      job.name,
      setTimeout(() => {
        const run = job
          .run()
          .catch((error: unknown) => {
            logCrash(log, job.name, error);
            return 'failed' as const;
          })
          .then((outcome) => {
            const next = nextRun(job, outcome, failures);
            schedule(job, next.delayMs, next.failures);
          });
        running.add(run);
        void run.finally(() => running.delete(run));
      }, delayMs),
    );
  };

  for (const job of jobs) schedule(job, job.runAtStart ? 0 : job.intervalMs, 0);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
