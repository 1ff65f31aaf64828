import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, startScheduler, type JobOutcome, type Scheduler } from './scheduler.ts';

const silent = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

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

  it('keeps going after a job throws, and runs nothing after stop', async () => {
    vi.useFakeTimers();
    let calls = 0;
    scheduler = startScheduler(
      [
        {
          name: 'boom',
          intervalMs: 60_000,
          runAtStart: true,
          run: async () => {
            calls += 1;
            throw new Error('boom');
          },
        },
      ],
      silent,
    );
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toBe(2);
  });
});
