import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';

const AUTH_ID = '3f2b8c1e-4d5a-4b6c-8e7f-9a0b1c2d3e4f';

for (const dialect of testDialects) {
  describe(`${dialect}: admin users API`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const routes = [
      { label: 'GET /api/admin/users', method: 'GET' as const, url: () => '/api/admin/users' },
      {
        label: 'POST /api/admin/users/:id/admin',
        method: 'POST' as const,
        url: () => `/api/admin/users/${roles.userId}/admin`,
        payload: { is_admin: true },
      },
      {
        label: 'POST /api/admin/users/:id/auth-id',
        method: 'POST' as const,
        url: () => `/api/admin/users/${roles.userId}/auth-id`,
        payload: { supabase_auth_id: AUTH_ID },
      },
      {
        label: 'POST /api/admin/users/:id/password-reset',
        method: 'POST' as const,
        url: () => `/api/admin/users/${roles.userId}/password-reset`,
      },
    ];

    for (const route of routes) {
      it(`rejects a visitor with 401 on ${route.label}`, async () => {
        const response = await t.app.inject({
          method: route.method,
          url: route.url(),
          payload: route.payload,
        });
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHENTICATED');
      });

      it(`rejects a plain user with 403 on ${route.label}`, async () => {
        const response = await t.app.inject({
          method: route.method,
          url: route.url(),
          payload: route.payload,
          headers: roles.headers('user'),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('FORBIDDEN');
      });
    }

    it(`leaves every user unchanged and makes no reset link when a plain user calls the admin routes`, async () => {
      const before = await dumpTables(t.database.db);
      for (const route of routes) {
        await t.app.inject({
          method: route.method,
          url: route.url(),
          payload: route.payload,
          headers: roles.headers('user'),
        });
      }
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('lists users for an admin without password hashes', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: roles.headers('admin'),
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.json().map((u: { username: string; is_admin: boolean }) => [u.username, u.is_admin]),
      ).toEqual([
        ['boss', true],
        ['pleb', false],
      ]);
      expect(response.body).not.toContain('password');
      expect(response.json()[0]).toEqual({
        id: expect.any(Number),
        username: 'boss',
        is_admin: true,
        created_at: expect.any(String),
        join_date: '2026-11-21',
        supabase_auth_id: null,
      });
    });

    it('grants the admin flag, records an audit row, and the user becomes an admin at once', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${roles.userId}/admin`,
        headers: roles.headers('admin'),
        payload: { is_admin: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: roles.userId, username: 'pleb', is_admin: true });

      const nowAdmin = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: roles.headers('user'),
      });
      expect(nowAdmin.statusCode).toBe(200);

      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.admin.grant')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_label: 'boss',
        target_type: 'user',
        target_id: String(roles.userId),
      });
      expect(JSON.parse(audit[0]!.before!)).toMatchObject({ is_admin: false });
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ is_admin: true });
    });

    it("answers 'No changes were made' when the flag already has that value", async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${roles.userId}/admin`,
        headers: roles.headers('admin'),
        payload: { is_admin: false },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'NO_CHANGES', message: 'No changes were made' });
    });

    it("refuses an admin changing their own flag with 'Failed to update admin status', changing nothing", async () => {
      await createUser(t, 'deputy', { admin: true });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: roles.headers('admin') });
      for (const isAdmin of [false, true]) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${me.json().user.id}/admin`,
          headers: roles.headers('admin'),
          payload: { is_admin: isAdmin },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'Failed to update admin status' });
      }
      const still = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: roles.headers('admin'),
      });
      expect(still.statusCode).toBe(200);
      expect(
        await t.database.db
          .selectFrom('audit_log')
          .selectAll()
          .where('action', 'like', 'user.admin.%')
          .execute(),
      ).toEqual([]);
    });

    it('revokes another admin while one remains', async () => {
      await createUser(t, 'deputy', { admin: true });
      const users = await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: roles.headers('admin'),
      });
      const deputy = users.json().find((u: { username: string }) => u.username === 'deputy');
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${deputy.id}/admin`,
        headers: roles.headers('admin'),
        payload: { is_admin: false },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().is_admin).toBe(false);
    });

    it('answers 404 for a user that does not exist and 400 for an id that is not a number', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/admin/users/99999/admin',
        headers: roles.headers('admin'),
        payload: { is_admin: true },
      });
      expect(missing.statusCode).toBe(404);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/admin/users/abc/admin',
        headers: roles.headers('admin'),
        payload: { is_admin: true },
      });
      expect(bad.statusCode).toBe(400);
      const badBody = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${roles.userId}/admin`,
        headers: roles.headers('admin'),
        payload: { is_admin: 'yes' },
      });
      expect(badBody.statusCode).toBe(400);
      expect(badBody.json().message).toContain('is_admin');
    });

    const linkAuthId = (userId: number, supabaseAuthId: unknown) =>
      roles.as('admin', {
        method: 'POST',
        url: `/api/admin/users/${userId}/auth-id`,
        payload: { supabase_auth_id: supabaseAuthId },
      });
    const authIds = async () =>
      Object.fromEntries(
        (await t.database.db.selectFrom('users').select(['username', 'supabase_auth_id']).execute()).map(
          (row) => [row.username, row.supabase_auth_id],
        ),
      );

    it('links a user to an external sign-in id, answers the user and records an audit row', async () => {
      const response = await linkAuthId(roles.userId, AUTH_ID);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: roles.userId,
        username: 'pleb',
        is_admin: false,
        created_at: expect.any(String),
        join_date: '2026-11-21',
        supabase_auth_id: AUTH_ID,
      });
      expect(response.body).not.toContain('password');
      const listed = await roles.as('admin', { method: 'GET', url: '/api/admin/users' });
      expect(listed.json().find((u: { username: string }) => u.username === 'pleb').supabase_auth_id).toBe(
        AUTH_ID,
      );
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.auth-id.link')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_label: 'boss', target_id: String(roles.userId) });
      expect(JSON.parse(audit[0]!.before!)).toEqual({ supabase_auth_id: null });
      expect(JSON.parse(audit[0]!.after!)).toEqual({ supabase_auth_id: AUTH_ID });
    });

    it('stores an upper-case UUID in lower case', async () => {
      const response = await linkAuthId(roles.userId, AUTH_ID.toUpperCase());
      expect(response.json().supabase_auth_id).toBe(AUTH_ID);
    });

    it('unlinks with null', async () => {
      await linkAuthId(roles.userId, AUTH_ID);
      const response = await linkAuthId(roles.userId, null);
      expect(response.statusCode).toBe(200);
      expect(response.json().supabase_auth_id).toBeNull();
      expect((await authIds()).pleb).toBeNull();
    });

    it("answers 400 'Invalid UUID format' word for word for anything but a UUID, changing nothing", async () => {
      for (const bad of ['not-a-uuid', '3f2b8c1e4d5a4b6c8e7f9a0b1c2d3e4f', '', 42]) {
        const response = await linkAuthId(roles.userId, bad);
        expect(response.statusCode, String(bad)).toBe(400);
        expect(response.json(), String(bad)).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'Invalid UUID format',
        });
      }
      expect(await authIds()).toEqual({ boss: null, pleb: null });
    });

    it("answers 409 'Failed to link user' when another user has the id, changing nothing", async () => {
      expect((await linkAuthId(roles.adminId, AUTH_ID)).statusCode).toBe(200);
      for (const spelling of [AUTH_ID, AUTH_ID.toUpperCase()]) {
        const response = await linkAuthId(roles.userId, spelling);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ code: 'CONFLICT', message: 'Failed to link user' });
      }
      expect(await authIds()).toEqual({ boss: AUTH_ID, pleb: null });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'user.auth-id.link')
        .execute();
      expect(audit).toEqual([{ target_id: String(roles.adminId) }]);
    });

    it('answers 404 when linking a user that does not exist', async () => {
      const response = await linkAuthId(99999, AUTH_ID);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });
  });
}
