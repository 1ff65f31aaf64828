import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createTestAppOn, createUser, loginAs, type TestApp } from '#test/app.ts';
import { createTestDatabase, type TestDatabase } from '#test/databases.ts';
import { openPostgres } from '#server/db/client.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { WOM_SYNC } from './wom-sync.service.ts';

const START = '2026-11-21T12:00:00.000Z';
/** Short, so the heartbeat beats several times during a run (every third of it, in real time). */
const LEASE_TTL_MS = 1_000;

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  for (let polls = 0; !(await condition()); polls += 1) {
    if (polls > 750) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('postgres: two instances on one database', () => {
  /** Both instances' lease clock: a lease lifetime passes when the test says, not when a beat is late. */
  let leaseClock: ReturnType<typeof createManualClock>;
  let simulator: WomSimulator;
  let database: TestDatabase;
  let sameDatabase: TestDatabase;
  let one: TestApp;
  let two: TestApp;

  beforeEach(async () => {
    const clock = createManualClock(START);
    leaseClock = createManualClock(new Date().toISOString());
    simulator = await startSimulator({ members: 30, clock });
    database = await createTestDatabase('postgres');
    // Each instance has its own pool on the same database, as two processes would.
    const secondPool = openPostgres(database.url);
    sameDatabase = { ...secondPool, url: database.url, destroy: () => secondPool.close() };
    const wom = { url: simulator.url, groupId: simulator.groupId };
    const options = { clock, wom, leaseTtlMs: LEASE_TTL_MS, leaseClock };
    one = await createTestAppOn(database, { ...options, instanceId: 'instance-one' });
    two = await createTestAppOn(sameDatabase, { ...options, instanceId: 'instance-two' });
    expect(two.womSync.db).not.toBe(one.womSync.db);
  });
  afterEach(async () => {
    for (const instance of [one, two]) {
      await instance.jobs.stop();
      await instance.app.close();
    }
    await sameDatabase.destroy();
    await database.destroy();
    await simulator.close();
  });

  async function adminOf(
    instance: TestApp,
  ): Promise<(method: 'GET' | 'POST') => Promise<LightMyRequestResponse>> {
    const cookie = await loginAs(instance, 'boss');
    return (method) => instance.app.inject({ method, url: '/api/admin/sync', headers: { cookie } });
  }

  it('never run the same sync at once', async () => {
    simulator.setFaults({ latencyMs: 100 });
    for (let round = 0; round < 3; round += 1) {
      const starts = await Promise.all([one.jobs.start(WOM_SYNC, null), two.jobs.start(WOM_SYNC, null)]);
      expect(starts.filter((s) => s.status === 'started')).toHaveLength(1);
      expect(starts.filter((s) => s.status === 'busy')).toHaveLength(1);
      for (const s of starts) if (s.status === 'started') expect((await s.done).outcome).toBe('succeeded');
    }
    const runs = await database.db.selectFrom('sync_runs').select('outcome').execute();
    expect(runs).toEqual([{ outcome: 'succeeded' }, { outcome: 'succeeded' }, { outcome: 'succeeded' }]);
  });

  it("answer one admin's Sync now with 202 and the other's, sent at the same moment, with 409", async () => {
    simulator.setFaults({ latencyMs: 100 });
    await createUser(one, 'boss', { admin: true });
    const [onOne, onTwo] = [await adminOf(one), await adminOf(two)];
    const answers = await Promise.all([onOne('POST'), onTwo('POST')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toEqual({ code: 'CONFLICT', message: 'A sync is already running' });
    const { run_id: runId } = answers.find((answer) => answer.statusCode === 202)!.json<{ run_id: number }>();

    await one.jobs.stop();
    await two.jobs.stop();
    const runs = await database.db.selectFrom('sync_runs').select(['id', 'outcome']).execute();
    expect(runs).toEqual([{ id: runId, outcome: 'succeeded' }]);
  });

  it('keep a run longer than the lease on its instance: the other follows its progress and is refused throughout', async () => {
    // About 3 s of WOM requests: several lease lifetimes.
    simulator.setFaults({ latencyMs: 500 });
    await createUser(one, 'boss', { admin: true });
    const [onOne, onTwo] = [await adminOf(one), await adminOf(two)];
    const started = await onOne('POST');
    expect(started.statusCode).toBe(202);
    const { run_id: runId } = started.json<{ run_id: number }>();
    const leaseExpiry = async () => {
      const [lease] = await database.db.selectFrom('job_leases').select('expires_at').execute();
      return lease && Date.parse(lease.expires_at);
    };
    const firstExpiry = await leaseExpiry();

    let refusedAfterFirstLifetime = 0;
    for (;;) {
      const status = (await onTwo('GET')).json<{ current: { id: number; stage: string } | null }>();
      if (status.current === null) break;
      expect(status.current).toMatchObject({ id: runId, stage: expect.any(String) });
      const attempt = await onTwo('POST');
      expect(attempt.statusCode).toBe(409);
      if (leaseClock.now().getTime() > firstExpiry!) refusedAfterFirstLifetime += 1;
      // A whole lease lifetime passes: the lease lapses unless a beat of the run renews it (or the
      // run ends and releases it) before instance two looks again.
      leaseClock.advance(LEASE_TTL_MS + 1);
      const renewedExpiry = leaseClock.now().getTime() + LEASE_TTL_MS;
      await until('the run renews its lease or ends', async () =>
        [renewedExpiry, undefined].includes(await leaseExpiry()),
      );
    }
    expect(refusedAfterFirstLifetime).toBeGreaterThan(0);

    const runs = await database.db.selectFrom('sync_runs').select(['id', 'outcome', 'error']).execute();
    expect(runs).toEqual([{ id: runId, outcome: 'succeeded', error: null }]);
    expect((await onOne('GET')).json()).toMatchObject({ running: false, current: null });
  });
});
