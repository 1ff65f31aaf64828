import type { InjectOptions } from 'fastify';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAYS_MESSAGE, awayInPastMessage, type InactivityList } from '#core/members/inactivity.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import type { NewMemberRow } from '../../db/schema.ts';
import { readJson } from '../../db/values.ts';
import { recordSnapshotPoint } from '../member-history/member-history.repository.ts';

/** The test app's clock: 2026-11-21T12:00:00Z. */
const TODAY = '2026-11-21';
const ADDED = '2025-01-01T00:00:00.000Z';

function memberRow(womId: string, name: string, extra: Partial<NewMemberRow> = {}): NewMemberRow {
  return {
    wom_id: womId,
    name,
    wom_name: name,
    womrole: 'opal',
    wom_role_synced: 'opal',
    created_at: ADDED,
    updated_at: ADDED,
    ...extra,
  };
}

for (const dialect of testDialects) {
  describe(`${dialect}: admin inactivity API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const seed = async (...rows: NewMemberRow[]) => {
      for (const row of rows) await t.database.db.insertInto('members').values(row).execute();
    };
    const snapshot = (womId: string, day: string, exp: number, ehb = 0) =>
      recordSnapshotPoint(t.database.db, womId, {
        day,
        snapshot_at: `${day}T06:00:00.000Z`,
        exp,
        ehb,
        ehp: 0,
      });
    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const list = async (query = '') => {
      const response = await asAdmin({ method: 'GET', url: `/api/admin/inactivity${query}` });
      expect(response.statusCode).toBe(200);
      return response.json<InactivityList>();
    };
    const awayAudit = async () =>
      (
        await t.database.db
          .selectFrom('audit_log')
          .select(['actor_user_id', 'target_id', 'before', 'after'])
          .where('action', '=', 'member.away')
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, before: readJson(row.before), after: readJson(row.after) }));

    it('lists members by the later of lastChangedAt and the stored gains, longest inactive first', async () => {
      await seed(
        memberRow('1', 'WomSaysActive', { wom_last_changed_at: '2026-11-19T08:00:00.000Z' }),
        memberRow('2', 'SnapshotsSayActive', { wom_last_changed_at: '2026-01-01T08:00:00.000Z' }),
        memberRow('3', 'Idle', { wom_last_changed_at: '2026-09-01T08:00:00.000Z' }),
        memberRow('4', 'FlatSnapshots', { wom_last_changed_at: null }),
        memberRow('5', 'NeverSeen', { join_date: '2026-08-01' }),
      );
      await snapshot('2', '2026-11-10', 100);
      await snapshot('2', '2026-11-15', 150);
      // EHB gains count as well as XP.
      await snapshot('3', '2026-09-10', 100, 1);
      await snapshot('3', '2026-09-20', 100, 2);
      // Days without a gain are not activity, nor is a member's first stored day.
      await snapshot('4', '2026-10-01', 500, 3);
      await snapshot('4', '2026-11-20', 500, 3);

      const body = await list('?days=30');
      expect(body).toMatchObject({ days: 30, today: TODAY, total: 3, offset: 0, limit: 100, away: [] });
      expect(body.members).toEqual([
        {
          wom_id: '4',
          name: 'FlatSnapshots',
          womrole: 'opal',
          hidden: false,
          last_active: null,
          days_inactive: 689,
          away_until: null,
        },
        expect.objectContaining({ name: 'NeverSeen', last_active: null, days_inactive: 112 }),
        expect.objectContaining({ name: 'Idle', last_active: '2026-09-20', days_inactive: 62 }),
      ]);
    });

    it('leaves out members who left or were deleted, and newcomers; lists hidden ones', async () => {
      const idle = { wom_last_changed_at: '2026-01-01T00:00:00.000Z' };
      await seed(
        memberRow('1', 'Left', { ...idle, left_at: '2026-11-01T00:00:00.000Z' }),
        memberRow('2', 'Deleted', { ...idle, deleted_at: '2026-11-01T00:00:00.000Z' }),
        memberRow('3', 'Newcomer', { ...idle, join_date: '2026-11-10' }),
        memberRow('4', 'Hidden', { ...idle, hidden: true }),
      );
      const body = await list();
      expect(body.members.map((m) => [m.name, m.hidden])).toEqual([['Hidden', true]]);
    });

    it('pages the list and caps a page', async () => {
      for (let i = 1; i <= 5; i += 1) {
        await seed(memberRow(String(i), `M${i}`, { wom_last_changed_at: `2026-0${i}-01T00:00:00.000Z` }));
      }
      const page = await list('?days=30&limit=2&offset=2');
      expect(page.total).toBe(5);
      expect(page.members.map((m) => m.name)).toEqual(['M3', 'M4']);
      const tooMany = await asAdmin({ method: 'GET', url: '/api/admin/inactivity?limit=501' });
      expect(tooMany.statusCode).toBe(400);
    });

    it.each(['0', '366', 'thirty', '2.5'])('refuses days=%s with a clear 400', async (days) => {
      for (const path of ['/api/admin/inactivity', '/api/admin/inactivity/export.csv']) {
        const response = await asAdmin({ method: 'GET', url: `${path}?days=${days}` });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(DAYS_MESSAGE);
      }
    });

    it('sets an away date, which takes the member off the list until it has passed, audited', async () => {
      await seed(memberRow('7', 'Traveller', { wom_last_changed_at: '2026-01-01T00:00:00.000Z' }));
      const set = await asAdmin({
        method: 'PUT',
        url: '/api/admin/members/7/away',
        payload: { away_until: TODAY },
      });
      expect(set.statusCode).toBe(200);
      expect(set.headers['cache-control']).toBe('no-store');
      expect(set.json()).toEqual({ wom_id: '7', away_until: TODAY });

      const whileAway = await list();
      expect(whileAway.members).toEqual([]);
      expect(whileAway.away).toEqual([
        { wom_id: '7', name: 'Traveller', womrole: 'opal', hidden: false, away_until: TODAY },
      ]);

      t.clock.advance(86_400_000);
      const back = await list();
      expect(back.members.map((m) => [m.name, m.away_until])).toEqual([['Traveller', TODAY]]);
      expect(back.away).toEqual([]);

      const cleared = await asAdmin({
        method: 'PUT',
        url: '/api/admin/members/7/away',
        payload: { away_until: null },
      });
      expect(cleared.json()).toEqual({ wom_id: '7', away_until: null });
      expect(await awayAudit()).toEqual([
        {
          actor_user_id: roles.adminId,
          target_id: '7',
          before: { away_until: null },
          after: { away_until: TODAY },
        },
        {
          actor_user_id: roles.adminId,
          target_id: '7',
          before: { away_until: TODAY },
          after: { away_until: null },
        },
      ]);

      // Clearing again changes nothing, so nothing more is audited.
      await asAdmin({ method: 'PUT', url: '/api/admin/members/7/away', payload: { away_until: null } });
      expect(await awayAudit()).toHaveLength(2);
    });

    it('refuses a past date with a clear 400 and writes nothing', async () => {
      await seed(memberRow('7', 'Traveller'));
      const response = await asAdmin({
        method: 'PUT',
        url: '/api/admin/members/7/away',
        payload: { away_until: '2026-11-20' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: awayInPastMessage(TODAY) });
      const row = await t.database.db
        .selectFrom('members')
        .select('away_until')
        .where('wom_id', '=', '7')
        .executeTakeFirstOrThrow();
      expect(row.away_until).toBeNull();
      expect(await awayAudit()).toEqual([]);
    });

    it('refuses a malformed date, and answers 404 for an unknown or deleted member', async () => {
      await seed(memberRow('8', 'Gone', { deleted_at: '2026-11-01T00:00:00.000Z' }));
      const malformed = await asAdmin({
        method: 'PUT',
        url: '/api/admin/members/8/away',
        payload: { away_until: '21/12/2026' },
      });
      expect(malformed.statusCode).toBe(400);
      for (const womId of ['8', '999']) {
        const response = await asAdmin({
          method: 'PUT',
          url: `/api/admin/members/${womId}/away`,
          payload: { away_until: '2026-12-01' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json<{ message: string }>().message).toBe('Member not found');
      }
    });

    it('exports the whole list as CSV, formulas escaped', async () => {
      await seed(
        memberRow('1', '=HYPERLINK("http://evil.example")', {
          wom_last_changed_at: '2026-06-01T00:00:00.000Z',
        }),
        memberRow('2', 'Quiet', { join_date: '2026-09-01' }),
        memberRow('3', 'Busy', { wom_last_changed_at: '2026-11-21T01:00:00.000Z' }),
      );
      const response = await asAdmin({ method: 'GET', url: '/api/admin/inactivity/export.csv?days=30' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="siege-inactive-30d-2026-11-21.csv"',
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-member-count']).toBe('2');
      expect(Papa.parse<string[]>(response.body).data).toEqual([
        ['Name', 'WOM ID', 'Role', 'Last Active', 'Days Inactive', 'Away Until', 'Hidden'],
        ['\'=HYPERLINK("http://evil.example")', '1', 'opal', '2026-06-01', '173', '', 'no'],
        ['Quiet', '2', 'opal', 'Never seen changing', '81', '', 'no'],
      ]);
    });

    it('describes its routes in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
        paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
      }>();
      const list = doc.paths['/api/admin/inactivity']?.get;
      expect(list?.parameters?.map((p) => p.name)).toEqual(['days', 'limit', 'offset']);
      expect(doc.paths['/api/admin/inactivity/export.csv']?.get).toBeDefined();
      expect(doc.paths['/api/admin/members/{womId}/away']?.put).toBeDefined();
    });

    it('is for admins only', async () => {
      for (const role of ['anonymous', 'user'] as const) {
        const response = await roles.as(role, { method: 'GET', url: '/api/admin/inactivity' });
        expect(response.statusCode).toBe(role === 'anonymous' ? 401 : 403);
      }
    });
  });
}
