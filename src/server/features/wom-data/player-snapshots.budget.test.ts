import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, createTestAppOn, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { WomGateway } from '../../wom/wom-gateway.ts';
import { limiterOnVirtualTime } from '#test/virtual-limiter.ts';
import { PLAYER_REFRESH_MS } from './player-snapshots.ts';

const START = '2026-11-21T12:00:00.000Z';
/** WOM's limit without an API key; the limiter keeps half of it for the sync. */
const PER_MINUTE = 20;
const VISITORS = 200;

const isPlayerRequest = (path: string) => path.startsWith('/players/');

/**
 * A gateway as the app makes it, but pacing on virtual time: its limiter's clock moves only when it
 * sleeps, so any wait the sync had to make shows as a recorded sleep, not as a slow test.
 */
function virtualTimeGateway(baseUrl: string) {
  const { limiter, sleep, slept } = limiterOnVirtualTime(PER_MINUTE);
  const gateway = new WomGateway({
    baseUrl,
    apiKey: null,
    userAgent: 'clan-site (tests)',
    limiter,
    sleep,
  });
  return { gateway, slept };
}

for (const dialect of testDialects) {
  describe(`${dialect}: a burst of visitor refreshes during a sync`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);
    /** The sync's requests, in order, when no visitor is around. */
    let alone: { paths: string[]; requests: number };

    const syncPaths = (from: number) =>
      simulator.requests
        .slice(from)
        .map((r) => r.path)
        .filter((path) => !isPlayerRequest(path));

    beforeAll(async () => {
      simulator = await startSimulator({ members: 250, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      // Every stored snapshot is now older than five minutes: each visitor would refresh one.
      clock.advance(PLAYER_REFRESH_MS + 1);
      // The syncs after the first fetch the results of the competitions it found already ended, a few
      // at a time: the sync to compare with asks WOM what the one before it asked.
      const syncAlone = async () => {
        const from = simulator.requests.length;
        const result = await t.sync();
        if (result.outcome !== 'succeeded') throw new Error(result.error);
        return { paths: syncPaths(from), requests: result.womRequests };
      };
      alone = await syncAlone();
      for (let run = 0; run < 10; run += 1) {
        const next = await syncAlone();
        const steady = next.paths.join() === alone.paths.join();
        alone = next;
        if (steady) break;
      }
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('keeps the sync as it is alone and sends visitors only what the sync leaves of the minute', async () => {
      const { gateway, slept } = virtualTimeGateway(simulator.url);
      // A second instance of the site on the same database, whose one gateway the sync and visitors share.
      const site = await createTestAppOn(t.database, {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId, gateway },
      });
      try {
        const members = simulator.memberIds().slice(0, VISITORS);
        const stored = new Map(
          (await t.database.db.selectFrom('member_stats').select(['wom_id', 'fetched_at']).execute()).map(
            (row) => [Number(row.wom_id), row.fetched_at],
          ),
        );
        const from = simulator.requests.length;

        const [result, ...responses] = await Promise.all([
          site.sync(),
          ...members.map((id) => site.app.inject({ method: 'GET', url: `/api/wom-player?id=${id}` })),
        ]);

        expect(result.outcome).toBe('succeeded');
        expect(result.womRequests).toBe(alone.requests);
        expect(syncPaths(from)).toEqual(alone.paths);
        // The sync never waited for the limiter: visitors take no slot from a waiting or reserved call.
        expect(slept).toEqual([]);

        const asked = simulator.requests.slice(from).filter((r) => isPlayerRequest(r.path));
        expect(asked.length).toBeGreaterThan(0);
        expect(asked.length).toBeLessThanOrEqual(PER_MINUTE / 2);
        expect(new Set(asked.map((r) => r.path)).size).toBe(asked.length);

        // Each visitor got the fresh snapshot if WOM was asked (or the stored one, had WOM been slower
        // than a visitor waits), else the stored one, else a clean 503.
        const askedFor = new Set(asked.map((r) => Number(r.path.split('/').at(-1))));
        members.forEach((id, index) => {
          const response = responses[index]!;
          if (askedFor.has(id)) {
            expect(response.statusCode).toBe(200);
            expect([clock.now().toISOString(), stored.get(id)]).toContain(
              response.json<{ fetchedAt: string }>().fetchedAt,
            );
          } else if (stored.has(id)) {
            expect(response.statusCode).toBe(200);
            expect(response.json<{ fetchedAt: string }>().fetchedAt).toBe(stored.get(id));
          } else {
            expect(response.statusCode).toBe(503);
            expect(response.json()).toEqual({ code: 'WOM_UNAVAILABLE', message: expect.any(String) });
          }
        });
      } finally {
        await site.app.close();
      }
    });
  });
}
