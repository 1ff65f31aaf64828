import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { parseDatabaseUrl } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import type { Job, RunResult } from './job.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { INTERRUPTED, startRun } from './job-runs.repository.ts';
import { tryAcquireLease } from './leases.repository.ts';

const JOB = 'test-job';
const HOUR = 60 * 60_000;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function silentLog() {
  return { debug: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    debug: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
  };
}

/** Polls on real timers, also while a test fakes setTimeout. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let polls = 0; !(await condition()); polls += 1) {
    if (polls > 750) throw new Error('timed out waiting for the condition');
    await sleep(20);
  }
}

for (const dialect of testDialects) {
  describe(`${dialect}: job runner`, () => {
    let database: TestDatabase;
    const clock = createManualClock();
    /** Every instance's lease clock: a lease lapses when the test moves it, however late the beats. */
    let leaseClock: ReturnType<typeof createManualClock>;
    const runners: JobRunner[] = [];

    beforeEach(async () => {
      database = await createTestDatabase(dialect);
      leaseClock = createManualClock(new Date().toISOString());
    });
    afterEach(async () => {
      vi.useRealTimers();
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
      await database.destroy();
    });

    /** Saves the job's work: one more revision of a row of its own. */
    const saveWork = (trx: Transaction<Database>) =>
      trx
        .insertInto('data_revisions')
        .values({ name: 'job-work', revision: 1 })
        .onConflict((oc) =>
          oc.column('name').doUpdateSet((eb) => ({ revision: eb('data_revisions.revision', '+', 1) })),
        )
        .execute();

    /**
     * A job that reports a stage, waits at its gate while the test looks, then saves a row in a
     * transaction that holds the lease first and records its success last, as a job body must.
     */
    function gatedJob(outcomes: Array<'fail' | 'save'> = []) {
      const gate = deferred();
      const calls = { count: 0 };
      const job: Job = {
        name: JOB,
        async run(context) {
          calls.count += 1;
          let requests = 2;
          context.countWomRequests(() => requests);
          await context.progress('Working');
          await gate.promise;
          requests = 3;
          if (outcomes.shift() === 'fail') throw new Error('WOM said no');
          await database.db.transaction().execute(async (trx) => {
            await context.holdLease(trx);
            await saveWork(trx);
            await context.recordSuccess(trx, { saved: 1 });
          });
        },
      };
      return { job, gate, calls };
    }

    function runner(
      job: Job,
      options: { instanceId?: string; leaseTtlMs?: number; db?: Kysely<Database> } = {},
    ) {
      const created = createJobRunner({
        db: options.db ?? database.db,
        clock,
        leaseClock,
        instanceId: options.instanceId ?? 'instance-one',
        jobs: [job],
        leaseTtlMs: options.leaseTtlMs,
      });
      runners.push(created);
      return created;
    }

    async function started(jobs: JobRunner): Promise<{ runId: number; done: Promise<RunResult> }> {
      const start = await jobs.start(JOB, null);
      if (start.status !== 'started') throw new Error('the job was busy');
      return start;
    }

    const lease = () => database.db.selectFrom('job_leases').selectAll().where('name', '=', JOB).execute();
    /** Until a beat has renewed the lease from the lease clock's present. */
    const renewedNow = (ttlMs: number) =>
      until(async () => {
        const [held] = await lease();
        return held?.expires_at === new Date(leaseClock.now().getTime() + ttlMs).toISOString();
      });
    const savedWork = () =>
      database.db.selectFrom('data_revisions').selectAll().where('name', '=', 'job-work').execute();
    const runRecord = (id: number) =>
      database.db.selectFrom('sync_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    /** A process that took the lease and started a run, then died: nothing renews its lease. */
    async function deadHolder(expiresInMs: number) {
      const runId = await startRun(database.db, { kind: JOB, now: clock.now(), triggeredBy: null });
      const taken = await tryAcquireLease(database.db, {
        name: JOB,
        holder: 'crashed-instance',
        now: leaseClock.now(),
        ttlMs: expiresInMs,
      });
      expect(taken).toBe(true);
      return runId;
    }

    it('holds the lease for a run, records its stage and WOM requests live, and releases it at the end', async () => {
      const { job, gate } = gatedJob();
      const jobs = runner(job);
      const run = await started(jobs);
      expect(await lease()).toEqual([expect.objectContaining({ holder: 'instance-one' })]);
      await until(async () => (await runRecord(run.runId)).stage === 'Working');
      const live = await jobs.status(JOB, 10);
      expect(live).toMatchObject({
        running: true,
        current: { id: run.runId, outcome: 'running', stage: 'Working', wom_requests: 2 },
      });

      gate.resolve();
      expect(await run.done).toEqual({
        outcome: 'succeeded',
        runId: run.runId,
        womRequests: 3,
        counts: { saved: 1 },
      });
      expect(await lease()).toEqual([]);
      expect(await runRecord(run.runId)).toMatchObject({
        outcome: 'succeeded',
        stage: null,
        wom_requests: 3,
        error: null,
        finished_at: clock.now().toISOString(),
      });
      expect(await jobs.status(JOB, 10)).toMatchObject({ running: false, current: null });
    });

    it('answers busy while a run is in progress, on this instance and on another', async () => {
      const { job, gate } = gatedJob();
      const one = runner(job);
      const two = runner(job, { instanceId: 'instance-two' });
      const run = await started(one);
      expect(await one.start(JOB, null)).toEqual({ status: 'busy' });
      expect(await two.start(JOB, null)).toEqual({ status: 'busy' });
      gate.resolve();
      await run.done;
      const next = await started(two);
      expect((await next.done).outcome).toBe('succeeded');
    });

    it('records a failed run with its error and WOM requests, saves nothing and frees the job', async () => {
      const { job, gate } = gatedJob(['fail']);
      const jobs = runner(job);
      const run = await started(jobs);
      gate.resolve();
      expect(await run.done).toEqual({
        outcome: 'failed',
        runId: run.runId,
        womRequests: 3,
        error: 'WOM said no',
      });
      expect(await runRecord(run.runId)).toMatchObject({
        outcome: 'failed',
        error: 'WOM said no',
        wom_requests: 3,
      });
      expect(await savedWork()).toEqual([]);
      expect(await lease()).toEqual([]);
    });

    it('records a run as succeeded with its work, even when the database goes away before the runner could write anything more', async () => {
      // This instance's own connection to the database, lost right after the save commits.
      const instance = openDatabase(parseDatabaseUrl(database.url));
      const job: Job = {
        name: JOB,
        async run(context) {
          await instance.db.transaction().execute(async (trx) => {
            await context.holdLease(trx);
            await saveWork(trx);
            await context.recordSuccess(trx, { saved: 1 });
          });
          await instance.close();
        },
      };
      const run = await started(runner(job, { db: instance.db }));
      expect(await run.done).toMatchObject({ outcome: 'succeeded', counts: { saved: 1 } });

      // Its lease, never released, lapses; another instance looks at the job's runs.
      leaseClock.advance(30_000);
      const status = await runner(job, { instanceId: 'instance-two' }).status(JOB, 10);
      expect(status).toMatchObject({ running: false, current: null });
      expect(status.runs).toEqual([
        expect.objectContaining({ id: run.runId, outcome: 'succeeded', error: null, counts: { saved: 1 } }),
      ]);
      expect(await savedWork()).toHaveLength(1);
    });

    it('rolls the success record back with the work when the saving transaction fails', async () => {
      const job: Job = {
        name: JOB,
        async run(context) {
          await database.db.transaction().execute(async (trx) => {
            await context.holdLease(trx);
            await saveWork(trx);
            await context.recordSuccess(trx, { saved: 1 });
            throw new Error('the commit failed');
          });
        },
      };
      const run = await started(runner(job));
      expect(await run.done).toMatchObject({ outcome: 'failed', error: 'the commit failed' });
      expect(await runRecord(run.runId)).toMatchObject({
        outcome: 'failed',
        error: 'the commit failed',
        counts: null,
      });
      expect(await savedWork()).toEqual([]);
    });

    it('never records a failure over a success its transaction committed', async () => {
      const job: Job = {
        name: JOB,
        async run(context) {
          await database.db.transaction().execute(async (trx) => {
            await context.holdLease(trx);
            await saveWork(trx);
            await context.recordSuccess(trx, { saved: 1 });
          });
          // As when the commit's answer is lost on the way back: the work is saved all the same.
          throw new Error('Connection terminated unexpectedly');
        },
      };
      const run = await started(runner(job));
      await run.done;
      expect(await runRecord(run.runId)).toMatchObject({ outcome: 'succeeded', error: null });
      expect(await savedWork()).toHaveLength(1);
      expect(await lease()).toEqual([]);
    });

    it('fails a run whose body ended without recording its success', async () => {
      const job: Job = { name: JOB, run: async () => undefined };
      const run = await started(runner(job));
      const error = 'The test-job job ended without recording its success';
      expect(await run.done).toMatchObject({ outcome: 'failed', error });
      expect(await runRecord(run.runId)).toMatchObject({ outcome: 'failed', error });
    });

    it('keeps a run longer than the lease alive by its heartbeat, so another instance cannot take it over', async () => {
      const ttlMs = 600;
      const { job, gate } = gatedJob();
      const one = runner(job, { leaseTtlMs: ttlMs });
      const two = runner(job, { instanceId: 'instance-two', leaseTtlMs: ttlMs });
      const run = await started(one);
      const [taken] = await lease();
      const firstExpiry = Date.parse(taken!.expires_at);
      // The lease's first lifetime is over: only a renewal since can keep the job from instance two.
      leaseClock.advance(ttlMs + 1);
      await renewedNow(ttlMs);

      expect(await two.start(JOB, null)).toEqual({ status: 'busy' });
      const [renewed] = await lease();
      expect(renewed!.holder).toBe('instance-one');
      expect(Date.parse(renewed!.expires_at)).toBeGreaterThan(firstExpiry);
      gate.resolve();
      expect((await run.done).outcome).toBe('succeeded');
      expect(await savedWork()).toHaveLength(1);
    });

    it('cannot commit a run whose lease another instance took over, and keeps that instance its lease', async () => {
      const { job, gate } = gatedJob();
      // A lease of an hour: no beat of the stalled run comes before instance two takes it over.
      const jobs = runner(job, { leaseTtlMs: HOUR });
      const run = await started(jobs);
      await until(async () => (await runRecord(run.runId)).stage === 'Working');
      // The run stalled past its lease; another instance presumed it dead and took the job.
      leaseClock.advance(HOUR + 1);
      const takeover = { name: JOB, holder: 'instance-two', now: leaseClock.now(), ttlMs: 60_000 };
      expect(await tryAcquireLease(database.db, takeover)).toBe(true);

      gate.resolve();
      expect(await run.done).toMatchObject({ outcome: 'failed', error: expect.stringContaining('lease') });
      expect(await savedWork()).toEqual([]);
      expect(await lease()).toEqual([expect.objectContaining({ holder: 'instance-two' })]);
    });

    it('stops a run at its next progress report once the heartbeat finds the lease taken over', async () => {
      const reports: string[] = [];
      const job: Job = {
        name: JOB,
        async run(context) {
          for (let step = 0; ; step += 1) {
            await context.progress(`Step ${step}`);
            reports.push(`Step ${step}`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        },
      };
      const jobs = runner(job, { leaseTtlMs: 300 });
      const run = await started(jobs);
      await until(() => reports.length > 0);
      await database.db.updateTable('job_leases').set({ holder: 'instance-two' }).execute();

      // The body saves nothing and never holds the lease in a transaction: only progress can stop it.
      expect(await run.done).toMatchObject({ outcome: 'failed', error: expect.stringContaining('lease') });
    });

    it('takes over the expired lease of a holder that died, marking its run failed as interrupted', async () => {
      const interrupted = await deadHolder(-1_000);
      const { job, gate } = gatedJob();
      const jobs = runner(job);
      const run = await started(jobs);
      expect(await runRecord(interrupted)).toMatchObject({
        outcome: 'failed',
        error: INTERRUPTED,
        stage: null,
        finished_at: clock.now().toISOString(),
      });
      gate.resolve();
      expect((await run.done).outcome).toBe('succeeded');
    });

    it('shows the run of a holder that stopped renewing its lease as failed, and no run in progress', async () => {
      const interrupted = await deadHolder(-1_000);
      const status = await runner(gatedJob().job).status(JOB, 10);
      expect(status).toMatchObject({ running: false, current: null });
      expect(status.runs).toEqual([
        expect.objectContaining({ id: interrupted, outcome: 'failed', error: INTERRUPTED }),
      ]);
    });

    it('shows the run of a holder whose lease is still live as running', async () => {
      const live = await deadHolder(60_000);
      const status = await runner(gatedJob().job).status(JOB, 10);
      expect(status).toMatchObject({ running: true, current: { id: live, outcome: 'running' } });
    });

    it('retries a scheduled job refused as busy about a lease lifetime later, taking over once the dead holder’s lease expires', async () => {
      const interrupted = await deadHolder(400);
      const { job, gate } = gatedJob();
      gate.resolve();
      const log = silentLog();
      const jobs = runner(job, { leaseTtlMs: 400 });
      jobs.schedule([{ name: JOB, intervalMs: HOUR, runAtStart: true }], log);
      await until(() =>
        log.debug.mock.calls.some(([message]) => String(message).includes('trying again in 0.4 s')),
      );
      expect(await runRecord(interrupted)).toMatchObject({ outcome: 'running' });

      // The dead holder's lease lapses; the next retry, a lease lifetime after the last, takes over.
      leaseClock.advance(400);
      await until(async () => (await jobs.status(JOB, 10)).runs.some((r) => r.outcome === 'succeeded'));
      const runs = (await jobs.status(JOB, 10)).runs;
      expect(runs).toEqual([
        expect.objectContaining({ outcome: 'succeeded' }),
        expect.objectContaining({ id: interrupted, outcome: 'failed', error: INTERRUPTED }),
      ]);
    });

    it('waits its interval after finding busy a run that then succeeds elsewhere, instead of running again', async () => {
      const other = gatedJob();
      const elsewhere = runner(other.job, { instanceId: 'instance-two' });
      const theirs = await started(elsewhere);
      const mine = gatedJob();
      mine.gate.resolve();
      const log = silentLog();
      const jobs = runner(mine.job, { leaseTtlMs: 300 });
      jobs.schedule([{ name: JOB, intervalMs: HOUR, runAtStart: true }], log);
      await until(() => log.debug.mock.calls.length > 0);

      other.gate.resolve();
      await theirs.done;
      await until(() =>
        log.debug.mock.calls.some(([message]) => String(message).includes('ran elsewhere meanwhile')),
      );
      expect(mine.calls.count).toBe(0);
    });

    it('retries a failed scheduled run after a minute, not at the busy retry nor an interval later', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { job, gate, calls } = gatedJob(['fail']);
      gate.resolve();
      const log = silentLog();
      const jobs = runner(job);
      jobs.schedule([{ name: JOB, intervalMs: HOUR, runAtStart: true }], log);

      await vi.advanceTimersByTimeAsync(0);
      // The scheduler says so as it sets the retry's timer.
      await until(() =>
        log.warn.mock.calls.some(([message]) => String(message).includes('retrying in 60 s')),
      );
      await vi.advanceTimersByTimeAsync(60_000 - 1);
      expect(calls.count).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await until(async () => {
        const runs = (await jobs.status(JOB, 10)).runs;
        return runs.map((run) => run.outcome).join() === 'succeeded,failed';
      });
      expect(calls.count).toBe(2);
    });

    it('waits at stop for the runs it started, and starts no more', async () => {
      const { job, gate } = gatedJob();
      const jobs = runner(job);
      const run = await started(jobs);
      let stopped = false;
      const stopping = jobs.stop().then(() => {
        stopped = true;
      });
      await until(async () => (await runRecord(run.runId)).stage === 'Working');
      expect(stopped).toBe(false);
      gate.resolve();
      await stopping;
      expect((await runRecord(run.runId)).outcome).toBe('succeeded');
      expect(await jobs.start(JOB, null)).toEqual({ status: 'busy' });
    });
  });
}
