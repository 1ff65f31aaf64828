import type { FastifyBaseLogger } from 'fastify';

export type JobOutcome = 'succeeded' | 'failed' | 'busy';

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** Run once right after start instead of waiting a whole interval. */
  runAtStart: boolean;
  run(): Promise<JobOutcome>;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** After a failure the job tries again sooner: 1, 2, 4, ... minutes, never later than its interval. */
export function retryDelay(intervalMs: number, consecutiveFailures: number): number {
  return Math.min(intervalMs, 60_000 * 2 ** Math.max(0, consecutiveFailures - 1));
}

/**
 * Runs each job on its interval. A job that is busy elsewhere (another instance holds its lease)
 * waits for its next turn; a failed one retries with backoff. Jobs call services, never routes.
 */
export function startScheduler(jobs: ScheduledJob[], log: FastifyBaseLogger): Scheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const schedule = (job: ScheduledJob, delayMs: number, failures: number) => {
    if (stopped) return;
    timers.set(
      job.name,
      setTimeout(() => {
        const run = job
          .run()
          .catch((error: unknown) => {
            log.error({ err: error, job: job.name }, 'scheduled job crashed');
            return 'failed' as const;
          })
          .then((outcome) => {
            const nextFailures = outcome === 'failed' ? failures + 1 : 0;
            if (outcome === 'failed')
              log.warn(
                `${job.name} failed; retrying in ${retryDelay(job.intervalMs, nextFailures) / 1000} s`,
              );
            schedule(
              job,
              nextFailures > 0 ? retryDelay(job.intervalMs, nextFailures) : job.intervalMs,
              nextFailures,
            );
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
