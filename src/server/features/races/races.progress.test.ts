import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Race, RaceDetail } from '#core/races/races.schema.ts';
import type { PlayerSnapshot } from '#core/wom/wom-data.schema.ts';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { addMember } from '../claims/claims.testing.ts';
import { createRaceAs, measuredMembers, raceInput, raceTables } from './races.testing.ts';

const START = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
/** A clan member WOM does not know: asking WOM for them fails. */
const UNKNOWN_TO_WOM = '999999999';

for (const dialect of testDialects) {
  describe(`${dialect}: race progress from WOM`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let alice: string;
    let player: { wom_id: string; attack: number };
    const clock = createManualClock(START);

    const storedAttack = async (womId: string) => {
      const row = await t.database.db
        .selectFrom('member_stats')
        .select('snapshot')
        .where('wom_id', '=', womId)
        .executeTakeFirstOrThrow();
      return (JSON.parse(row.snapshot) as PlayerSnapshot).data.skills.attack!.experience;
    };
    const detail = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/races/${id}` })).json<RaceDetail>();
    const refresh = (id: number, cookie?: string) =>
      t.app.inject({ method: 'POST', url: `/api/races/${id}/refresh`, headers: cookie ? { cookie } : {} });

    beforeAll(async () => {
      simulator = await startSimulator({ members: 4, seed: 31, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      await createUser(t, 'alice');
      alice = await loginAs(t, 'alice');
      player = (await measuredMembers(t))[0]!;
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it("the WOM sync moves running races' participants and leaves ended races as they finished", async () => {
      const goal = [{ wom_id: player.wom_id, metric: 'attack', target_value: player.attack + 1_000_000 }];
      const running = await createRaceAs(t, alice, raceInput(goal));
      const ending = await createRaceAs(
        t,
        alice,
        raceInput(goal, { end_date: new Date(Date.parse(START) + HOUR).toISOString() }),
      );

      clock.advance(2 * HOUR);
      simulator.gainExperience(Number(player.wom_id), 'attack', 50_000);
      expect((await t.sync()).outcome).toBe('succeeded');
      const now = clock.now().toISOString();
      const gained = await storedAttack(player.wom_id);
      expect(gained).toBeGreaterThanOrEqual(player.attack + 50_000);

      const moved = await detail(running.id);
      expect(moved.race_participants[0]).toMatchObject({ start_value: player.attack, current_value: gained });
      expect(moved.history[0]!.points).toEqual([
        { value: player.attack, recorded_at: START },
        { value: gained, recorded_at: now },
      ]);
      const ended = await detail(ending.id);
      expect(ended.race_participants[0]!.current_value).toBe(player.attack);
      expect(ended.history[0]!.points).toHaveLength(1);

      // A sync that brings nothing new adds no point.
      clock.advance(HOUR);
      expect((await t.sync()).outcome).toBe('succeeded');
      expect((await detail(running.id)).history[0]!.points).toHaveLength(2);
    });

    it('a refresh that WOM fails for one player stores nothing, not even the players it did fetch', async () => {
      await addMember(t, UNKNOWN_TO_WOM, 'Stranger');
      const stored = await t.database.db
        .selectFrom('member_stats')
        .selectAll()
        .where('wom_id', '=', player.wom_id)
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('member_stats')
        .values({ ...stored, wom_id: UNKNOWN_TO_WOM })
        .execute();
      const current = await storedAttack(player.wom_id);
      const race = await createRaceAs(
        t,
        alice,
        raceInput([
          { wom_id: player.wom_id, metric: 'attack', target_value: current + 1_000_000 },
          { wom_id: UNKNOWN_TO_WOM, metric: 'attack', target_value: current + 1_000_000 },
        ]),
      );
      // Past the player cache, with something new for WOM to report.
      clock.advance(HOUR);
      simulator.gainExperience(Number(player.wom_id), 'attack', 70_000);
      const statsBefore = await t.database.db
        .selectFrom('member_stats')
        .selectAll()
        .orderBy('wom_id')
        .execute();
      const tablesBefore = await raceTables(t);
      const requestsBefore = simulator.requests.length;

      const response = await refresh(race.id, alice);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('WOM_UNAVAILABLE');
      // The first player was fetched before the second failed.
      expect(simulator.requests.slice(requestsBefore).map((r) => r.path)).toEqual(
        expect.arrayContaining([`/players/id/${player.wom_id}`, `/players/id/${UNKNOWN_TO_WOM}`]),
      );
      expect(await t.database.db.selectFrom('member_stats').selectAll().orderBy('wom_id').execute()).toEqual(
        statsBefore,
      );
      expect(await raceTables(t)).toEqual(tablesBefore);
    });

    it("a refresh asks WOM for each participant's player and moves the standings", async () => {
      const current = await storedAttack(player.wom_id);
      const race = await createRaceAs(
        t,
        alice,
        raceInput([{ wom_id: player.wom_id, metric: 'attack', target_value: current + 100_000 }]),
      );
      clock.advance(HOUR);
      simulator.gainExperience(Number(player.wom_id), 'attack', 30_000);
      expect((await refresh(race.id)).statusCode).toBe(401);

      const response = await refresh(race.id, alice);
      expect(response.statusCode).toBe(200);
      const refreshed = await storedAttack(player.wom_id);
      expect(refreshed).toBeGreaterThanOrEqual(current + 30_000);
      expect(response.json<Race>().race_participants[0]).toMatchObject({
        start_value: current,
        current_value: refreshed,
        progress_percent: Math.min(100, Math.floor(((refreshed - current) / 100_000) * 100)),
      });
      expect((await detail(race.id)).history[0]!.points.map((p) => p.value)).toEqual([current, refreshed]);
      // The character card and the roster read the member row: it follows the snapshot the race took.
      const statsRow = await t.database.db
        .selectFrom('member_stats')
        .select('snapshot')
        .where('wom_id', '=', player.wom_id)
        .executeTakeFirstOrThrow();
      const overall = (JSON.parse(statsRow.snapshot) as PlayerSnapshot).data.skills.overall!.experience;
      const memberRow = await t.database.db
        .selectFrom('members')
        .select('current_xp')
        .where('wom_id', '=', player.wom_id)
        .executeTakeFirstOrThrow();
      expect(memberRow.current_xp).toBe(overall);

      // Within the player cache (and past the minute between one user's refreshes), WOM is not asked again.
      clock.advance(60_000);
      const requestsBefore = simulator.requests.length;
      expect((await refresh(race.id, alice)).statusCode).toBe(200);
      expect(simulator.requests.length).toBe(requestsBefore);
    });

    it('asks WOM once per player when one user fires many refreshes of a race at once', async () => {
      const current = await storedAttack(player.wom_id);
      const race = await createRaceAs(
        t,
        alice,
        raceInput([
          { wom_id: player.wom_id, metric: 'attack', target_value: current + 100_000 },
          // The same player on a second metric is asked for once.
          { wom_id: player.wom_id, metric: 'defence', target_value: 100_000_000 },
        ]),
      );
      clock.advance(HOUR);
      const requestsBefore = simulator.requests.length;

      const responses = await Promise.all(Array.from({ length: 4 }, () => refresh(race.id, alice)));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429]);
      expect(simulator.requests.slice(requestsBefore).map((r) => r.path)).toEqual([
        `/players/id/${player.wom_id}`,
      ]);
    });
  });
}
