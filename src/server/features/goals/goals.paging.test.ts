import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoalsPage } from '#core/goals/goals.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from './goals.testing.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const MINUTE = 60_000;

for (const dialect of testDialects) {
  describe(`${dialect}: goals a page at a time`, () => {
    let t: TestApp;
    let alice: string;
    /** Every public goal's id, newest first; and the user's goals on one character. */
    let publicIds: number[];
    let zezimaIds: number[];

    const get = async (query: string, cookie?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/user-goals?${query}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<GoalsPage>();
    };

    async function walk(query: string, cookie?: string): Promise<number[][]> {
      const pages: number[][] = [];
      let cursor: string | null = null;
      do {
        const page: GoalsPage = await get(cursor ? `${query}&cursor=${cursor}` : query, cookie);
        pages.push(page.items.map((goal) => goal.id));
        cursor = page.next_cursor;
      } while (cursor !== null);
      return pages;
    }

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const user = await createUser(t, 'alice');
      alice = await loginAs(t, 'alice');
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', 'Woox');
      await claimCharacter(t, user.id, '42');
      await claimCharacter(t, user.id, '43');
      const inserted: Array<{ id: number; created_at: string; public: boolean; wom_id: string }> = [];
      for (let i = 0; i < 30; i += 1) {
        const createdAt = new Date(Date.parse(NOW) - Math.floor(i / 2) * MINUTE).toISOString();
        const goal = {
          user_id: user.id,
          wom_id: i % 2 === 0 ? '42' : '43',
          player_name: 'Zezima',
          goal_type: 'skill',
          metric: 'attack',
          target_value: 2_000,
          start_value: 1_000,
          current_value: 1_000,
          start_date: createdAt,
          public: i % 4 !== 3,
          created_at: createdAt,
        };
        const { id } = await t.database.db
          .insertInto('user_goals')
          .values(goal)
          .returning('id')
          .executeTakeFirstOrThrow();
        inserted.push({ id, ...goal });
      }
      const newestFirst = [...inserted].sort((a, b) =>
        a.created_at === b.created_at ? b.id - a.id : b.created_at.localeCompare(a.created_at),
      );
      publicIds = newestFirst.filter((goal) => goal.public).map((goal) => goal.id);
      zezimaIds = newestFirst.filter((goal) => goal.wom_id === '42').map((goal) => goal.id);
    });
    afterAll(async () => t.close());

    it('answers 20 public goals a page, newest first, and follows next_cursor to the last page', async () => {
      const pages = await walk('scope=public');
      expect(pages.map((page) => page.length)).toEqual([20, 3]);
      expect(pages.flat()).toEqual(publicIds);
    });

    it("pages a user's goals on one character, private ones too", async () => {
      const pages = await walk('scope=mine&wom_id=42&limit=6', alice);
      expect(pages.map((page) => page.length)).toEqual([6, 6, 3]);
      expect(pages.flat()).toEqual(zezimaIds);
      expect((await walk('scope=mine&limit=100', alice)).flat()).toHaveLength(30);
    });

    it.each([['limit=0'], ['limit=101'], ['limit=x'], ['cursor=nope'], ['cursor=' + 'A'.repeat(200)]])(
      'refuses %s with 400',
      async (query) => {
        for (const scope of ['public', 'mine']) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/user-goals?scope=${scope}&${query}`,
            headers: { cookie: alice },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
        }
      },
    );
  });
}
