import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { PUBLIC_READ_URLS } from '#test/public-read-urls.ts';
import { until } from '#test/server-process.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

/** Every read the early hook answers once its body is built, pages included. */
const EARLY_READS = [...PUBLIC_READ_URLS, '/members', '/members?search=zez'];

/** What a response says, less what differs between any two answers (the date). */
function answerOf(response: LightMyRequestResponse) {
  const headers: Record<string, unknown> = { ...response.headers };
  delete headers.date;
  delete headers.connection;
  return { status: response.statusCode, headers, body: response.rawPayload.toString('base64') };
}

let simulator: WomSimulator;
let webRoot: string;
const clock = createManualClock('2026-11-25T12:00:00.000Z');

beforeAll(async () => {
  simulator = await startSimulator({ members: 20, seed: 3, clock });
  webRoot = mkdtempSync(join(tmpdir(), 'clan-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
});
afterAll(async () => {
  await simulator.close();
  rmSync(webRoot, { recursive: true, force: true });
});

for (const dialect of testDialects) {
  describe(`${dialect}: public reads answered before the framework's hooks`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        clock,
        webRoot,
        wom: { url: simulator.url, groupId: simulator.groupId },
      });
      expect((await t.sync()).outcome).toBe('succeeded');
    });
    afterAll(async () => t.close());

    it('answers with the same status, headers and bytes as the route, for each encoding and for a 304', async () => {
      for (const url of EARLY_READS) {
        for (const encoding of ['br', 'gzip, deflate', 'identity']) {
          const get = (etag?: string) =>
            t.app.inject({
              method: 'GET',
              url,
              headers: { 'accept-encoding': encoding, ...(etag ? { 'if-none-match': etag } : {}) },
            });
          // The first read of a revision is the route's: it builds the body the later ones are sent from.
          await t.database.db
            .updateTable('data_revisions')
            .set((eb) => ({ revision: eb('revision', '+', 1) }))
            .where('name', '=', 'events')
            .execute();
          const byRoute = await get();
          const early = await get();
          expect(answerOf(early), `${url} ${encoding}`).toEqual(answerOf(byRoute));
          expect(early.statusCode).toBe(200);
          const etag = early.headers.etag as string;
          expect(answerOf(await get(etag)), `${url} 304`).toEqual({
            status: 304,
            headers: expect.objectContaining({ etag, vary: 'Accept-Encoding', 'cache-control': 'no-cache' }),
            body: '',
          });
        }
      }
    });

    it('keeps the security headers on an early answer', async () => {
      await t.app.inject({ method: 'GET', url: '/api/events' });
      const early = await t.app.inject({ method: 'GET', url: '/api/events' });
      expect(early.headers['content-security-policy']).toContain("default-src 'self'");
      expect(early.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves a change at the next read after the write that made it', async () => {
      const before = await t.app.inject({ method: 'GET', url: '/api/members' });
      await t.database.db
        .updateTable('members')
        .set({ hidden: true })
        .where('wom_id', '=', String(simulator.memberIds()[0]))
        .execute();
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/members',
        headers: { 'if-none-match': before.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json<Array<{ wom_id: string }>>().map((m) => m.wom_id)).not.toContain(
        String(simulator.memberIds()[0]),
      );
    });
  });
}

describe('postgres: a warm public read touches no database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', {
      clock,
      webRoot,
      wom: { url: simulator.url, groupId: simulator.groupId },
    });
    expect((await t.sync()).outcome).toBe('succeeded');
  });
  afterAll(async () => t.close());

  it('answers a signed-in reader while the revisions and sessions tables are locked against every read', async () => {
    await createUser(t, 'reader');
    const cookie = await loginAs(t, 'reader');
    for (const url of EARLY_READS) await t.app.inject({ method: 'GET', url });
    await until('the revisions are known in memory', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/members' });
      return answer.statusCode === 200;
    });

    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table data_revisions, sessions in access exclusive mode');
      // A read that went to the database would wait on the lock: fail as soon as one does.
      const waiting = until('a query waits on the lock', async () => {
        const { rows } = await locker.query<{ waiting: string }>(
          `select count(*) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(rows[0]!.waiting) > 0;
      }).then(() => 'a read waited on the database');
      for (const url of EARLY_READS) {
        const answer = await Promise.race([
          t.app.inject({ method: 'GET', url, headers: { cookie } }),
          waiting,
        ]);
        expect(typeof answer === 'string' ? answer : answer.statusCode, url).toBe(200);
      }
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
  });
});
