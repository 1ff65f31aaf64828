import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import type { RunResult } from '../../jobs/job.ts';
import { createJobRunner } from '../../jobs/job-runner.ts';
import { downloadWatchList, playerWatchJob } from './player-watch.job.ts';
import { PLAYER_WATCH, WATCH_LIST_MAX_BYTES } from './player-watch.service.ts';

const START = '2026-11-21T12:00:00.000Z';

interface Status {
  running: boolean;
  url: string | null;
  cases: number;
  alerts: number;
  runs: Array<{ id: number; outcome: string; error: string | null; counts: Record<string, number> | null }>;
}

for (const dialect of testDialects) {
  describe(`${dialect}: the player-watch download`, () => {
    const clock = createManualClock(START);
    let simulator: WomSimulator;
    let t: TestApp;
    let adminCookie: string;
    let listUrl: string;

    beforeEach(async () => {
      clock.set(START);
      simulator = await startSimulator({ members: 40, seed: 5, clock });
      listUrl = `${simulator.origin}/player-watch.json`;
      t = await createTestApp(dialect, {
        clock,
        env: { PLAYER_WATCH_URL: listUrl },
        wom: { url: simulator.url, groupId: simulator.groupId },
      });
      await createUser(t, 'boss', { admin: true });
      adminCookie = await loginAs(t, 'boss');
      expect((await t.sync()).outcome).toBe('succeeded');
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    async function download(): Promise<RunResult> {
      const started = await t.jobs.start(PLAYER_WATCH, null);
      if (started.status === 'busy') throw new Error('a download is already running');
      return started.done;
    }

    async function status(): Promise<Status> {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/player-watch',
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json<Status>();
    }

    /** What a download writes: the stored list and every member's player-watch state. */
    async function heldList() {
      return {
        cases: await t.database.db.selectFrom('player_watch_cases').selectAll().orderBy('id').execute(),
        members: await t.database.db
          .selectFrom('members')
          .select([
            'wom_id',
            'runewatch_reported',
            'runewatch_flagged',
            'runewatch_reported_at',
            'runewatch_case',
            'runewatch_whitelisted',
            'updated_at',
          ])
          .orderBy('wom_id')
          .execute(),
      };
    }

    it('downloads the list when an admin asks, reports the members it names and audits it as the job', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/player-watch/run',
        headers: { cookie: adminCookie },
        payload: {},
      });
      expect(response.statusCode).toBe(202);
      expect(response.headers['cache-control']).toBe('no-store');
      const runId = response.json<{ run_id: number }>().run_id;
      for (let poll = 0; (await status()).running; poll += 1) {
        if (poll > 400) throw new Error('the download is still running');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }

      const after = await status();
      expect(after).toMatchObject({ running: false, url: listUrl, cases: 7, alerts: 3 });
      expect(after.runs).toEqual([
        expect.objectContaining({
          id: runId,
          outcome: 'succeeded',
          error: null,
          counts: expect.objectContaining({ cases: 7, reported_members: 3, newly_reported: 3 }),
        }),
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'player-watch.import')
        .execute();
      expect(audit).toEqual([expect.objectContaining({ actor_user_id: null, actor_label: 'player-watch' })]);
    });

    it('keeps the last good list when a download fails, and shows the failed run with its error', async () => {
      expect((await download()).outcome).toBe('succeeded');
      const good = await heldList();
      expect(good.members.filter((m) => Boolean(m.runewatch_reported))).toHaveLength(3);

      clock.advance(60 * 60 * 1000);
      simulator.failNext(1, 503, 'html');
      const unavailable = await download();
      expect(unavailable).toMatchObject({ outcome: 'failed', error: expect.stringContaining('503') });
      expect(await heldList()).toEqual(good);

      simulator.failNext(1, 200, 'truncated');
      const garbage = await download();
      expect(garbage).toMatchObject({ outcome: 'failed', error: expect.stringContaining('is not JSON') });
      expect(await heldList()).toEqual(good);

      const shown = await status();
      expect(shown).toMatchObject({ cases: 7, alerts: 3 });
      expect(shown.runs.map((run) => [run.id, run.outcome, run.error])).toEqual([
        [garbage.runId, 'failed', expect.stringContaining('is not JSON')],
        [unavailable.runId, 'failed', expect.stringContaining('503')],
        [expect.any(Number), 'succeeded', null],
      ]);
    });

    it('fails a download that is not a list of cases, or cannot reach its server, and changes nothing', async () => {
      expect((await download()).outcome).toBe('succeeded');
      const good = await heldList();
      for (const [url, error] of [
        [`${simulator.url}/groups/${simulator.groupId}`, 'is not a list of cases'],
        ['http://127.0.0.1:9/player-watch.json', 'Could not download the player-watch list'],
      ] as const) {
        const elsewhere = createJobRunner({
          db: t.database.db,
          clock,
          instanceId: 'elsewhere',
          jobs: [playerWatchJob({ db: t.database.db, url })],
        });
        const started = await elsewhere.start(PLAYER_WATCH, null);
        if (started.status === 'busy') throw new Error('busy');
        expect(await started.done).toMatchObject({
          outcome: 'failed',
          error: expect.stringContaining(error),
        });
        await elsewhere.stop();
        expect(await heldList()).toEqual(good);
      }
    });

    it('answers 409 to a second "download now" while one runs', async () => {
      simulator.setFaults({ latencyMs: 150 });
      const run = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/player-watch/run',
          headers: { cookie: adminCookie },
          payload: {},
        });
      expect((await run()).statusCode).toBe(202);
      const second = await run();
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        code: 'CONFLICT',
        message: 'The player-watch list is already being downloaded',
      });
    });
  });
}

describe('downloadWatchList', () => {
  let server: Server | undefined;

  async function stopServing(): Promise<void> {
    // fetch keeps its connection alive; close it so close() does not wait for its timeout.
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  }
  afterEach(stopServing);

  /** A server sending `body`, with or without saying its length first. */
  async function serveBody(body: Buffer, declareLength: boolean): Promise<string> {
    const listening = createServer((_request, response) => {
      response.on('error', () => undefined);
      response.writeHead(200, {
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': String(body.length) } : {}),
      });
      response.end(body);
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(listening.address() as AddressInfo).port}/list.json`;
  }

  /** A server sending `bytes` of JSON whitespace, with or without saying the length first. */
  const serve = (bytes: number, declareLength: boolean) => serveBody(Buffer.alloc(bytes, ' '), declareLength);

  it('refuses a list holding a NUL or an unpaired surrogate, which one database could not store', async () => {
    for (const [escaped, problem] of [
      ['\\u0000', 'NUL'],
      ['\\ud800', 'unpaired surrogates'],
    ] as const) {
      const url = await serveBody(Buffer.from(`[{"accused_rsn":"Iron${escaped}Man"}]`), true);
      await expect(downloadWatchList(url)).rejects.toThrow(problem);
      await stopServing();
    }
  });

  it('refuses a list larger than 10 MiB, whether or not the server says so up front', async () => {
    for (const declareLength of [true, false]) {
      const url = await serve(WATCH_LIST_MAX_BYTES + 1, declareLength);
      await expect(downloadWatchList(url)).rejects.toThrow('the list is larger than 10 MiB');
      await stopServing();
    }
  });
});
