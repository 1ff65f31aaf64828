import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES, type Goal, type GoalDetail, type GoalsPage } from '#core/goals/goals.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { addMember } from '../claims/claims.testing.ts';
import { updateGoalsFromSnapshots } from './goal-updates.ts';
import { claimCharacter, goalHistory, snapshotWith, storeSnapshot } from './goals.testing.ts';

/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: goals`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    let other: { id: number; headers: Record<string, string> };

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      const user = await createUser(t, 'other');
      other = { id: user.id, headers: { cookie: await loginAs(t, 'other') } };
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
      await claimCharacter(t, roles.userId, '42');
      await claimCharacter(t, other.id, '43');
      await storeSnapshot(
        t,
        '42',
        snapshotWith({ skills: { attack: 1_000, cooking: 0 }, bosses: { zulrah: 5 } }),
      );
      await storeSnapshot(t, '43', snapshotWith({ skills: { attack: 2_000 } }));
    });
    afterEach(async () => t.close());

    const create = (payload: object, headers: Record<string, string> = roles.headers('user')) =>
      t.app.inject({ method: 'POST', url: '/api/user-goals', payload, headers });
    const list = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/user-goals?${query}`, headers });
    const detail = (id: number, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/user-goals/${id}`, headers });
    const remove = (id: number, headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/user-goals/${id}`, headers });
    const gain = { wom_id: '42', metric: 'attack', mode: 'gain', value: 500 };

    async function goalOf(payload: object, headers: Record<string, string> = roles.headers('user')) {
      const response = await create(payload, headers);
      expect(response.statusCode).toBe(201);
      return response.json<Goal>();
    }

    describe('creating', () => {
      it('starts a gain goal at the stored value, under the member name, with its first history point', async () => {
        const goal = await goalOf({ ...gain, target_date: '2026-12-01', public: true });
        expect(goal).toEqual({
          id: expect.any(Number),
          user_id: roles.userId,
          username: 'pleb',
          wom_id: '42',
          player_name: 'Zezima',
          goal_type: 'skill',
          metric: 'attack',
          target_value: 1_500,
          start_value: 1_000,
          current_value: 1_000,
          start_date: NOW,
          target_date: '2026-12-01',
          completed: false,
          completed_date: null,
          public: true,
          progress_percent: 0,
          schedule: 'On track',
        });
        expect(await goalHistory(t, goal.id)).toEqual([{ value: 1_000, recorded_at: NOW }]);
      });

      it('aims a total goal at the value itself, and is private unless asked', async () => {
        const goal = await goalOf({ wom_id: '42', metric: 'zulrah', mode: 'total', value: 50 });
        expect(goal).toMatchObject({ goal_type: 'boss', start_value: 5, target_value: 50, public: false });
        expect(goal.schedule).toBeNull();
      });

      it('tells a visitor to log in, and a user that the character is not theirs', async () => {
        expect((await create(gain, {})).statusCode).toBe(401);
        const response = await create({ ...gain, wom_id: '43' });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN', message: GOAL_MESSAGES.notYourCharacter });
      });

      it("answers the spec's messages word for word, and stores nothing", async () => {
        const before = await dumpTables(t.database.db);
        const refusals: Array<[object, string]> = [
          [{ wom_id: '42', mode: 'gain', value: 5 }, GOAL_MESSAGES.requiredFields],
          [{ ...gain, value: 0 }, GOAL_MESSAGES.gainNotPositive],
          [{ ...gain, metric: 'fishing' }, GOAL_MESSAGES.noExperience('Fishing')],
          [{ ...gain, metric: 'vorkath' }, GOAL_MESSAGES.noKills('Vorkath')],
          [{ ...gain, mode: 'total', value: 1_000 }, GOAL_MESSAGES.targetNotAboveCurrent],
          [{ ...gain, target_date: '2026-11-20' }, GOAL_MESSAGES.pastTargetDate],
        ];
        for (const [payload, message] of refusals) {
          const response = await create(payload);
          expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message });
          expect(response.statusCode).toBe(400);
        }
        expect((await create({ ...gain, metric: 'ehp' })).statusCode).toBe(400);
        // A refused creation is taken back from the user's count; the counter's row may stay.
        const changed = changedTables(before, await dumpTables(t.database.db));
        expect(changed.filter((table) => table !== 'rate_limits')).toEqual([]);
      });

      it('refuses with 503 when the character has no stats stored and WOM cannot be asked', async () => {
        await storeSnapshot(t, '42', null);
        const response = await create(gain);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ code: 'WOM_UNAVAILABLE', message: GOAL_MESSAGES.statsUnavailable });
      });
    });

    describe('visibility', () => {
      let hidden: Goal;
      let shown: Goal;

      beforeEach(async () => {
        hidden = await goalOf(gain);
        shown = await goalOf({ ...gain, metric: 'zulrah', public: true });
      });

      it('lists only public goals to visitors and other users, for everyone the same', async () => {
        for (const headers of [{}, other.headers, roles.headers('admin'), roles.headers('user')]) {
          const response = await list('scope=public', headers);
          expect(response.statusCode).toBe(200);
          expect(response.json<GoalsPage>().items.map((goal) => goal.id)).toEqual([shown.id]);
          expect(response.headers['cache-control']).not.toBe('no-store');
        }
      });

      it("keeps a hidden member's public goals from everyone but their owner and admins", async () => {
        await t.database.db.updateTable('members').set({ hidden: true }).where('wom_id', '=', '42').execute();
        expect((await list('scope=public')).json()).toEqual({ items: [], next_cursor: null });
        expect((await detail(shown.id, other.headers)).statusCode).toBe(404);
        expect((await detail(shown.id, roles.headers('user'))).statusCode).toBe(200);
        expect((await detail(shown.id, roles.headers('admin'))).statusCode).toBe(200);
      });

      it("lists a user's private goals to them alone, never to another user", async () => {
        const mine = await list('scope=mine', roles.headers('user'));
        expect(mine.json<GoalsPage>().items.map((goal) => goal.id)).toEqual([shown.id, hidden.id]);
        expect(mine.headers['cache-control']).toBe('no-store');
        expect((await list('scope=mine', other.headers)).json()).toEqual({ items: [], next_cursor: null });
        expect((await list('scope=mine&wom_id=42', other.headers)).json()).toEqual({
          items: [],
          next_cursor: null,
        });
        expect((await list('scope=mine', {})).statusCode).toBe(401);
      });

      it('shows a private goal to its owner and admins, and is 404 to anyone else', async () => {
        expect((await detail(hidden.id)).statusCode).toBe(404);
        expect((await detail(hidden.id, other.headers)).statusCode).toBe(404);
        const owner = await detail(hidden.id, roles.headers('user'));
        expect(owner.statusCode).toBe(200);
        expect(owner.headers['cache-control']).toBe('no-store');
        expect(owner.json<GoalDetail>().history).toEqual([{ value: 1_000, recorded_at: NOW }]);
        expect((await detail(hidden.id, roles.headers('admin'))).statusCode).toBe(200);
        expect((await detail(shown.id)).statusCode).toBe(200);
      });

      it('deletes only for the owner: 404 to whoever cannot see the goal, 403 to whoever can', async () => {
        expect((await remove(hidden.id, {})).statusCode).toBe(401);
        expect((await remove(hidden.id, other.headers)).statusCode).toBe(404);
        expect((await remove(shown.id, other.headers)).statusCode).toBe(403);
        expect((await remove(hidden.id, roles.headers('admin'))).statusCode).toBe(403);
        expect((await remove(hidden.id, roles.headers('user'))).statusCode).toBe(204);
        expect((await detail(hidden.id, roles.headers('user'))).statusCode).toBe(404);
        expect(await goalHistory(t, hidden.id)).toEqual([]);
      });
    });

    describe('progress from stored snapshots', () => {
      it("brings the user's active goals up to date when they list them, appending to the history", async () => {
        const goal = await goalOf(gain);
        await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_250 } }));
        t.clock.advance(60_000);
        const [listed] = (await list('scope=mine', roles.headers('user'))).json<GoalsPage>().items;
        expect(listed).toMatchObject({ current_value: 1_250, progress_percent: 50, completed: false });
        expect(await goalHistory(t, goal.id)).toEqual([
          { value: 1_000, recorded_at: NOW },
          { value: 1_250, recorded_at: t.clock.now().toISOString() },
        ]);
        // Nothing changed since: no new point.
        await list('scope=mine', roles.headers('user'));
        expect(await goalHistory(t, goal.id)).toHaveLength(2);
      });

      it('completes a goal once: a later value never moves its completion date', async () => {
        const goal = await goalOf(gain);
        await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_600 } }));
        t.clock.advance(60_000);
        const completedAt = t.clock.now().toISOString();
        const [done] = (await list('scope=mine', roles.headers('user'))).json<GoalsPage>().items;
        expect(done).toMatchObject({
          completed: true,
          completed_date: completedAt,
          progress_percent: 100,
          schedule: 'Completed',
        });

        await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 9_000 } }));
        t.clock.advance(60_000);
        await list('scope=mine', roles.headers('user'));
        await t.database.db.transaction().execute((trx) => updateGoalsFromSnapshots(trx, t.clock.now()));
        const after = (await detail(goal.id, roles.headers('user'))).json<GoalDetail>();
        expect(after).toMatchObject({ completed: true, completed_date: completedAt, current_value: 1_600 });
      });
    });
  });
}
