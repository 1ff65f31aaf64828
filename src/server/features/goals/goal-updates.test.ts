import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { updateGoalsFromSnapshots } from './goal-updates.ts';
import { insertGoal } from './goals.repository.ts';
import { goalHistory, snapshotWith, storeSnapshot } from './goals.testing.ts';

const NOW = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: the WOM sync's goal updates`, () => {
    let t: TestApp;
    let userId: number;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      userId = (await createUser(t, 'pleb')).id;
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
    });
    afterEach(async () => t.close());

    const addGoal = (womId: string, metric: string, start: number, target: number) =>
      insertGoal(t.database.db, {
        user_id: userId,
        wom_id: womId,
        player_name: 'Zezima',
        goal_type: metric === 'zulrah' ? 'boss' : 'skill',
        metric,
        start_value: start,
        target_value: target,
        start_date: NOW,
        target_date: null,
        public: false,
      });
    const update = () =>
      t.database.db.transaction().execute((trx) => updateGoalsFromSnapshots(trx, t.clock.now()));
    const stored = (id: number) =>
      t.database.db
        .selectFrom('user_goals')
        .select(['current_value', 'completed_date'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it("sets every active goal to its character's stored value and appends it to the history", async () => {
      const attack = await addGoal('42', 'attack', 1_000, 2_000);
      const zulrah = await addGoal('42', 'zulrah', 5, 10);
      const woox = await addGoal('43', 'attack', 100, 200);
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_500 }, bosses: { zulrah: 10 } }));
      await storeSnapshot(t, '43', snapshotWith({ skills: { attack: 150 } }));
      t.clock.advance(60_000);
      const at = t.clock.now().toISOString();
      await update();

      expect(await stored(attack)).toEqual({ current_value: 1_500, completed_date: null });
      expect(await stored(zulrah)).toEqual({ current_value: 10, completed_date: at });
      expect(await stored(woox)).toEqual({ current_value: 150, completed_date: null });
      expect(await goalHistory(t, attack)).toEqual([
        { value: 1_000, recorded_at: NOW },
        { value: 1_500, recorded_at: at },
      ]);
    });

    it('adds no point when the value did not change', async () => {
      const goal = await addGoal('42', 'attack', 1_000, 2_000);
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_000 } }));
      await update();
      expect(await goalHistory(t, goal)).toHaveLength(1);
    });

    it('keeps the value when the snapshot lacks the metric or WOM has no snapshot: never 0', async () => {
      const attack = await addGoal('42', 'attack', 1_000, 2_000);
      const woox = await addGoal('43', 'attack', 100, 200);
      await storeSnapshot(t, '42', snapshotWith({ bosses: { zulrah: 3 } }));
      await storeSnapshot(t, '43', null);
      await update();
      expect((await stored(attack)).current_value).toBe(1_000);
      expect((await stored(woox)).current_value).toBe(100);
      expect(await goalHistory(t, attack)).toHaveLength(1);
    });
  });
}
