import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RacesPage } from '#core/races/races.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const MINUTE = 60_000;

for (const dialect of testDialects) {
  describe(`${dialect}: races a page at a time`, () => {
    let t: TestApp;
    let alice: string;
    let aliceId: number;
    /** Every public race's id, newest first. */
    let publicIds: number[];
    let ownIds: number[];

    const get = async (query: string, cookie?: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/races?${query}`,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RacesPage>();
    };
    const ids = (page: RacesPage) => page.items.map((race) => race.id);

    /** Follows next_cursor from the first page to the last, collecting the ids in order. */
    async function walk(query: string, cookie?: string): Promise<number[][]> {
      const pages: number[][] = [];
      let cursor: string | null = null;
      do {
        const page: RacesPage = await get(cursor ? `${query}&cursor=${cursor}` : query, cookie);
        pages.push(ids(page));
        cursor = page.next_cursor;
      } while (cursor !== null);
      return pages;
    }

    beforeAll(async () => {
      t = await createTestApp(dialect);
      aliceId = (await createUser(t, 'alice')).id;
      const bob = await createUser(t, 'bob');
      alice = await loginAs(t, 'alice');
      const inserted: Array<{ id: number; created_at: string; public: boolean; creator_id: number }> = [];
      for (let i = 0; i < 50; i += 1) {
        // Pairs share a creation time, so the order falls back on the id.
        const createdAt = new Date(Date.parse(NOW) - Math.floor(i / 2) * MINUTE).toISOString();
        const race = {
          creator_id: i % 3 === 0 ? aliceId : bob.id,
          title: `Race ${i}`,
          public: i % 10 !== 9,
          end_date: null,
          created_at: createdAt,
          updated_at: createdAt,
        };
        const { id } = await t.database.db
          .insertInto('races')
          .values(race)
          .returning('id')
          .executeTakeFirstOrThrow();
        inserted.push({ id, ...race });
      }
      const newestFirst = [...inserted].sort((a, b) =>
        a.created_at === b.created_at ? b.id - a.id : b.created_at.localeCompare(a.created_at),
      );
      publicIds = newestFirst.filter((race) => race.public).map((race) => race.id);
      ownIds = newestFirst.filter((race) => race.creator_id === aliceId).map((race) => race.id);
    });
    afterAll(async () => t.close());

    it('answers 20 public races a page, newest first, and follows next_cursor to the last page', async () => {
      expect(publicIds).toHaveLength(45);
      const pages = await walk('scope=public');
      expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
      expect(pages.flat()).toEqual(publicIds);
    });

    it('answers as many as limit asks, from 1 to 100', async () => {
      expect(ids(await get('scope=public&limit=1'))).toEqual(publicIds.slice(0, 1));
      const all = await get('scope=public&limit=100');
      expect(ids(all)).toEqual(publicIds);
      expect(all.next_cursor).toBeNull();
      expect((await walk('scope=public&limit=45')).map((page) => page.length)).toEqual([45]);
    });

    it("pages a user's own races the same way", async () => {
      const pages = await walk('scope=mine&limit=7', alice);
      expect(pages.map((page) => page.length)).toEqual([7, 7, 3]);
      expect(pages.flat()).toEqual(ownIds);
    });

    it('neither repeats nor skips a race when a new one is created between two pages', async () => {
      const first = await get('scope=public&limit=10');
      const { id } = await t.database.db
        .insertInto('races')
        .values({ creator_id: aliceId, title: 'Late', public: true, created_at: NOW, updated_at: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      const second = await get(`scope=public&limit=10&cursor=${first.next_cursor}`);
      expect([...ids(first), ...ids(second)]).toEqual(publicIds.slice(0, 20));
      await t.database.db.deleteFrom('races').where('id', '=', id).execute();
    });

    it.each([
      ['limit=0'],
      ['limit=101'],
      ['limit=ten'],
      ['limit=-5'],
      ['limit=2.5'],
      ['cursor=not-a-cursor'],
      ['cursor=' + 'A'.repeat(200)],
      ['cursor=%00'],
    ])('refuses %s with 400', async (query) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/races?scope=public&${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    });
  });
}
