import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTestApp,
  createUser,
  loginAs,
  TEST_PASSWORD,
  type TestApp,
} from '#test/app.ts';
import { testDatabaseUrl } from '#test/databases.ts';
import { terminateBackends, untilBackendsGone } from '#test/postgres-backends.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { WOM_SYNC } from '../features/wom-sync/wom-sync.service.ts';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SHORT_LEASE_MS = 1_000;

/** Starts a WOM sync, trying again while the lease is busy, for at most `ms`. */
async function startWithin(t: TestApp, ms: number) {
  for (let waited = 0; ; waited += 100) {
    const started = await t.jobs.start(WOM_SYNC, null);
    if (started.status === 'started') return started;
    if (waited >= ms) throw new Error(`the sync lease was still busy after ${ms} ms`);
    await settle(100);
  }
}

/** Waits until the server runs the query on one of the database's connections. */
async function untilQueryRuns(databaseUrl: string, query: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    for (;;) {
      const running = await admin.query(
        "select 1 from pg_stat_activity where datname = $1 and state = 'active' and query = $2",
        [name, query],
      );
      if (running.rowCount) return;
      await settle(20);
    }
  } finally {
    await admin.end();
  }
}

/** Every answer is a success or a clean 503 that names the database, never a crash or a stack. */
function expectSucceededOrUnavailable(response: { statusCode: number; json(): unknown }) {
  if (response.statusCode === 200) return;
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
}

describe('postgres: a lost database connection', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('postgres');
    await createUser(t, 'zezima');
  });
  afterEach(async () => t.close());

  const readRoster = () => t.app.inject({ method: 'GET', url: '/api/members' });

  it('costs nothing when the connections were idle: the next request opens new ones', async () => {
    expect((await readRoster()).statusCode).toBe(200);
    expect(await terminateBackends(t.database.url)).toBeGreaterThan(0);
    await untilBackendsGone(t.database.url);
    await settle(100);
    expect((await readRoster()).statusCode).toBe(200);
    expect((await loginAs(t, 'zezima')).startsWith('clan_session=')).toBe(true);
  });

  it('fails only the query running on a terminated connection', async () => {
    const sleeping = expect(sql`select pg_sleep(5)`.execute(t.database.db)).rejects.toThrow(
      'terminating connection',
    );
    await untilQueryRuns(t.database.url, 'select pg_sleep(5)');
    // Only that backend: the pool's idle ones stay up, so the next read must find a working one.
    expect(await terminateBackends(t.database.url, 'select pg_sleep(5)')).toBe(1);
    await sleeping;
    expect((await readRoster()).statusCode).toBe(200);
  });

  it('never hands out again a connection whose query failed as a lost connection', async () => {
    const backend = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.database.db)).rows[0]!.pid;
    const before = await backend();
    // The server's "terminating connection" code, without the close that races it in a real failover:
    // the pool hands back its most recent connection, so only discarding it gives another backend.
    await expect(
      sql`do $$ begin raise exception 'terminating connection' using errcode = '57P01'; end $$`.execute(
        t.database.db,
      ),
    ).rejects.toThrow('terminating connection');
    expect(await backend()).not.toBe(before);
  });

  it('rolls back a transaction whose connection is terminated while it is checked out between queries', async () => {
    const now = t.clock.now().toISOString();
    const transaction = t.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('members')
        .values({ wom_id: '1', name: 'First', created_at: now, updated_at: now })
        .execute();
      await terminateBackends(t.database.url);
      // The server's goodbye arrives while no query runs: the client emits 'error' by itself.
      await settle(200);
      await trx
        .insertInto('members')
        .values({ wom_id: '2', name: 'Second', created_at: now, updated_at: now })
        .execute();
    });
    await expect(transaction).rejects.toThrow();
    expect(await t.database.db.selectFrom('members').select('wom_id').execute()).toEqual([]);
    expect((await readRoster()).statusCode).toBe(200);
  });

  it('answers requests in flight with a clean 503 and serves the next ones, under concurrent load', async () => {
    const cookie = await loginAs(t, 'zezima');
    let sent = 0;
    const nextAddress = () => {
      sent += 1;
      return `10.0.${Math.floor(sent / 250)}.${(sent % 250) + 1}`;
    };
    const mixed = () =>
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })
          : i % 3 === 1
            ? readRoster()
            : t.app.inject({
                method: 'POST',
                url: '/api/auth/login',
                payload: { username: 'zezima', password: TEST_PASSWORD },
                // A login cut off by the fault counts as a failure of its address: one address each
                // keeps the login limits out of what this test looks at.
                remoteAddress: nextAddress(),
              }),
      );
    let loading = true;
    const terminator = (async () => {
      while (loading) {
        await terminateBackends(t.database.url);
        await settle(5);
      }
    })();
    const statuses: number[] = [];
    for (let wave = 0; wave < 6; wave += 1) {
      for (const response of await Promise.all(mixed())) {
        expectSucceededOrUnavailable(response);
        statuses.push(response.statusCode);
      }
    }
    loading = false;
    await terminator;
    // The terminations did hit requests in flight, so the 503 path above was really taken.
    expect(statuses).toContain(503);

    await settle(100);
    const after = await Promise.all(mixed());
    expect(after.map((response) => response.statusCode)).toEqual(after.map(() => 200));
  });

  describe('during a WOM sync', () => {
    let simulator: WomSimulator;
    let synced: TestApp;
    beforeEach(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 40, seed: 3, clock });
      synced = await createTestApp('postgres', {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId },
        leaseTtlMs: SHORT_LEASE_MS,
      });
    });
    afterEach(async () => {
      await synced.close();
      await simulator.close();
    });

    const memberCount = async () =>
      (await synced.database.db.selectFrom('members').select('wom_id').execute()).length;

    it('applies a sync whole or not at all while connections are terminated, and the next sync succeeds', async () => {
      let syncing = true;
      const terminator = (async () => {
        while (syncing) {
          await terminateBackends(synced.database.url);
          await settle(2);
        }
      })();
      const outcomes: string[] = [];
      for (let run = 0; run < 5; run += 1) {
        const result = await synced.sync().catch(() => ({ outcome: 'failed to start' }));
        outcomes.push(result.outcome);
        const members = await memberCount().catch(() => null);
        // All 40 members or none: a save cut off half-way leaves nothing behind.
        if (members !== null) expect([0, 40]).toContain(members);
      }
      syncing = false;
      await terminator;
      expect(outcomes.length).toBe(5);

      // A run whose closing writes were all cut off leaves its lease to lapse: the next one starts
      // within a lease lifetime.
      const next = await startWithin(synced, 3 * SHORT_LEASE_MS);
      expect((await next.done).outcome).toBe('succeeded');
      expect(await memberCount()).toBe(40);
    });
  });
});
