import type { InjectOptions } from 'fastify';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberChangedMessage, type AdminMember } from '#core/members/admin-members.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import type { NewMemberRow } from '../../db/schema.ts';

const ADDED = '2026-01-01T00:00:00.000Z';
/** The test app's clock. */
const NOW = '2026-11-21T12:00:00.000Z';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'opal',
    wom_role_synced: 'opal',
    current_xp: 1_000_000,
    first_xp: 1_000_000,
    created_at: ADDED,
    updated_at: ADDED,
    ...extra,
  };
}

/** A request with a plain path, so a failing check can name it. */
interface AdminRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
}

const newMember = {
  wom_id: '5001',
  name: 'Fresh Recruit',
  wom_name: 'fresh recruit',
  womrole: 'opal',
  title: null,
  join_date: '2026-11-20',
  current_lvl: 1500,
  current_xp: 2_000_000,
  first_lvl: 1500,
  first_xp: 2_000_000,
  ehb: 12,
  siege_score: 0,
};

for (const dialect of testDialects) {
  describe(`${dialect}: admin members API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const seed = async (...rows: NewMemberRow[]) => {
      // One row at a time: SQLite has no DEFAULT inside a multi-row VALUES list.
      for (const row of rows) await t.database.db.insertInto('members').values(row).execute();
    };
    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const member = (womId: string) =>
      t.database.db.selectFrom('members').selectAll().where('wom_id', '=', womId).executeTakeFirstOrThrow();
    const ledger = (womId: string) =>
      t.database.db
        .selectFrom('points')
        .select(['amount', 'reason', 'season_id', 'actor_user_id'])
        .where('member_wom_id', '=', womId)
        .orderBy('id')
        .execute();
    const audit = async (action: string) =>
      (await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute()).map(
        (row) => ({
          actor_user_id: row.actor_user_id,
          actor_label: row.actor_label,
          target_type: row.target_type,
          target_id: row.target_id,
          before: JSON.parse(row.before ?? 'null') as unknown,
          after: JSON.parse(row.after ?? 'null') as unknown,
        }),
      );
    const openSeasonId = async () =>
      (
        await t.database.db
          .selectFrom('seasons')
          .select('id')
          .where('is_open', '=', true)
          .executeTakeFirstOrThrow()
      ).id;
    const publicIds = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/members' }))
        .json<Array<{ wom_id: string }>>()
        .map((m) => m.wom_id);

    const everyRoute: AdminRequest[] = [
      { method: 'GET', url: '/api/admin/members' },
      { method: 'GET', url: '/api/admin/members/deleted' },
      { method: 'GET', url: '/api/admin/members/export.csv' },
      { method: 'POST', url: '/api/admin/members', payload: newMember },
      { method: 'PATCH', url: '/api/admin/members/1', payload: { name: 'X', expected_updated_at: ADDED } },
      { method: 'DELETE', url: '/api/admin/members/1' },
      { method: 'POST', url: '/api/admin/members/2/restore' },
      { method: 'POST', url: '/api/admin/members/1/points', payload: { amount: 5 } },
      { method: 'POST', url: '/api/admin/members/1/visibility', payload: { hidden: true } },
      { method: 'POST', url: '/api/admin/members/1/rank', payload: { role: 'ruby' } },
      { method: 'POST', url: '/api/admin/members/1/whitelist', payload: { reason: 'fine' } },
    ];

    it('rejects a visitor with 401 and a plain user with 403 on every members route, writing nothing', async () => {
      await seed(memberRow('1', 'Alpha'), memberRow('2', 'Gone', { deleted_at: ADDED }));
      const before = await dumpTables(t.database.db);
      for (const route of everyRoute) {
        const visitor = await t.app.inject(route);
        expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
        const user = await roles.as('user', route);
        expect(user.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(user.headers['cache-control']).toBe('no-store');
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('lists every member not deleted, hidden and departed ones included, in roster order, never cached', async () => {
      await seed(
        memberRow('1', 'Xp Hunter', { current_xp: 50_000_000, first_xp: 1_000_000, womrole: 'emerald' }),
        memberRow('2', 'The Owner', { womrole: 'owner' }),
        memberRow('3', 'Hidden Gem', { hidden: true, womrole: 'opal', current_xp: 90_000_000, first_xp: 0 }),
        memberRow('4', 'Departed', { left_at: ADDED }),
        memberRow('5', 'Deleted', { deleted_at: ADDED }),
        memberRow('6', 'Reported', {
          runewatch_reported: true,
          runewatch_reported_at: ADDED,
          runewatch_case: JSON.stringify({
            accused_rsn: 'Reported',
            published_date: ADDED,
            reason: 'Scamming',
            evidence_rating: 'High',
            quick_find: 'https://example.org/case/1',
            source: 'runewatch',
          }),
        }),
      );
      const response = await asAdmin({ method: 'GET', url: '/api/admin/members' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const members = response.json<AdminMember[]>();
      expect(members.map((m) => m.name)).toEqual([
        'The Owner',
        'Hidden Gem',
        'Xp Hunter',
        'Departed',
        'Reported',
      ]);
      const byName = new Map(members.map((m) => [m.name, m]));
      expect(byName.get('Xp Hunter')).toMatchObject({
        role_mismatch: true,
        calculated_rank: 'diamond',
        hidden: false,
      });
      // Hidden members never mismatch, even with XP far beyond their rank.
      expect(byName.get('Hidden Gem')).toMatchObject({ hidden: true, role_mismatch: false });
      expect(byName.get('Departed')).toMatchObject({ left_at: ADDED, deleted_at: null });
      expect(byName.get('Reported')).toMatchObject({
        runewatch_reported: true,
        runewatch_case: expect.objectContaining({
          reason: 'Scamming',
          quick_find: 'https://example.org/case/1',
        }),
        runewatch_whitelisted: false,
      });
    });

    it('adds a member with a starting score booked in the ledger, audited, and shows them publicly at once', async () => {
      expect(await publicIds()).toEqual([]);
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/members',
        payload: { ...newMember, womrole: 'Deputy Owner', siege_score: 7.9, wom_id: ' 5001 ' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        wom_id: '5001',
        name: 'Fresh Recruit',
        womrole: 'deputy_owner',
        siege_score: 7,
        created_at: NOW,
        updated_at: NOW,
        hidden: false,
        wom_role_synced: null,
      });
      expect(await ledger('5001')).toEqual([
        {
          amount: 7,
          reason: 'Starting score set by admin',
          season_id: await openSeasonId(),
          actor_user_id: roles.adminId,
        },
      ]);
      expect(await audit('member.create')).toEqual([
        {
          actor_user_id: roles.adminId,
          actor_label: 'boss',
          target_type: 'member',
          target_id: '5001',
          before: null,
          after: expect.objectContaining({ wom_id: '5001', name: 'Fresh Recruit', siege_score: 7 }),
        },
      ]);
      expect(await publicIds()).toEqual(['5001']);
    });

    it('books no ledger row for a new member who starts at 0', async () => {
      const response = await asAdmin({ method: 'POST', url: '/api/admin/members', payload: newMember });
      expect(response.statusCode).toBe(201);
      expect(await ledger('5001')).toEqual([]);
    });

    it('refuses a WOM id that is taken, pointing to restore when that member was deleted', async () => {
      await seed(memberRow('5001', 'Taken'), memberRow('5002', 'Deleted', { deleted_at: ADDED }));
      const before = await dumpTables(t.database.db);
      const taken = await asAdmin({ method: 'POST', url: '/api/admin/members', payload: newMember });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 'CONFLICT', message: 'A member with WOM ID 5001 already exists' });
      const deleted = await asAdmin({
        method: 'POST',
        url: '/api/admin/members',
        payload: { ...newMember, wom_id: '5002' },
      });
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toMatch(/^A member with WOM ID 5002 already exists.*restore/);
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it("refuses a new member without a name or WOM id with the form's messages", async () => {
      const noName = await asAdmin({
        method: 'POST',
        url: '/api/admin/members',
        payload: { ...newMember, name: ' ' },
      });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toContain('Name is required');
      const { wom_id: _omitted, ...withoutId } = newMember;
      const noId = await asAdmin({ method: 'POST', url: '/api/admin/members', payload: withoutId });
      expect(noId.statusCode).toBe(400);
      expect(noId.json().message).toContain('Member ID (WOM ID) is required for updates');
    });

    it('saves only the fields sent, books a score change as the difference, and audits before and after', async () => {
      await seed(memberRow('1', 'Alpha', { siege_score: 10, title: 'Old', ehb: 40 }));
      const response = await asAdmin({
        method: 'PATCH',
        url: '/api/admin/members/1',
        payload: { title: 'New', siege_score: 4, name: 'Alpha', expected_updated_at: ADDED },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Alpha',
        title: 'New',
        siege_score: 4,
        ehb: 40,
        updated_at: NOW,
      });
      expect(await member('1')).toMatchObject({ title: 'New', siege_score: 4, ehb: 40, updated_at: NOW });
      expect(await ledger('1')).toEqual([
        {
          amount: -6,
          reason: 'Adjusted by admin',
          season_id: await openSeasonId(),
          actor_user_id: roles.adminId,
        },
      ]);
      expect(await audit('member.update')).toEqual([
        expect.objectContaining({
          target_id: '1',
          before: { title: 'Old', siege_score: 10 },
          after: { title: 'New', siege_score: 4 },
        }),
      ]);
    });

    it('refuses a save of a member changed since the form loaded, with the conflict message, writing nothing', async () => {
      await seed(memberRow('1', 'Alpha', { updated_at: '2026-11-20T08:00:00.000Z' }));
      const before = await dumpTables(t.database.db);
      const response = await asAdmin({
        method: 'PATCH',
        url: '/api/admin/members/1',
        payload: { title: 'Mine', expected_updated_at: ADDED },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: memberChangedMessage('Alpha') });
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('gives one of two simultaneous saves of the same version a 200 and the other a 409', async () => {
      await seed(memberRow('1', 'Alpha'));
      const save = (title: string) =>
        asAdmin({
          method: 'PATCH',
          url: '/api/admin/members/1',
          payload: { title, expected_updated_at: ADDED },
        });
      const responses = await Promise.all([save('First'), save('Second')]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = responses.find((r) => r.statusCode === 200)!.json<AdminMember>();
      expect((await member('1')).title).toBe(winner.title);
      expect(await audit('member.update')).toHaveLength(1);
    });

    it('answers a save that changes nothing with 400 No changes were made', async () => {
      await seed(memberRow('1', 'Alpha', { title: 'Same' }));
      for (const payload of [
        { expected_updated_at: ADDED },
        { title: 'Same', name: 'Alpha', expected_updated_at: ADDED },
      ]) {
        const response = await asAdmin({ method: 'PATCH', url: '/api/admin/members/1', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 'NO_CHANGES', message: 'No changes were made' });
      }
      expect(await audit('member.update')).toEqual([]);
    });

    it('answers 404 for actions on an unknown or deleted member', async () => {
      await seed(memberRow('2', 'Gone', { deleted_at: ADDED }));
      for (const womId of ['1', '2']) {
        const requests: AdminRequest[] = [
          {
            method: 'PATCH',
            url: `/api/admin/members/${womId}`,
            payload: { title: 'x', expected_updated_at: ADDED },
          },
          { method: 'DELETE', url: `/api/admin/members/${womId}` },
          { method: 'POST', url: `/api/admin/members/${womId}/points`, payload: { amount: 2 } },
          { method: 'POST', url: `/api/admin/members/${womId}/visibility`, payload: { hidden: true } },
          { method: 'POST', url: `/api/admin/members/${womId}/rank`, payload: { role: 'ruby' } },
          { method: 'POST', url: `/api/admin/members/${womId}/whitelist`, payload: { reason: null } },
        ];
        for (const request of requests) {
          const response = await asAdmin(request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
          expect(response.json().code).toBe('NOT_FOUND');
        }
      }
      expect((await asAdmin({ method: 'POST', url: '/api/admin/members/1/restore' })).statusCode).toBe(404);
    });

    it('adds points as a ledger row in the open season, audited, and the public roster shows the score at once', async () => {
      await seed(memberRow('1', 'Alpha', { siege_score: 3 }));
      await t.app.inject({ method: 'GET', url: '/api/members' });
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/points',
        payload: { amount: 5 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ wom_id: '1', siege_score: 8, score: 8, updated_at: NOW });
      expect(await ledger('1')).toEqual([
        {
          amount: 5,
          reason: 'Added by admin',
          season_id: await openSeasonId(),
          actor_user_id: roles.adminId,
        },
      ]);
      expect(await audit('member.points')).toEqual([
        expect.objectContaining({
          target_id: '1',
          before: { siege_score: 3 },
          after: { siege_score: 8, amount: 5 },
        }),
      ]);
      const roster = (await t.app.inject({ method: 'GET', url: '/api/members' })).json();
      expect(roster).toEqual([expect.objectContaining({ wom_id: '1', siege_score: 8 })]);
    });

    it('gives exactly +40 and 20 ledger rows for 20 simultaneous +2 Points on one member', async () => {
      await seed(memberRow('1', 'Alpha', { siege_score: 1 }));
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          asAdmin({ method: 'POST', url: '/api/admin/members/1/points', payload: { amount: 2 } }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect((await member('1')).siege_score).toBe(41);
      const rows = await ledger('1');
      expect(rows).toHaveLength(20);
      expect(rows.every((row) => row.amount === 2)).toBe(true);
      expect(await audit('member.points')).toHaveLength(20);
    });

    it('refuses an amount other than 2, 5, 10 or 15', async () => {
      await seed(memberRow('1', 'Alpha'));
      for (const amount of [3, -2, 0, 2.5, 100]) {
        const response = await asAdmin({
          method: 'POST',
          url: '/api/admin/members/1/points',
          payload: { amount },
        });
        expect(response.statusCode, String(amount)).toBe(400);
      }
      expect(await ledger('1')).toEqual([]);
    });

    it('hides and unhides a member: gone from the public roster at once, still in the admin list', async () => {
      await seed(memberRow('1', 'Alpha'));
      expect(await publicIds()).toEqual(['1']);
      const hidden = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/visibility',
        payload: { hidden: true },
      });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({ hidden: true, updated_at: NOW });
      expect(await publicIds()).toEqual([]);
      const list = (await asAdmin({ method: 'GET', url: '/api/admin/members' })).json<AdminMember[]>();
      expect(list.map((m) => [m.wom_id, m.hidden])).toEqual([['1', true]]);

      const shown = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/visibility',
        payload: { hidden: false },
      });
      expect(shown.json()).toMatchObject({ hidden: false });
      expect(await publicIds()).toEqual(['1']);
      expect((await audit('member.visibility')).map((row) => [row.before, row.after])).toEqual([
        [{ hidden: false }, { hidden: true }],
        [{ hidden: true }, { hidden: false }],
      ]);
    });

    it('writes nothing when a member already is as asked', async () => {
      await seed(memberRow('1', 'Alpha', { hidden: true, womrole: 'ruby' }));
      const before = await dumpTables(t.database.db);
      expect(
        (
          await asAdmin({ method: 'POST', url: '/api/admin/members/1/visibility', payload: { hidden: true } })
        ).json(),
      ).toMatchObject({ hidden: true, updated_at: ADDED });
      expect(
        (
          await asAdmin({ method: 'POST', url: '/api/admin/members/1/rank', payload: { role: 'Ruby' } })
        ).json(),
      ).toMatchObject({ womrole: 'ruby', updated_at: ADDED });
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it("updates the site's rank only, leaving WOM's role as last synced, which clears the mismatch", async () => {
      await seed(memberRow('1', 'Climber', { womrole: 'opal', current_xp: 9_000_000, first_xp: 0 }));
      const before = (await asAdmin({ method: 'GET', url: '/api/admin/members' })).json<AdminMember[]>();
      expect(before[0]).toMatchObject({ role_mismatch: true, calculated_rank: 'emerald' });
      const response = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/rank',
        payload: { role: 'emerald' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        womrole: 'emerald',
        wom_role_synced: 'opal',
        role_mismatch: false,
      });
      expect(await member('1')).toMatchObject({ womrole: 'emerald', wom_role_synced: 'opal' });
      expect(await audit('member.rank')).toEqual([
        expect.objectContaining({ before: { womrole: 'opal' }, after: { womrole: 'emerald' } }),
      ]);
    });

    it('whitelists a reported member with the reason, the admin and the time, or the default reason', async () => {
      await seed(
        memberRow('1', 'Reported', { runewatch_reported: true }),
        memberRow('2', 'Also Reported', { runewatch_reported: true }),
      );
      const given = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/1/whitelist',
        payload: { reason: ' Known to us ' },
      });
      expect(given.statusCode).toBe(200);
      expect(given.json()).toMatchObject({
        runewatch_whitelisted: true,
        runewatch_whitelist_reason: 'Known to us',
        runewatch_whitelisted_at: NOW,
      });
      expect(await member('1')).toMatchObject({ runewatch_whitelisted_by: roles.adminId });
      const fallback = await asAdmin({
        method: 'POST',
        url: '/api/admin/members/2/whitelist',
        payload: { reason: '' },
      });
      expect(fallback.json()).toMatchObject({ runewatch_whitelist_reason: 'Manually whitelisted by admin' });
      expect(await audit('member.whitelist')).toHaveLength(2);
    });

    it('soft-deletes a member, lists them as deleted (latest first) and restores them with their points', async () => {
      await seed(
        memberRow('1', 'Alpha', { siege_score: 12 }),
        memberRow('2', 'Bravo', { deleted_at: '2026-03-01T00:00:00.000Z' }),
      );
      const deleted = await asAdmin({ method: 'DELETE', url: '/api/admin/members/1' });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(await publicIds()).toEqual([]);
      expect((await asAdmin({ method: 'GET', url: '/api/admin/members' })).json()).toEqual([]);
      const list = (await asAdmin({ method: 'GET', url: '/api/admin/members/deleted' })).json<
        AdminMember[]
      >();
      expect(list.map((m) => [m.wom_id, m.deleted_at])).toEqual([
        ['1', NOW],
        ['2', '2026-03-01T00:00:00.000Z'],
      ]);

      const restored = await asAdmin({ method: 'POST', url: '/api/admin/members/1/restore' });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ wom_id: '1', deleted_at: null, siege_score: 12 });
      expect(await publicIds()).toEqual(['1']);
      expect((await asAdmin({ method: 'POST', url: '/api/admin/members/1/restore' })).statusCode).toBe(404);
      expect((await audit('member.delete')).map((row) => row.after)).toEqual([{ deleted_at: NOW }]);
      expect((await audit('member.restore')).map((row) => row.after)).toEqual([{ deleted_at: null }]);
    });

    it('exports every member not deleted, hidden ones included, as an escaped CSV named for the day', async () => {
      await seed(
        memberRow('1', 'Alpha', { siege_score: 9, title: 'Chief', created_at: '2024-02-03T04:05:06.000Z' }),
        memberRow('2', '=HYPERLINK("http://evil.example","x")', { hidden: true }),
        memberRow('3', 'Deleted', { deleted_at: ADDED }),
      );
      const response = await asAdmin({ method: 'GET', url: '/api/admin/members/export.csv' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="siege-members-2026-11-21.csv"',
      );
      expect(response.headers['x-member-count']).toBe('2');
      expect(response.headers['cache-control']).toBe('no-store');
      const rows = Papa.parse<string[]>(response.body).data;
      expect(rows[0]).toEqual([
        'Name',
        'WOM ID',
        'WOM Name',
        'Title',
        'WOM Role',
        'Current Level',
        'Current XP',
        'Initial Level',
        'Initial XP',
        'EHB',
        'Siege Score',
        'Join Date',
        'Updated At',
      ]);
      expect(rows.slice(1)).toEqual(
        expect.arrayContaining([
          [
            'Alpha',
            '1',
            'Alpha',
            'Chief',
            'opal',
            '0',
            '1000000',
            '0',
            '1000000',
            '0',
            '9',
            '2024-02-03',
            '2026-01-01',
          ],
          expect.arrayContaining([`'=HYPERLINK("http://evil.example","x")`, '2']),
        ]),
      );
      expect(rows).toHaveLength(3);
    });
  });
}
