import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import type { Race } from '#core/races/races.schema.ts';
import { REFRESH_WINDOW_MS } from '#core/users/refresh-limits.ts';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { FAULT_PAUSE_MS, WOM_FAILURES, faultTestGateway } from '#test/wom-faults.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { PLAYER_REFRESH_MS } from '../wom-data/player-snapshots.ts';
import { createRaceAs, measuredMembers, raceInput } from './races.testing.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: a race refresh while WOM fails`, () => {
    const clock = createManualClock('2026-11-21T12:00:00.000Z');
    let simulator: WomSimulator;
    let t: TestApp;
    let alice: string;
    let race: Race;
    let players: Array<{ wom_id: string; attack: number }>;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 4, seed: 31, clock });
      t = await createTestApp(dialect, {
        clock,
        wom: {
          url: simulator.url,
          groupId: simulator.groupId,
          gateway: faultTestGateway(simulator.url, clock),
        },
      });
      expect((await t.sync()).outcome).toBe('succeeded');
      await createUser(t, 'alice');
      alice = await loginAs(t, 'alice');
      players = (await measuredMembers(t)).slice(0, 2);
      expect(players).toHaveLength(2);
      race = await createRaceAs(
        t,
        alice,
        raceInput(
          players.map((p) => ({ wom_id: p.wom_id, metric: 'attack', target_value: p.attack + 10_000_000 })),
        ),
      );
    });
    afterEach(() => simulator.resetFaults());
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const refresh = () =>
      t.app.inject({ method: 'POST', url: `/api/races/${race.id}/refresh`, headers: { cookie: alice } });
    const askedForPlayers = () => simulator.requests.filter((r) => r.path.startsWith('/players/')).length;

    /** Every participant's snapshot is past the player cache and WOM has news; the session is touched already. */
    async function staleWithNews(): Promise<void> {
      clock.advance(PLAYER_REFRESH_MS + 1);
      for (const player of players) simulator.gainExperience(Number(player.wom_id), 'attack', 5_000);
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: alice } });
    }

    for (const fault of WOM_FAILURES) {
      it(`answers 503 and changes nothing stored when ${fault.name}, and refreshes once WOM recovers`, async () => {
        await staleWithNews();
        const before = await dumpTables(t.database.db);
        const askedBefore = askedForPlayers();
        fault.apply(simulator);

        const response = await refresh();
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ code: 'WOM_UNAVAILABLE', message: GOAL_MESSAGES.syncFailed });
        expect(askedForPlayers()).toBeGreaterThan(askedBefore);
        // Only the limiter's count of the user's refreshes moved.
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual(['rate_limits']);

        simulator.resetFaults();
        clock.advance(Math.max(FAULT_PAUSE_MS, REFRESH_WINDOW_MS));
        expect((await refresh()).statusCode).toBe(200);
        expect(changedTables(before, await dumpTables(t.database.db))).toEqual(
          expect.arrayContaining(['member_stats', 'race_participants', 'race_progress']),
        );
      });
    }

    it('refreshes with the hiscores down: it reads what WOM has and never asks WOM to update a player', async () => {
      await staleWithNews();
      const from = simulator.requests.length;
      simulator.setFaults({ hiscoresDown: true });

      expect((await refresh()).statusCode).toBe(200);
      expect(simulator.requests.slice(from).map((r) => `${r.method} ${r.path}`)).toEqual(
        players.map((p) => `GET /players/id/${p.wom_id}`),
      );
    });
  });
}
