import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../db/client.ts';
import { retryDelay, startScheduler, type JobOutcome, type Scheduler } from './scheduler.ts';

const silent = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

function recordingLog() {
  return { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A loopback port nothing listens on: connecting there is refused, as when the database is down. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function until(condition: () => boolean): Promise<void> {
  for (let polls = 0; !condition(); polls += 1) {
    if (polls > 750) throw new Error('timed out waiting for the condition');
    await sleep(20);
  }
}

describe('retryDelay', () => {
  it('backs off 1, 2, 4 minutes after failures, never past the interval', () => {
    const hour = 60 * 60_000;
    expect([1, 2, 3, 4].map((n) => retryDelay(hour, n))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelay(hour, 10)).toBe(hour);
    expect(retryDelay(90_000, 3)).toBe(90_000);
  });
});

describe('startScheduler', () => {
  let scheduler: Scheduler | undefined;
  afterEach(async () => {
    await scheduler?.stop();
    vi.useRealTimers();
  });

  function countingJob(outcomes: JobOutcome[], runAtStart: boolean) {
    const runs: number[] = [];
    return {
      runs,
      job: {
        name: 'job',
        intervalMs: 10 * 60_000,
        runAtStart,
        busyRetryMs: 30_000,
        run: async () => {
          runs.push(Date.now());
          return outcomes.shift() ?? 'succeeded';
        },
      },
    };
  }

  it('runs a job at start and then on its interval', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob([], true);
    scheduler = startScheduler([job], silent);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toHaveLength(2);
  });

  it('waits a whole interval first when not asked to run at start', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob([], false);
    scheduler = startScheduler([job], silent);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
  });

  it('retries a failed job after a minute, then two, and returns to the interval once it succeeds', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob(['failed', 'failed', 'succeeded'], true);
    scheduler = startScheduler([job], silent);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toHaveLength(4);
  });

  it('tries a job that runs elsewhere again after its busy delay, not a whole interval later', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob(['busy', 'busy', 'succeeded'], true);
    scheduler = startScheduler([job], silent);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 30_000);
    expect(runs).toHaveLength(4);
  });

  it('keeps the failure backoff going when a retry finds the job busy', async () => {
    vi.useFakeTimers();
    const { job, runs } = countingJob(['failed', 'busy', 'failed'], true);
    scheduler = startScheduler([job], silent);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toHaveLength(3);
    // Second failure in a row: two minutes, not one.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(4);
  });

  it('keeps going after a job throws, logging its stack, and runs nothing after stop', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const crash = new Error('boom');
    const log = recordingLog();
    scheduler = startScheduler(
      [
        {
          name: 'boom',
          intervalMs: 60_000,
          runAtStart: true,
          busyRetryMs: 30_000,
          run: async () => {
            calls += 1;
            throw crash;
          },
        },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledWith({ err: crash, job: 'boom' }, 'scheduled job crashed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toBe(2);
  });

  it('logs a job that cannot reach the database as one warning line without a stack, and retries it', async () => {
    const database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/clan`);
    const log = recordingLog();
    try {
      scheduler = startScheduler(
        [
          {
            name: 'sync',
            intervalMs: 60 * 60_000,
            runAtStart: true,
            busyRetryMs: 30_000,
            run: async () => {
              await sql`select 1`.execute(database.db);
              return 'succeeded';
            },
          },
        ],
        log,
      );
      // The scheduler says so as it sets the retry's timer, after logging the crash.
      await until(() => log.warn.mock.calls.some(([message]) => String(message).includes('retrying')));
      expect(log.warn.mock.calls).toEqual([
        [{ job: 'sync' }, expect.stringMatching(/^sync could not run: the database is unavailable \(.+\)$/)],
        ['sync failed; retrying in 60 s'],
      ]);
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      await database.close();
    }
  });
});
