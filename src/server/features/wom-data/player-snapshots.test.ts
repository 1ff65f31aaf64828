import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, testConfig, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { systemClock } from '#shared/clock.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import type { BulkHiscoresRow } from '#stand-ins/wom/wom-shapes.ts';
import { createWomGateway } from '../../wom/create-gateway.ts';
import { createPlayerReader, PLAYER_REFRESH_MS, RETRY_PAUSE_MS } from './player-snapshots.ts';

const START = '2026-11-21T12:00:00.000Z';

const until = async (condition: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await condition()); i += 1) await new Promise((r) => setTimeout(r, 20));
};

for (const dialect of testDialects) {
  describe(`${dialect}: a player's snapshot when WOM is slow or failing`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);
    const used = new Set<number>();

    /** A member with a stored snapshot, not used by an earlier test, whose snapshot is now stale. */
    async function staleMember(): Promise<number> {
      const rows = await t.database.db
        .selectFrom('member_stats')
        .select('wom_id')
        .orderBy('wom_id')
        .execute();
      const id = rows.map((row) => Number(row.wom_id)).find((womId) => !used.has(womId))!;
      used.add(id);
      clock.advance(PLAYER_REFRESH_MS + 1);
      return id;
    }
    const asked = (id: number) => simulator.requests.filter((r) => r.path === `/players/id/${id}`).length;
    const fetchedAt = async (id: number) =>
      (
        await t.database.db
          .selectFrom('member_stats')
          .select('fetched_at')
          .where('wom_id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).fetched_at;
    /** The reader with a short wait, on the app's database and a gateway of its own. */
    const reader = (waitMs: number) =>
      createPlayerReader(
        {
          db: t.database.db,
          clock,
          gateway: createWomGateway(testConfig(), systemClock, simulator.url),
          playerCacheMs: PLAYER_REFRESH_MS,
        },
        waitMs,
      );

    beforeAll(async () => {
      simulator = await startSimulator({ members: 25, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
    });
    afterEach(() => simulator.resetFaults());
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('asks WOM once for many visitors of the same stale player, on both paths', async () => {
      const id = await staleMember();
      simulator.setFaults({ latencyMs: 300 });
      const responses = await Promise.all(
        ['wom-player', 'pwom-player', 'wom-player', 'pwom-player', 'wom-player'].map((path) =>
          t.app.inject({ method: 'GET', url: `/api/${path}?id=${id}` }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(asked(id)).toBe(1);
      const fetched = clock.now().toISOString();
      expect(new Set(responses.map((r) => r.json<{ fetchedAt: string }>().fetchedAt))).toEqual(
        new Set([fetched]),
      );
      await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${id}` });
      expect(asked(id)).toBe(1);
    });

    it('stores and serves a refreshed snapshot with unranked values as 0, never -1', async () => {
      const unranked = /"(kills|score|experience)":-1[,}]/;
      const bulk = (await (
        await fetch(`${simulator.url}/groups/${simulator.groupId}/bulk-hiscores`)
      ).json()) as BulkHiscoresRow[];
      const id = bulk.find((row) => unranked.test(JSON.stringify(row.data)))!.player.id;
      used.add(id);
      clock.advance(PLAYER_REFRESH_MS + 1);
      const before = asked(id);
      const response = await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${id}` });
      expect(response.statusCode).toBe(200);
      expect(asked(id)).toBe(before + 1);
      expect(response.json<{ fetchedAt: string }>().fetchedAt).toBe(clock.now().toISOString());
      expect(response.body).not.toMatch(unranked);
      const stored = await t.database.db
        .selectFrom('member_stats')
        .select('snapshot')
        .where('wom_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(stored.snapshot).not.toMatch(unranked);
    });

    it('serves the stored snapshot to a visitor once WOM takes too long, and stores the answer later', async () => {
      const id = await staleMember();
      const stored = await fetchedAt(id);
      const read = reader(150);
      simulator.setFaults({ latencyMs: 800 });
      // How long visitors wait is measured by `npm run bench:wom-player`; here, what they are served.
      const first = await read(String(id));
      expect(first.fetchedAt).toBe(stored);
      expect(first.latestSnapshot).not.toBeNull();
      // A visitor arriving while that refresh is still out shares it, and gets the stored snapshot too.
      expect((await read(String(id))).fetchedAt).toBe(stored);
      expect(asked(id)).toBe(1);

      await until(async () => (await fetchedAt(id)) !== stored);
      expect((await read(String(id))).fetchedAt).toBe(clock.now().toISOString());
      expect(asked(id)).toBe(1);
    });

    it('serves the stored snapshot when WOM fails, and waits a minute before asking again', async () => {
      const id = await staleMember();
      const stored = await fetchedAt(id);
      const read = reader(2_000);
      simulator.failNext(1, 403);
      expect((await read(String(id))).fetchedAt).toBe(stored);
      expect((await read(String(id))).fetchedAt).toBe(stored);
      expect(asked(id)).toBe(1);
      clock.advance(RETRY_PAUSE_MS);
      expect((await read(String(id))).fetchedAt).toBe(clock.now().toISOString());
      expect(asked(id)).toBe(2);
    });

    it('answers 503 with a code and message when WOM fails and nothing is stored', async () => {
      const id = await staleMember();
      await t.database.db.deleteFrom('member_stats').where('wom_id', '=', String(id)).execute();
      simulator.failNext(1, 403);
      const response = await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${id}` });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'WOM_UNAVAILABLE',
        message: expect.stringContaining('Wise Old Man'),
      });
      expect(asked(id)).toBe(1);
    });

    it('serves a member WOM has never heard of without a snapshot, and does not ask again at once', async () => {
      used.add(1);
      const at = clock.now().toISOString();
      await t.database.db
        .insertInto('members')
        .values({ wom_id: '1', name: 'Added By Hand', created_at: at, updated_at: at })
        .execute();
      const response = await t.app.inject({ method: 'GET', url: '/api/pwom-player?id=1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: 1, displayName: 'Added By Hand', latestSnapshot: null });
      expect(asked(1)).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: '/api/pwom-player?id=1' })).statusCode).toBe(200);
      expect(asked(1)).toBe(1);
    });

    it('asks WOM nothing for a visitor when the sync has left no budget: stale, or 503 with nothing stored', async () => {
      // Two requests a minute: one is the sync's alone, one is left for visitors.
      const minute = createManualClock(START);
      const read = createPlayerReader(
        {
          db: t.database.db,
          clock,
          gateway: createWomGateway(testConfig({ WOM_REQUESTS_PER_MINUTE: '2' }), minute, simulator.url),
          playerCacheMs: PLAYER_REFRESH_MS,
        },
        2_000,
      );
      const first = await staleMember();
      const second = await staleMember();
      const third = await staleMember();
      await t.database.db.deleteFrom('member_stats').where('wom_id', '=', String(third)).execute();
      const stored = await fetchedAt(second);

      expect((await read(String(first))).fetchedAt).toBe(clock.now().toISOString());
      expect((await read(String(second))).fetchedAt).toBe(stored);
      await expect(read(String(third))).rejects.toMatchObject({ statusCode: 503, code: 'WOM_UNAVAILABLE' });
      expect([asked(first), asked(second), asked(third)]).toEqual([1, 0, 0]);

      // Nothing failed at WOM, so the next visitor tries again as soon as the minute has passed.
      minute.advance(60_000);
      expect((await read(String(second))).fetchedAt).toBe(clock.now().toISOString());
      expect(asked(second)).toBe(1);
    });

    it('answers 503 when WOM is too slow and nothing is stored, then serves what lands', async () => {
      const id = await staleMember();
      await t.database.db.deleteFrom('member_stats').where('wom_id', '=', String(id)).execute();
      const read = reader(100);
      simulator.setFaults({ latencyMs: 500 });
      await expect(read(String(id))).rejects.toMatchObject({ statusCode: 503, code: 'WOM_UNAVAILABLE' });
      await until(async () =>
        Boolean(
          await t.database.db
            .selectFrom('member_stats')
            .select('wom_id')
            .where('wom_id', '=', String(id))
            .executeTakeFirst(),
        ),
      );
      expect((await read(String(id))).latestSnapshot).not.toBeNull();
      expect(asked(id)).toBe(1);
    });
  });
}
