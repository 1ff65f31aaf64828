import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { FAULT_PAUSE_MS, WOM_FAILURES, faultTestGateway } from '#test/wom-faults.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { PLAYER_REFRESH_MS } from '../wom-data/player-snapshots.ts';
import { claimCharacter } from './goals.testing.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: Sync Progress while WOM fails`, () => {
    const clock = createManualClock('2026-11-21T12:00:00.000Z');
    let simulator: WomSimulator;
    let t: TestApp;
    let roles: SignedInRoles;
    let mine: number;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 5, seed: 12, clock });
      t = await createTestApp(dialect, {
        clock,
        wom: {
          url: simulator.url,
          groupId: simulator.groupId,
          gateway: faultTestGateway(simulator.url, clock),
        },
      });
      expect((await t.sync()).outcome).toBe('succeeded');
      roles = await signInRoles(t);
      mine = simulator.memberIds()[0]!;
      await claimCharacter(t, roles.userId, String(mine));
      const goal = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        payload: { wom_id: String(mine), metric: 'attack', mode: 'gain', value: 1_000_000 },
        headers: roles.headers('user'),
      });
      expect(goal.statusCode).toBe(201);
    });
    afterEach(() => simulator.resetFaults());
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const sync = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-goals/sync',
        payload: { wom_id: String(mine) },
        headers: roles.headers('user'),
      });
    const asked = () => simulator.requests.filter((r) => r.path === `/players/id/${mine}`).length;

    /** The stored snapshot is past the player cache and WOM has news; the session is touched already. */
    async function staleWithNews(): Promise<void> {
      clock.advance(PLAYER_REFRESH_MS + 1);
      simulator.gainExperience(mine, 'attack', 5_000);
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: roles.headers('user') });
    }

    for (const fault of WOM_FAILURES) {
      it(`answers 503 and changes nothing stored when ${fault.name}, and syncs once WOM recovers`, async () => {
        await staleWithNews();
        const before = await dumpTables(t.database.db);
        const askedBefore = asked();
        fault.apply(simulator);

        const response = await sync();
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ code: 'WOM_UNAVAILABLE', message: GOAL_MESSAGES.syncFailed });
        expect(asked()).toBeGreaterThan(askedBefore);
        // Only the limiter's count of the user's syncs moved.
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual(['rate_limits']);

        simulator.resetFaults();
        clock.advance(FAULT_PAUSE_MS);
        expect((await sync()).statusCode).toBe(200);
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual(
          expect.arrayContaining(['member_stats', 'user_goals', 'goal_progress']),
        );
      });
    }

    it('syncs with the hiscores down: it reads what WOM has and never asks WOM to update the player', async () => {
      await staleWithNews();
      const from = simulator.requests.length;
      simulator.setFaults({ hiscoresDown: true });

      expect((await sync()).statusCode).toBe(200);
      expect(simulator.requests.slice(from).map((r) => `${r.method} ${r.path}`)).toEqual([
        `GET /players/id/${mine}`,
      ]);
    });
  });
}
