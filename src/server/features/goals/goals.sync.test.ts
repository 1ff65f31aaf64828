import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES, type Goal } from '#core/goals/goals.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { PLAYER_REFRESH_MS } from '../wom-data/player-snapshots.ts';
import { claimCharacter, goalHistory } from './goals.testing.ts';

const START = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: Sync Progress`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let roles: SignedInRoles;
    const clock = createManualClock(START);
    /** The user's character, and one nobody claimed. */
    let mine: number;
    let unclaimed: number;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 5, seed: 12, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      roles = await signInRoles(t);
      [mine, unclaimed] = simulator.memberIds() as [number, number];
      await claimCharacter(t, roles.userId, String(mine));
    });
    afterEach(() => simulator.resetFaults());
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const sync = (womId: number, headers = roles.headers('user')) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-goals/sync',
        payload: { wom_id: String(womId) },
        headers,
      });
    const create = async (payload: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        payload: { wom_id: String(mine), metric: 'attack', ...payload },
        headers: roles.headers('user'),
      });
      expect(response.statusCode).toBe(201);
      return response.json<Goal>();
    };
    const asked = () => simulator.requests.filter((r) => r.path === `/players/id/${mine}`).length;
    const goalTables = () =>
      Promise.all([
        t.database.db.selectFrom('user_goals').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('goal_progress').selectAll().orderBy('id').execute(),
        t.database.db.selectFrom('member_stats').selectAll().orderBy('wom_id').execute(),
      ]);

    it('refuses a visitor and a character the user has not claimed', async () => {
      expect((await sync(mine, {})).statusCode).toBe(401);
      const response = await sync(unclaimed);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'FORBIDDEN', message: GOAL_MESSAGES.notYourCharacter });
    });

    it("asks WOM for the player's gains, moves the bars and completes a goal once reached", async () => {
      const small = await create({ mode: 'gain', value: 1_000 });
      const big = await create({ mode: 'total', value: small.start_value + 1_000_000 });
      clock.advance(PLAYER_REFRESH_MS + 1);
      simulator.gainExperience(mine, 'attack', 2_000);
      const before = asked();

      const response = await sync(mine);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(asked()).toBe(before + 1);
      const { goals, snapshot_at } = response.json<{ goals: Goal[]; snapshot_at: string }>();
      const at = clock.now().toISOString();
      expect(snapshot_at).toBe(at);
      // The simulated player also plays on its own meanwhile: at least the 2,000 given.
      const done = goals.find((goal) => goal.id === small.id)!;
      expect(done.current_value).toBeGreaterThanOrEqual(small.start_value + 2_000);
      expect(done).toMatchObject({ completed: true, completed_date: at, progress_percent: 100 });
      const gained = done.current_value;
      expect(goals.find((goal) => goal.id === big.id)).toMatchObject({
        current_value: gained,
        completed: false,
        progress_percent: Math.floor(((gained - big.start_value) / 1_000_000) * 100),
      });
      expect((await goalHistory(t, big.id)).map((point) => point.value)).toEqual([big.start_value, gained]);
    });

    it('serves a snapshot younger than five minutes without asking WOM again', async () => {
      clock.advance(PLAYER_REFRESH_MS + 1);
      expect((await sync(mine)).statusCode).toBe(200);
      const before = asked();
      clock.advance(PLAYER_REFRESH_MS - 1_000);
      expect((await sync(mine)).statusCode).toBe(200);
      expect(asked()).toBe(before);
    });

    it('answers 429 to a fourth Sync Progress within a minute, without asking WOM for it', async () => {
      clock.advance(PLAYER_REFRESH_MS + 1);
      const before = asked();
      const responses = await Promise.all(Array.from({ length: 6 }, () => sync(mine)));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429]);
      const refused = responses.find((r) => r.statusCode === 429)!;
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many Sync Progress attempts. Try again in 1 minute.',
      });
      // The refused ones asked WOM nothing.
      expect(asked() - before).toBeLessThanOrEqual(3);

      clock.advance(60_000);
      expect((await sync(mine)).statusCode).toBe(200);
    });

    it('answers 503 when WOM fails, and changes nothing stored', async () => {
      await create({ mode: 'gain', value: 50 });
      simulator.gainExperience(mine, 'attack', 500);
      clock.advance(PLAYER_REFRESH_MS + 1);
      const before = await goalTables();
      simulator.setFaults({ down: true });

      const response = await sync(mine);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'WOM_UNAVAILABLE', message: GOAL_MESSAGES.syncFailed });
      expect(await goalTables()).toEqual(before);
    });
  });
}
