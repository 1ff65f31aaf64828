import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION } from '#core/seasons/season.schema.ts';
import type { PastSeason, StandingsPage } from '#core/seasons/past-seasons.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const ADDED = '2026-01-01T00:00:00.000Z';
/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;

function memberRow(womId: string, name: string, siegeScore: number, extra: Partial<NewMemberRow> = {}) {
  return { wom_id: womId, name, siege_score: siegeScore, created_at: ADDED, updated_at: ADDED, ...extra };
}

for (const dialect of testDialects) {
  describe(`${dialect}: past seasons and their final standings`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      for (const row of [
        memberRow('1', 'Alpha', 30),
        memberRow('2', 'Bravo', 12, { hidden: true }),
        memberRow('3', 'Charlie', 30, { left_at: ADDED }),
        memberRow('4', 'Delta', 5, { deleted_at: ADDED }),
        memberRow('5', 'Echo', 0),
      ]) {
        await t.database.db.insertInto('members').values(row).execute();
      }
    });
    afterEach(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const reset = () =>
      asAdmin({
        method: 'POST',
        url: '/api/admin/siege-scores/reset',
        payload: { confirmation: RESET_CONFIRMATION },
      });
    const past = (query = '') => asAdmin({ method: 'GET', url: `/api/admin/seasons/past${query}` });
    const standings = (id: number, query = '') =>
      asAdmin({ method: 'GET', url: `/api/admin/seasons/${id}/standings${query}` });

    it('rejects a visitor with 401 and a plain user with 403', async () => {
      const before = await dumpTables(t.database.db);
      for (const request of [
        { method: 'GET', url: '/api/admin/seasons/past' },
        { method: 'GET', url: '/api/admin/seasons/1/standings' },
      ] as InjectOptions[]) {
        expect((await t.app.inject(request)).statusCode).toBe(401);
        expect((await roles.as('user', request)).statusCode).toBe(403);
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('lists no past season before the first reset', async () => {
      const response = await past();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual([]);
    });

    it('shows each closed season, newest first, with its final standings ranked as the leaderboard ranks', async () => {
      const [first] = await t.database.db.selectFrom('seasons').select(['id', 'started_at']).execute();
      await reset();
      await asAdmin({ method: 'POST', url: '/api/admin/members/5/points', payload: { amount: 15 } });
      t.clock.advance(DAY);
      await reset();

      const response = await past();
      expect(response.statusCode).toBe(200);
      const seasons = response.json<PastSeason[]>();
      expect(seasons.map((s) => s.name)).toEqual(['Season 2', 'Season 1']);
      expect(seasons[0]).toEqual({
        id: expect.any(Number),
        name: 'Season 2',
        started_at: NOW,
        ended_at: new Date(Date.parse(NOW) + DAY).toISOString(),
        standings_count: 1,
        standings: [{ rank: 1, wom_id: '5', name: 'Echo', siege_score: 15 }],
      });
      // Hidden, departed and deleted members kept their places; no points, no place.
      expect(seasons[1]).toEqual({
        id: first!.id,
        name: 'Season 1',
        started_at: first!.started_at,
        ended_at: NOW,
        standings_count: 4,
        standings: [
          { rank: 1, wom_id: '1', name: 'Alpha', siege_score: 30 },
          { rank: 1, wom_id: '3', name: 'Charlie', siege_score: 30 },
          { rank: 3, wom_id: '2', name: 'Bravo', siege_score: 12 },
          { rank: 4, wom_id: '4', name: 'Delta', siege_score: 5 },
        ],
      });
    });

    it("caps each season's standings at top, and pages the full standings of one season", async () => {
      await reset();
      const [season] = (await past('?top=2')).json<PastSeason[]>();
      expect(season!.standings.map((s) => s.name)).toEqual(['Alpha', 'Charlie']);
      expect(season!.standings_count).toBe(4);

      const first = await standings(season!.id, '?limit=3');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const page = first.json<StandingsPage>();
      expect(page.items.map((s) => [s.rank, s.name])).toEqual([
        [1, 'Alpha'],
        [1, 'Charlie'],
        [3, 'Bravo'],
      ]);
      expect(page.next_cursor).not.toBeNull();
      const second = (
        await standings(season!.id, `?limit=3&cursor=${page.next_cursor}`)
      ).json<StandingsPage>();
      expect(second).toEqual({
        items: [{ rank: 4, wom_id: '4', name: 'Delta', siege_score: 5 }],
        next_cursor: null,
      });
    });

    it('answers 404 for the open season or an unknown one, and 400 for a bad top, limit or cursor', async () => {
      const open = await t.database.db
        .selectFrom('seasons')
        .select('id')
        .where('is_open', '=', true)
        .executeTakeFirstOrThrow();
      const missing = await standings(open.id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No past season has this id' });
      expect((await standings(999)).statusCode).toBe(404);
      for (const query of ['?top=0', '?top=101', '?top=ten']) {
        expect((await past(query)).statusCode, query).toBe(400);
      }
      for (const query of ['?limit=0', '?limit=101', '?cursor=-1', '?cursor=x']) {
        expect((await standings(open.id, query)).statusCode, query).toBe(400);
      }
      expect((await asAdmin({ method: 'GET', url: '/api/admin/seasons/abc/standings' })).statusCode).toBe(
        400,
      );
    });
  });
}
