import type { InjectOptions } from 'fastify';
import type { AuditAction } from '#core/audit/describe-audit.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { addMember } from '../claims/claims.testing.ts';
import { recordAudit } from './audit.repository.ts';

interface Entry {
  id: number;
  actor_user_id: number | null;
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
  actor_name: string | null;
  target_name: string | null;
  member_wom_id: string | null;
  member_name: string | null;
  member_names: Record<string, string>;
}

for (const dialect of testDialects) {
  describe(`${dialect}: admin audit list`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    async function list(query = '') {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit${query}`,
        headers: roles.headers('admin'),
      });
      expect(response.headers['cache-control']).toBe('no-store');
      return response;
    }

    it('rejects a visitor with 401 and a plain user with 403', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: roles.headers('user'),
      });
      expect(user.statusCode).toBe(403);
      expect(user.headers['cache-control']).toBe('no-store');
    });

    it("shows an admin's action at the top, newest first, with before and after as JSON", async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: roles.headers('admin'),
        payload: { name: 'Clan week', type: 'Weekly', start_date: '2026-11-23T18:00:00Z' },
      });
      expect(created.statusCode).toBe(201);
      const response = await list();
      expect(response.statusCode).toBe(200);
      const entries = response.json<Entry[]>();
      expect(entries[0]).toEqual({
        id: expect.any(Number),
        actor_user_id: roles.adminId,
        actor_label: 'boss',
        action: 'event.create',
        target_type: 'event',
        target_id: String(created.json().id),
        before: null,
        after: created.json(),
        created_at: t.clock.now().toISOString(),
        actor_name: 'boss',
        target_name: 'Clan week',
        member_wom_id: null,
        member_name: null,
        member_names: {},
      });
      const ids = entries.map((entry) => entry.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('pages back in time with limit and before', async () => {
      for (let i = 1; i <= 5; i += 1) {
        await recordAudit(t.database.db, {
          actor: { userId: null, label: 'test' },
          action: 'dink.settings',
          targetType: 'test',
          targetId: i,
          after: { step: i },
          at: t.clock.now(),
        });
      }
      const first = (await list('?limit=2')).json<Entry[]>();
      expect(first.map((entry) => entry.after)).toEqual([{ step: 5 }, { step: 4 }]);
      const next = (await list(`?limit=2&before=${first[1]!.id}`)).json<Entry[]>();
      expect(next.map((entry) => entry.after)).toEqual([{ step: 3 }, { step: 2 }]);
      expect((await list()).json<Entry[]>()).toHaveLength(6);
    });

    it('refuses a page size or cursor out of range with 400', async () => {
      for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?before=0', '?before=99999999999']) {
        const response = await list(query);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const record = (action: AuditAction, targetType: string, targetId: string | null, values: object = {}) =>
      recordAudit(t.database.db, {
        actor: { userId: null, label: 'test' },
        action,
        targetType,
        targetId,
        ...values,
        at: t.clock.now(),
      });

    it('names the actor, the member and the target instead of their ids, as they are called now', async () => {
      await addMember(t, '42', 'Big Jad');
      await addMember(t, '43', 'Woox');
      expect(
        (await asAdmin({ method: 'POST', url: '/api/admin/members/42/points', payload: { amount: 5 } }))
          .statusCode,
      ).toBe(200);
      const request = await roles.as('user', {
        method: 'POST',
        url: '/api/claim-requests',
        payload: { wom_id: '43' },
      });
      expect(request.statusCode).toBe(201);
      const reviewed = await asAdmin({
        method: 'PATCH',
        url: `/api/admin/claim-requests/${request.json<{ id: number }>().id}`,
        payload: { status: 'denied', admin_notes: 'Not yours' },
      });
      expect(reviewed.statusCode).toBe(200);
      await record('player-watch.import', 'player-watch', null, {
        after: { reported: ['42', '999'], cleared: [] },
      });
      // Renamed since: the log says the name the member has now.
      await t.database.db.updateTable('members').set({ name: 'BigJad' }).where('wom_id', '=', '42').execute();

      const [watch, review, points] = (await list()).json<Entry[]>();
      expect(points).toMatchObject({
        action: 'member.points',
        actor_user_id: roles.adminId,
        actor_name: 'boss',
        target_id: '42',
        target_name: 'BigJad',
        member_wom_id: '42',
        member_name: 'BigJad',
      });
      expect(review).toMatchObject({
        action: 'claim-request.deny',
        target_name: 'pleb',
        member_wom_id: '43',
        member_name: 'Woox',
      });
      expect(watch).toMatchObject({
        actor_name: null,
        actor_label: 'test',
        member_names: { '42': 'BigJad' },
      });
    });

    it("keeps a deleted event's name from the row, and names users and seasons", async () => {
      const created = await asAdmin({
        method: 'POST',
        url: '/api/admin/events',
        payload: { name: 'Gone Week', type: 'Weekly', start_date: '2026-11-23T18:00:00Z' },
      });
      const id = created.json<{ id: number }>().id;
      expect((await asAdmin({ method: 'DELETE', url: `/api/admin/events/${id}` })).statusCode).toBe(204);
      await record('user.admin.grant', 'user', String(roles.userId));
      const season = await t.database.db
        .selectFrom('seasons')
        .select(['id', 'name'])
        .executeTakeFirstOrThrow();
      await record('season.reset', 'season', String(season.id));
      // A target id no serial column could hold is shown as it is, not looked up.
      await record('user.admin.grant', 'user', 'not-a-number');
      await record('event.update', 'event', '99999999999');
      const [oddEvent, oddUser, reset, grant, deleted] = (await list()).json<Entry[]>();
      expect([oddEvent?.target_name, oddUser?.target_name]).toEqual([null, null]);
      expect(reset?.target_name).toBe(season.name);
      expect(grant?.target_name).toBe('pleb');
      expect(deleted).toMatchObject({ action: 'event.delete', target_name: 'Gone Week' });
    });

    it('keeps only the rows of one admin, one action or one member', async () => {
      await addMember(t, '42', 'BigJad');
      await addMember(t, '43', 'Woox');
      await createUser(t, 'deputy', { admin: true });
      const deputy = await loginAs(t, 'deputy');
      await asAdmin({ method: 'POST', url: '/api/admin/members/42/points', payload: { amount: 5 } });
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/members/43/points',
        payload: { amount: 2 },
        headers: { cookie: deputy },
      });
      await asAdmin({ method: 'POST', url: '/api/admin/members/43/visibility', payload: { hidden: true } });
      const code = await asAdmin({
        method: 'POST',
        url: '/api/admin/claim-codes',
        payload: { wom_id: '42' },
      });
      expect(code.statusCode).toBe(201);
      const request = await roles.as('user', {
        method: 'POST',
        url: '/api/claim-requests',
        payload: { wom_id: '42' },
      });
      await asAdmin({
        method: 'PATCH',
        url: `/api/admin/claim-requests/${request.json<{ id: number }>().id}`,
        payload: { status: 'denied', admin_notes: null },
      });
      await record('member.import', 'member', null, {
        before: { '42': { title: null }, '4242': { title: null } },
        after: { '42': { title: 'Hero' }, '4242': { title: 'Other' } },
      });
      await record('player-watch.import', 'player-watch', null, {
        after: { reported: ['4242'], cleared: ['42'] },
      });
      await record('player-watch.import', 'player-watch', null, {
        after: { reported: ['420'], cleared: [] },
      });

      const actions = async (query: string) =>
        (await list(query)).json<Entry[]>().map((entry) => entry.action);
      const deputyId = (
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'deputy')
          .executeTakeFirstOrThrow()
      ).id;
      expect(await actions(`?actor=${deputyId}`)).toEqual(['member.points']);
      expect(await actions('?action=member.visibility')).toEqual(['member.visibility']);
      expect(await actions('?member=42')).toEqual([
        'player-watch.import',
        'member.import',
        'claim-request.deny',
        'claim-code.create',
        'member.points',
      ]);
      expect(await actions(`?member=43&actor=${roles.adminId}`)).toEqual(['member.visibility']);
      expect(await actions('?member=43&action=member.points&limit=1')).toEqual(['member.points']);
      expect(await actions('?member=7')).toEqual([]);
    });

    it('refuses a filter that is not an account id, an action name or a WOM id with 400', async () => {
      for (const query of [
        '?actor=abc',
        '?actor=0',
        '?actor=99999999999',
        '?action=DROP%20TABLE',
        `?action=${'a'.repeat(61)}`,
        '?member=12a',
        '?member=%25',
      ]) {
        const response = await list(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });

    it('offers the accounts that acted, the actions recorded and every member as filter choices', async () => {
      await addMember(t, '43', 'Woox');
      await addMember(t, '42', 'BigJad', { deleted_at: '2026-11-01T00:00:00.000Z' });
      await createUser(t, 'idle', { admin: true });
      await asAdmin({ method: 'POST', url: '/api/admin/members/43/points', payload: { amount: 5 } });
      await record('season.reset', 'season', '1');
      const response = await asAdmin({ method: 'GET', url: '/api/admin/audit/filters' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        actors: [{ id: roles.adminId, name: 'boss' }],
        // Creating the test accounts is recorded too, as the shell's action.
        actions: ['admin.account.create', 'member.points', 'season.reset'],
        members: [
          { wom_id: '42', name: 'BigJad' },
          { wom_id: '43', name: 'Woox' },
        ],
      });
    });

    it('describes its filters and choices in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
        paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
      }>();
      expect(doc.paths['/api/admin/audit']?.get?.parameters?.map((p) => p.name)).toEqual([
        'limit',
        'before',
        'actor',
        'action',
        'member',
      ]);
      expect(doc.paths['/api/admin/audit/filters']?.get).toBeDefined();
    });
  });
}
