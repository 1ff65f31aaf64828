import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Goal, GoalsPage } from '#core/goals/goals.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter, snapshotWith, storeSnapshot } from './goals.testing.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: the prebuilt first page of public goals`, () => {
    let t: TestApp;
    let alice: string;
    let etag = '';

    /** The first page as a visitor's browser asks again for it, with the ETag it holds. */
    async function nextRead(): Promise<Goal[]> {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user-goals?scope=public',
        headers: etag ? { 'if-none-match': etag } : {},
      });
      expect(response.statusCode, 'a change is never answered with 304').toBe(200);
      etag = response.headers.etag as string;
      return response.json<GoalsPage>().items;
    }

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const user = await createUser(t, 'alice');
      alice = await loginAs(t, 'alice');
      await addMember(t, '42', 'Zezima');
      await claimCharacter(t, user.id, '42');
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_000 } }));
    });
    afterAll(async () => t.close());

    it('answers the same bytes until the data changes, then each change at the next read', async () => {
      expect(await nextRead()).toEqual([]);
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/user-goals',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);

      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        headers: { cookie: alice },
        payload: { wom_id: '42', metric: 'attack', mode: 'gain', value: 1_000, public: true },
      });
      expect(created.statusCode).toBe(201);
      const goal = created.json<Goal>();
      expect((await nextRead()).map((g) => g.id)).toEqual([goal.id]);

      // The owner's own list brings the goal up to date from the stored snapshot.
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_500 } }));
      await t.app.inject({ method: 'GET', url: '/api/user-goals?scope=mine', headers: { cookie: alice } });
      expect((await nextRead())[0]).toMatchObject({ current_value: 1_500, progress_percent: 50 });

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/user-goals/${goal.id}`,
        headers: { cookie: alice },
      });
      expect(removed.statusCode).toBe(204);
      expect(await nextRead()).toEqual([]);
    });

    it('moves a new goal from on track to behind as time passes without progress, with no write', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        headers: { cookie: alice },
        payload: {
          wom_id: '42',
          metric: 'attack',
          mode: 'gain',
          value: 1_000,
          public: true,
          target_date: '2026-11-22',
        },
      });
      expect(created.statusCode).toBe(201);
      expect((await nextRead())[0]!.schedule).toBe('On track');

      // A third of the way through its 36 hours, 0% is behind.
      t.clock.advance(12 * 60 * 60_000);
      expect((await nextRead())[0]!.schedule).toBe('Behind schedule');
    });
  });
}
