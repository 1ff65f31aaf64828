import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CAPS, CAP_MESSAGES } from '#core/users/account-caps.ts';
import { CREATION_LIMITS } from '#core/users/creation-limits.ts';
import type { Goal } from '#core/goals/goals.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter, snapshotWith, storeSnapshot } from './goals.testing.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const goalLimit = { code: 'GOAL_LIMIT', message: CAP_MESSAGES.activeGoalsPerCharacter };

for (const dialect of testDialects) {
  describe(`${dialect}: how many goals one character may hold`, () => {
    let t: TestApp;
    let alice: { id: number; cookie: string };

    beforeEach(async () => {
      t = await createTestApp(dialect);
      const user = await createUser(t, 'alice');
      alice = { id: user.id, cookie: await loginAs(t, 'alice') };
      for (const [womId, name] of [
        ['42', 'Zezima'],
        ['43', 'Woox'],
      ] as const) {
        await addMember(t, womId, name);
        await claimCharacter(t, alice.id, womId);
        await storeSnapshot(t, womId, snapshotWith({ skills: { attack: 1_000 } }));
      }
    });
    afterEach(async () => t.close());

    const create = (womId = '42') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        headers: { cookie: alice.cookie },
        payload: { wom_id: womId, metric: 'attack', mode: 'gain', value: 500 },
      });

    /** Goals straight in the database, as if set earlier. */
    async function addGoals(womId: string, count: number, completed = false) {
      for (let i = 0; i < count; i += 1) {
        await t.database.db
          .insertInto('user_goals')
          .values({
            user_id: alice.id,
            wom_id: womId,
            player_name: 'Zezima',
            goal_type: 'skill',
            metric: 'attack',
            target_value: 2_000,
            start_value: 1_000,
            current_value: completed ? 2_000 : 1_000,
            start_date: NOW,
            completed,
            completed_date: completed ? NOW : null,
            created_at: NOW,
          })
          .execute();
      }
    }

    const activeGoalsOn = async (womId: string) =>
      (
        await t.database.db
          .selectFrom('user_goals')
          .select('id')
          .where('wom_id', '=', womId)
          .where('completed', '=', false)
          .execute()
      ).length;

    it('lets parallel creations reach exactly the cap and refuses the rest with GOAL_LIMIT', async () => {
      await addGoals('42', ACCOUNT_CAPS.activeGoalsPerCharacter - 5);
      const responses = await Promise.all(Array.from({ length: 20 }, () => create()));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json()).toEqual(goalLimit);
      }
      expect(await activeGoalsOn('42')).toBe(ACCOUNT_CAPS.activeGoalsPerCharacter);
    });

    it('counts only the character’s goals that are not completed', async () => {
      await addGoals('42', ACCOUNT_CAPS.activeGoalsPerCharacter - 1);
      await addGoals('42', 10, true);
      await addGoals('43', ACCOUNT_CAPS.activeGoalsPerCharacter);

      expect((await create('42')).statusCode).toBe(201);
      expect((await create('42')).json()).toEqual(goalLimit);
    });

    it('counts every goal a user sets, even deleted ones, and answers 429 past 60 in an hour', async () => {
      for (let i = 0; i < CREATION_LIMITS.goal.account.attempts; i += 1) {
        const created = await create();
        expect(created.statusCode).toBe(201);
        const removed = await t.app.inject({
          method: 'DELETE',
          url: `/api/user-goals/${created.json<Goal>().id}`,
          headers: { cookie: alice.cookie },
        });
        expect(removed.statusCode).toBe(204);
      }

      const refused = await create('43');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many goal creation attempts. Try again in 60 minutes.',
      });

      t.clock.advance(HOUR);
      expect((await create('43')).statusCode).toBe(201);
    });
  });
}
