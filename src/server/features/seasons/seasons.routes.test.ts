import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESET_CONFIRMATION, RESET_MISMATCH_MESSAGE } from '#core/seasons/season.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const ADDED = '2026-01-01T00:00:00.000Z';
/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';

function memberRow(womId: string, name: string, siegeScore: number, extra: Partial<NewMemberRow> = {}) {
  return { wom_id: womId, name, siege_score: siegeScore, created_at: ADDED, updated_at: ADDED, ...extra };
}

for (const dialect of testDialects) {
  describe(`${dialect}: yearly reset and seasons API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      for (const row of [
        memberRow('1', 'Alpha', 30),
        memberRow('2', 'Bravo', 12, { hidden: true }),
        memberRow('3', 'Charlie', 7, { left_at: ADDED }),
        memberRow('4', 'Delta', 5, { deleted_at: ADDED }),
        memberRow('5', 'Echo', 0),
      ]) {
        await t.database.db.insertInto('members').values(row).execute();
      }
    });
    afterEach(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const reset = (confirmation: unknown) =>
      asAdmin({ method: 'POST', url: '/api/admin/siege-scores/reset', payload: { confirmation } });
    const scores = async () =>
      Object.fromEntries(
        (await t.database.db.selectFrom('members').select(['wom_id', 'siege_score']).execute()).map((m) => [
          m.wom_id,
          m.siege_score,
        ]),
      );

    it('rejects a visitor with 401 and a plain user with 403 when they reset scores or list seasons', async () => {
      const before = await dumpTables(t.database.db);
      const requests: InjectOptions[] = [
        {
          method: 'POST',
          url: '/api/admin/siege-scores/reset',
          payload: { confirmation: RESET_CONFIRMATION },
        },
        { method: 'GET', url: '/api/admin/seasons' },
      ];
      for (const request of requests) {
        expect((await t.app.inject(request)).statusCode).toBe(401);
        expect((await roles.as('user', request)).statusCode).toBe(403);
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('changes nothing and says so when the phrase is not exactly RESET ALL SCORES', async () => {
      const before = await dumpTables(t.database.db);
      for (const phrase of ['reset all scores', 'RESET ALL SCORES ', 'RESET', '']) {
        const response = await reset(phrase);
        expect(response.statusCode, JSON.stringify(phrase)).toBe(400);
        expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: RESET_MISMATCH_MESSAGE });
        expect(response.headers['cache-control']).toBe('no-store');
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('archives every score, hidden, departed and deleted members included, zeroes them all and opens the next season', async () => {
      const [open] = await t.database.db.selectFrom('seasons').selectAll().execute();
      const response = await reset(RESET_CONFIRMATION);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        closed: {
          id: open!.id,
          name: 'Season 1',
          is_open: false,
          started_at: open!.started_at,
          ended_at: NOW,
        },
        opened: { id: expect.any(Number), name: 'Season 2', is_open: true, started_at: NOW, ended_at: null },
        members_reset: 5,
      });
      expect(await scores()).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });
      const members = await t.database.db.selectFrom('members').select('updated_at').execute();
      expect(members.every((m) => m.updated_at === NOW)).toBe(true);
      const closedBy = await t.database.db
        .selectFrom('seasons')
        .select('closed_by')
        .where('id', '=', open!.id)
        .executeTakeFirstOrThrow();
      expect(closedBy.closed_by).toBe(roles.adminId);

      const seasons = await asAdmin({ method: 'GET', url: '/api/admin/seasons' });
      expect(seasons.statusCode).toBe(200);
      expect(seasons.json()).toEqual([
        expect.objectContaining({ name: 'Season 2', is_open: true, scores: [] }),
        expect.objectContaining({
          name: 'Season 1',
          is_open: false,
          scores: [
            { wom_id: '1', name: 'Alpha', siege_score: 30 },
            { wom_id: '2', name: 'Bravo', siege_score: 12 },
            { wom_id: '3', name: 'Charlie', siege_score: 7 },
            { wom_id: '4', name: 'Delta', siege_score: 5 },
            { wom_id: '5', name: 'Echo', siege_score: 0 },
          ],
        }),
      ]);

      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'season.reset')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_user_id: roles.adminId,
        target_type: 'season',
        target_id: String(open!.id),
      });
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ members_reset: 5, opened: { name: 'Season 2' } });
    });

    it('shows every score as 0 on the public roster at once', async () => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/members' })).json();
      expect(before.map((m: { siege_score: number }) => m.siege_score)).toEqual([30, 0]);
      expect((await reset(RESET_CONFIRMATION)).statusCode).toBe(200);
      const after = (await t.app.inject({ method: 'GET', url: '/api/members' })).json();
      expect(after.map((m: { siege_score: number }) => m.siege_score)).toEqual([0, 0]);
    });

    it('books points given after a reset to the new season', async () => {
      const opened = (await reset(RESET_CONFIRMATION)).json<{ opened: { id: number } }>().opened;
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/points',
        payload: { amount: 10 },
      });
      expect(response.json()).toMatchObject({ siege_score: 10 });
      const ledger = await t.database.db.selectFrom('points').select(['season_id', 'amount']).execute();
      expect(ledger).toEqual([{ season_id: opened.id, amount: 10 }]);
    });

    it('keeps each closed season apart over several resets, newest first', async () => {
      expect((await reset(RESET_CONFIRMATION)).statusCode).toBe(200);
      await asAdmin({ method: 'POST', url: '/api/admin/members/5/points', payload: { amount: 15 } });
      t.clock.advance(24 * 60 * 60 * 1000);
      const second = await reset(RESET_CONFIRMATION);
      expect(second.json()).toMatchObject({ closed: { name: 'Season 2' }, opened: { name: 'Season 3' } });
      const seasons = (await asAdmin({ method: 'GET', url: '/api/admin/seasons' })).json<
        Array<{ name: string; scores: Array<{ wom_id: string; siege_score: number }> }>
      >();
      expect(seasons.map((s) => s.name)).toEqual(['Season 3', 'Season 2', 'Season 1']);
      expect(seasons[1]!.scores[0]).toEqual({ wom_id: '5', name: 'Echo', siege_score: 15 });
      expect(seasons[1]!.scores.slice(1).every((score) => score.siege_score === 0)).toBe(true);
      expect(seasons[2]!.scores.map((score) => score.siege_score)).toEqual([30, 12, 7, 5, 0]);
    });

    it('archives a +2 given at the same moment as the reset in the season that counts it', async () => {
      const [points, resetResponse] = await Promise.all([
        asAdmin({ method: 'POST', url: '/api/admin/members/1/points', payload: { amount: 2 } }),
        reset(RESET_CONFIRMATION),
      ]);
      expect(points.statusCode).toBe(200);
      expect(resetResponse.statusCode).toBe(200);
      const { closed, opened } = resetResponse.json<{ closed: { id: number }; opened: { id: number } }>();
      const [ledgerRow] = await t.database.db.selectFrom('points').select('season_id').execute();
      const archived = await t.database.db
        .selectFrom('season_scores')
        .select('siege_score')
        .where('member_wom_id', '=', '1')
        .executeTakeFirstOrThrow();
      const score = (await scores())['1'];
      // Either the +2 came first (archived with the old season) or after (the new season's first points).
      if (ledgerRow!.season_id === closed.id) expect([archived.siege_score, score]).toEqual([32, 0]);
      else expect([ledgerRow!.season_id, archived.siege_score, score]).toEqual([opened.id, 30, 2]);
    });
  });
}
