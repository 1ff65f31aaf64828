import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { PointsHistory } from '#core/members/points-history.ts';
import { UNWHITELIST_REASON_REQUIRED } from '#core/members/unwhitelist.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const ADDED = '2026-01-01T00:00:00.000Z';
const WHITELISTED_AT = '2026-02-01T00:00:00.000Z';
/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';
const MINUTE = 60_000;

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return { wom_id: womId, name, created_at: ADDED, updated_at: ADDED, ...extra };
}

const whitelisted = {
  runewatch_reported: true,
  runewatch_whitelisted: true,
  runewatch_whitelist_reason: 'Known to us',
  runewatch_whitelisted_at: WHITELISTED_AT,
};

for (const dialect of testDialects) {
  describe(`${dialect}: un-whitelisting and points history`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      for (const row of [
        memberRow('1', 'Reported', { ...whitelisted, runewatch_whitelisted_by: roles.adminId }),
        memberRow('2', 'Cleared', { ...whitelisted, runewatch_reported: false }),
        memberRow('3', 'Plain'),
        memberRow('4', 'Gone', { ...whitelisted, deleted_at: ADDED }),
      ]) {
        await t.database.db.insertInto('members').values(row).execute();
      }
    });
    afterEach(async () => t.close());

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const unwhitelist = (womId: string, payload: unknown) =>
      asAdmin({ method: 'POST', url: `/api/admin/members/${womId}/unwhitelist`, payload: payload as object });
    const history = (womId: string, query = '') =>
      asAdmin({ method: 'GET', url: `/api/admin/members/${womId}/points${query}` });
    const alertIds = async () =>
      (await asAdmin({ method: 'GET', url: '/api/admin/members' }))
        .json<AdminMember[]>()
        .filter((m) => m.runewatch_reported && !m.runewatch_whitelisted)
        .map((m) => m.wom_id);
    const audit = async (action: string) =>
      (await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute()).map(
        (row) => ({
          actor_user_id: row.actor_user_id,
          target_id: row.target_id,
          before: JSON.parse(row.before ?? 'null') as unknown,
          after: JSON.parse(row.after ?? 'null') as unknown,
        }),
      );

    it('rejects a visitor with 401 and a plain user with 403, changing nothing', async () => {
      const before = await dumpTables(t.database.db);
      const requests: InjectOptions[] = [
        { method: 'POST', url: '/api/admin/members/1/unwhitelist', payload: { reason: 'Evidence came in' } },
        { method: 'GET', url: '/api/admin/members/1/points' },
      ];
      for (const request of requests) {
        expect((await t.app.inject(request)).statusCode).toBe(401);
        expect((await roles.as('user', request)).statusCode).toBe(403);
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('takes a reported member off the whitelist with a reason, audits it, and shows them as an alert again', async () => {
      expect(await alertIds()).toEqual([]);
      const response = await unwhitelist('1', { reason: '  New evidence on the case  ' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({
        wom_id: '1',
        runewatch_reported: true,
        runewatch_whitelisted: false,
        runewatch_whitelist_reason: null,
        runewatch_whitelisted_at: null,
        updated_at: NOW,
      });
      const stored = await t.database.db
        .selectFrom('members')
        .select('runewatch_whitelisted_by')
        .where('wom_id', '=', '1')
        .executeTakeFirstOrThrow();
      expect(stored.runewatch_whitelisted_by).toBeNull();
      expect(await alertIds()).toEqual(['1']);
      expect(await audit('member.unwhitelist')).toEqual([
        {
          actor_user_id: roles.adminId,
          target_id: '1',
          before: {
            runewatch_whitelisted: true,
            runewatch_whitelist_reason: 'Known to us',
            runewatch_whitelisted_at: WHITELISTED_AT,
          },
          after: {
            runewatch_whitelisted: false,
            runewatch_whitelist_reason: null,
            runewatch_whitelisted_at: null,
            unwhitelist_reason: 'New evidence on the case',
          },
        },
      ]);
    });

    it('takes a member who is no longer reported off the whitelist without making them an alert', async () => {
      expect((await unwhitelist('2', { reason: 'Tidying the list' })).statusCode).toBe(200);
      expect(await alertIds()).toEqual([]);
    });

    it('refuses an empty or missing reason with 400 and writes nothing', async () => {
      const before = await dumpTables(t.database.db);
      for (const payload of [{ reason: '' }, { reason: '   ' }, {}, { reason: null }]) {
        const response = await unwhitelist('1', payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(UNWHITELIST_REASON_REQUIRED);
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('refuses a member who is not whitelisted with 409 and an unknown or deleted one with 404', async () => {
      const before = await dumpTables(t.database.db);
      const plain = await unwhitelist('3', { reason: 'Just in case' });
      expect(plain.statusCode).toBe(409);
      expect(plain.json()).toEqual({ code: 'CONFLICT', message: 'Plain is not whitelisted' });
      expect((await unwhitelist('99', { reason: 'Who?' })).statusCode).toBe(404);
      expect((await unwhitelist('4', { reason: 'Deleted' })).statusCode).toBe(404);
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it("lists the open season's ledger newest first, with the event or the admin behind each row", async () => {
      await asAdmin({ method: 'POST', url: '/api/admin/members/3/points', payload: { amount: 5 } });
      t.clock.advance(MINUTE);
      await asAdmin({ method: 'POST', url: '/api/admin/members/3/points', payload: { amount: 15 } });
      const season = await t.database.db
        .selectFrom('seasons')
        .select(['id', 'name'])
        .where('is_open', '=', true)
        .executeTakeFirstOrThrow();
      const event = await t.database.db
        .insertInto('events')
        .values({ name: 'Bingo night', created_at: ADDED, updated_at: ADDED })
        .returning('id')
        .executeTakeFirstOrThrow();
      const eventAt = new Date(Date.parse(NOW) + 2 * MINUTE).toISOString();
      await t.database.db
        .insertInto('points')
        .values({
          member_wom_id: '3',
          season_id: season.id,
          amount: 10,
          reason: 'Bingo night: 2nd place',
          event_id: event.id,
          actor_user_id: null,
          created_at: eventAt,
        })
        .execute();
      // Another member's points are not this member's history.
      await asAdmin({ method: 'POST', url: '/api/admin/members/1/points', payload: { amount: 10 } });

      const response = await history('3');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        items: [
          {
            id: expect.any(Number),
            amount: 10,
            reason: 'Bingo night: 2nd place',
            event: { id: event.id, name: 'Bingo night' },
            actor: null,
            created_at: eventAt,
            kind: null,
            reverses_id: null,
            undone_at: null,
            undoable: false,
          },
          {
            id: expect.any(Number),
            amount: 15,
            reason: 'Added by admin',
            event: null,
            actor: { id: roles.adminId, username: 'boss' },
            created_at: new Date(Date.parse(NOW) + MINUTE).toISOString(),
            kind: 'award',
            reverses_id: null,
            undone_at: null,
            undoable: true,
          },
          {
            id: expect.any(Number),
            amount: 5,
            reason: 'Added by admin',
            event: null,
            actor: { id: roles.adminId, username: 'boss' },
            created_at: NOW,
            kind: 'award',
            reverses_id: null,
            undone_at: null,
            undoable: true,
          },
        ],
        next_cursor: null,
        season: { id: season.id, name: season.name },
      });
    });

    it('pages the history with limit and the cursor it gave, and refuses a bad limit or cursor', async () => {
      for (let i = 0; i < 5; i += 1) {
        await asAdmin({ method: 'POST', url: '/api/admin/members/3/points', payload: { amount: 2 } });
      }
      const ids: number[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const page: PointsHistory = (
          await history('3', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        ).json<PointsHistory>();
        expect(page.items.length).toBeLessThanOrEqual(2);
        ids.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor;
        pages += 1;
      }
      // Booked in one instant, so the id alone orders them: newest first, each once.
      expect(pages).toBe(3);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(5);

      expect((await history('3', '?limit=0')).statusCode).toBe(400);
      expect((await history('3', '?limit=101')).statusCode).toBe(400);
      expect((await history('3', '?cursor=not-ours')).statusCode).toBe(400);
    });

    it("shows none of a closed season's points, a deleted member's own history, and 404 for no member", async () => {
      await asAdmin({ method: 'POST', url: '/api/admin/members/3/points', payload: { amount: 5 } });
      await asAdmin({
        method: 'POST',
        url: '/api/admin/siege-scores/reset',
        payload: { confirmation: 'RESET ALL SCORES' },
      });
      const afterReset = (await history('3')).json<PointsHistory>();
      expect(afterReset.items).toEqual([]);
      expect(afterReset.season.name).toBe('Season 2');

      expect((await history('4')).statusCode).toBe(200);
      const missing = await history('99');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Member not found' });
    });
  });
}
