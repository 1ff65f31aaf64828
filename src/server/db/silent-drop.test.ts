import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAppOn, type TestApp } from '#test/app.ts';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#test/databases.ts';
import { startTcpProxy, type TcpProxy } from '#test/tcp-proxy.ts';
import { openPostgres } from './client.ts';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for what a test expects to happen; if it never does, the test times out. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await settle(10);
}

interface Answer {
  statusCode: number;
  json(): unknown;
}

function expectUnavailable(answer: Answer) {
  expect(answer.statusCode).toBe(503);
  expect(answer.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
}

/** Sends requests at once and keeps each answer as it arrives, so a test can look while some hang. */
function sendAll(count: number, send: () => Promise<Answer>) {
  const answered: Answer[] = [];
  const all = Promise.all(
    Array.from({ length: count }, async () => {
      const answer = await send();
      answered.push(answer);
      return answer;
    }),
  );
  return { answered, all };
}

describe('postgres: a database that goes silent without closing its connections', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  beforeEach(async () => {
    const server = new URL(testDatabaseUrl);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const direct = await createTestDatabase('postgres');
    const url = proxy.routeTo(direct.url);
    // Short, so that a test waits the timeout out a few times well inside its own time; long enough
    // for a busy machine to open the connections a test needs.
    // Idle connections close soon, so a test can wait until the app's start-up reads (its settings)
    // have left none open.
    const proxied = openPostgres(url, { connectionTimeoutMillis: 1_000, idleTimeoutMillis: 200 });
    const database: TestDatabase = {
      ...proxied,
      url,
      async destroy() {
        await proxied.close();
        await direct.destroy();
      },
    };
    t = await createTestAppOn(database);
  });
  afterEach(async () => {
    // A test that failed while the proxy was silent would otherwise leave the pool unable to close.
    proxy.restore();
    await t.close();
    await proxy.close();
  });

  const readRoster = () => t.app.inject({ method: 'GET', url: '/api/members' });

  it('answers the requests that find no live connection with a clean 503, and serves again once it answers', async () => {
    // Three pooled connections, idle when the network goes silent: the first requests take them and
    // hang; the pool (10) then fills with connection attempts that get no answer, and the rest queue.
    await Promise.all([1, 2, 3].map(() => sql`select 1`.execute(t.database.db)));
    const stuck = proxy.connections;
    expect(stuck).toBeGreaterThanOrEqual(3);
    proxy.blackhole();

    const first = sendAll(12, readRoster);
    await until(() => first.answered.length === 12 - stuck);
    first.answered.forEach(expectUnavailable);
    const later = await Promise.all(Array.from({ length: 5 }, readRoster));
    later.forEach(expectUnavailable);
    // The requests on the silent connections are still waiting: the silence is real.
    expect(first.answered.length).toBe(12 - stuck);

    proxy.restore();
    const statuses = (await first.all).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBe(stuck);
    const after = await Promise.all(Array.from({ length: 12 }, readRoster));
    expect(after.map((answer) => answer.statusCode)).toEqual(after.map(() => 200));
  });

  it('answers with a clean 503 when the database accepts connections but never answers them', async () => {
    await until(() => proxy.connections === 0);
    proxy.blackhole();
    const answers = await Promise.all(Array.from({ length: 15 }, readRoster));
    answers.forEach(expectUnavailable);

    proxy.restore();
    expect((await readRoster()).statusCode).toBe(200);
  });
});

describe('postgres: server-side timeouts', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
  });
  afterEach(async () => database.destroy());

  it('ends a transaction its client left open, so the rows it locked are free again', async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto('members')
      .values({ wom_id: '1', name: 'Before', created_at: now, updated_at: now })
      .execute();
    const abandoning = openPostgres(database.url, { idleInTransactionTimeoutMillis: 300 });
    let locked = false;
    let resume = () => {};
    const silence = new Promise<void>((resolve) => (resume = resolve));
    const abandoned = abandoning.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ name: 'Abandoned' }).where('wom_id', '=', '1').execute();
      locked = true;
      // The client goes quiet mid-transaction, as an instance cut off from the database would.
      await silence;
      await trx.selectFrom('members').select('name').execute();
    });
    await until(() => locked);

    // Waits for the row's lock until the server ends the abandoned transaction.
    await database.db.updateTable('members').set({ name: 'After' }).where('wom_id', '=', '1').execute();
    resume();
    await expect(abandoned).rejects.toThrow();
    await abandoning.close();
    expect(await database.db.selectFrom('members').select('name').execute()).toEqual([{ name: 'After' }]);
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const bounded = openPostgres(database.url, { statementTimeoutMillis: 100 });
    try {
      await expect(sql`select pg_sleep(30)`.execute(bounded.db)).rejects.toMatchObject({ code: '57014' });
    } finally {
      await bounded.close();
    }
  });
});
