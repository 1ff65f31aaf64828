import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type MeResponse } from '#core/auth/auth.schema.ts';
import { TEST_PASSWORD, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { dumpTables } from '#test/table-dump.ts';
import { resetPassword } from '../users/accounts.service.ts';
import { hashToken } from './auth.service.ts';

const NEW_PASSWORD = 'remembered-now';
const INVALID_LINK = { code: 'VALIDATION_ERROR', message: ACCOUNT_MESSAGES.resetLinkInvalid };

for (const dialect of testDialects) {
  describe(`${dialect}: password reset links`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    /** An admin makes a link for the plain user ('pleb'); returns the response. */
    const makeLink = (userId = roles.userId) =>
      roles.as('admin', { method: 'POST', url: `/api/admin/users/${userId}/password-reset` });
    const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;
    const makeToken = async () => tokenOf((await makeLink()).json().path);
    /** A link for the plain user made by another admin. */
    const makeTokenAs = async (username: string) => {
      const cookie = await loginAs(t, username);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${roles.userId}/password-reset`,
        headers: { cookie },
      });
      return tokenOf(response.json().path);
    };
    const useLink = (token: string, options: { password?: string; remoteAddress?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress: options.remoteAddress ?? '203.0.113.9',
        payload: {
          token,
          password: options.password ?? NEW_PASSWORD,
          confirm_password: options.password ?? NEW_PASSWORD,
        },
      });
    const loginStatus = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '198.51.100.7',
          payload: { username: 'pleb', password },
        })
      ).statusCode;
    const me = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json<MeResponse>()
        .user;

    it('gives the admin a one-time path with a 256-bit token, valid for 24 hours', async () => {
      const response = await makeLink();
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        path: expect.stringMatching(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/),
        expires_at: '2026-11-22T12:00:00.000Z',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('stores only the SHA-256 of the token, and records who made the link', async () => {
      const token = await makeToken();
      const rows = await t.database.db.selectFrom('password_resets').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({
          user_id: roles.userId,
          token_hash: hashToken(token),
          created_by: roles.adminId,
          used_at: null,
        }),
      ]);
      expect(JSON.stringify(await dumpTables(t.database.db))).not.toContain(token);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.password.reset-link')
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({
          actor_label: 'boss',
          target_type: 'user',
          target_id: String(roles.userId),
        }),
      ]);
    });

    it('refuses a link for an admin, another one or themselves, with 403 naming the shell command', async () => {
      const deputy = await createUser(t, 'deputy', { admin: true });
      for (const userId of [deputy.id, roles.adminId]) {
        const response = await makeLink(userId);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'FORBIDDEN', message: ACCOUNT_MESSAGES.adminResetFromShell });
        expect(response.json().message).toContain('npm run admin -- reset-password');
      }
      expect(await t.database.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'user.password.reset-link')
        .execute();
      expect(audit).toEqual([]);
    });

    it('refuses a link whose user was made an admin after it was made, changing nothing', async () => {
      const token = await makeToken();
      const grant = await roles.as('admin', {
        method: 'POST',
        url: `/api/admin/users/${roles.userId}/admin`,
        payload: { is_admin: true },
      });
      expect(grant.statusCode).toBe(200);
      const before = await dumpTables(t.database.db);
      const response = await useLink(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
      expect(response.cookies).toHaveLength(0);
      const after = await dumpTables(t.database.db);
      expect({ ...after, rate_limits: [] }).toEqual({ ...before, rate_limits: [] });
      expect(await loginStatus(TEST_PASSWORD)).toBe(200);
    });

    /** The link is refused with the invalid-link message, changing nothing: the password is still theirs. */
    const expectDeadLink = async (token: string, password = TEST_PASSWORD) => {
      const before = await dumpTables(t.database.db);
      const response = await useLink(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
      expect(response.cookies).toHaveLength(0);
      const after = await dumpTables(t.database.db);
      expect({ ...after, rate_limits: [] }).toEqual({ ...before, rate_limits: [] });
      expect(await loginStatus(password)).toBe(200);
      expect(await loginStatus(NEW_PASSWORD)).toBe(401);
    };
    const setAdmin = (cookie: string, userId: number, isAdmin: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/admin`,
        headers: { cookie },
        payload: { is_admin: isAdmin },
      });

    it('refuses a link once its maker has lost the admin flag, even after it is given back', async () => {
      await createUser(t, 'deputy', { admin: true });
      const deputy = await loginAs(t, 'deputy');
      const token = await makeToken();
      expect((await setAdmin(deputy, roles.adminId, false)).statusCode).toBe(200);
      expect(await t.database.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
      await expectDeadLink(token);

      expect((await setAdmin(deputy, roles.adminId, true)).statusCode).toBe(200);
      await expectDeadLink(token);
    });

    it('refuses a link whose maker is no admin when it is used, however the flag went', async () => {
      const token = await makeToken();
      // As a revoke committing while the link is used would leave it: the link row still there.
      await t.database.db
        .updateTable('users')
        .set({ is_admin: false })
        .where('id', '=', roles.adminId)
        .execute();
      await expectDeadLink(token);

      await createUser(t, 'deputy', { admin: true });
      const orphan = await makeTokenAs('deputy');
      await t.database.db.deleteFrom('users').where('username', '=', 'deputy').execute();
      await expectDeadLink(orphan);
    });

    it('refuses a link once the member has changed their password, from the Account tab or the shell', async () => {
      const changed = await makeToken();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: roles.headers('user'),
        payload: {
          current_password: TEST_PASSWORD,
          new_password: 'changed-1',
          confirm_password: 'changed-1',
        },
      });
      expect(response.statusCode).toBe(204);
      await expectDeadLink(changed, 'changed-1');

      const shell = await makeToken();
      await resetPassword(
        { db: t.database.db, clock: t.clock },
        { username: 'pleb', password: 'changed-2' },
        { userId: null, label: 'shell' },
      );
      await expectDeadLink(shell, 'changed-2');
    });

    it('refuses a link once the member was made an admin and back again', async () => {
      const token = await makeToken();
      const admin = roles.headers('admin').cookie!;
      expect((await setAdmin(admin, roles.userId, true)).statusCode).toBe(200);
      expect((await setAdmin(admin, roles.userId, false)).statusCode).toBe(200);
      await expectDeadLink(token);
    });

    it('answers 404 for a user that does not exist, making no link', async () => {
      const response = await makeLink(99999);
      expect(response.statusCode).toBe(404);
      expect(await t.database.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    });

    it('sets the password, signs the user in with a new session and answers 200 with the user', async () => {
      const response = await useLink(await makeToken());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          id: roles.userId,
          username: 'pleb',
          is_admin: false,
          created_at: expect.any(String),
          join_date: '2026-11-21',
        },
      });
      const cookie = response.cookies.find((c) => c.name === 'clan_session');
      expect(await me(`clan_session=${cookie!.value}`)).toMatchObject({ username: 'pleb' });
      expect(await loginStatus(NEW_PASSWORD)).toBe(200);
      expect(await loginStatus(TEST_PASSWORD)).toBe(401);
    });

    it("ends every earlier session of the user and no one else's", async () => {
      const phone = await loginAs(t, 'pleb');
      await useLink(await makeToken());
      expect(await me(roles.headers('user').cookie!)).toBeNull();
      expect(await me(phone)).toBeNull();
      expect(await me(roles.headers('admin').cookie!)).toMatchObject({ username: 'boss' });
      const sessions = await t.database.db
        .selectFrom('sessions')
        .select('user_id')
        .where('user_id', '=', roles.userId)
        .execute();
      expect(sessions).toHaveLength(1);
    });

    it('writes an audit row with the user as actor, naming the admin who made the link, and marks the link used', async () => {
      await useLink(await makeToken());
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.password.reset')
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({
          actor_user_id: roles.userId,
          actor_label: 'pleb',
          target_type: 'user',
          target_id: String(roles.userId),
        }),
      ]);
      expect(JSON.parse(audit[0]!.after!)).toEqual({
        link_created_by: { id: roles.adminId, username: 'boss' },
      });
      const link = await t.database.db.selectFrom('password_resets').select('used_at').executeTakeFirst();
      expect(link?.used_at).toBe('2026-11-21T12:00:00.000Z');
    });

    it('works once: a second use is refused with the invalid-link message', async () => {
      const token = await makeToken();
      expect((await useLink(token)).statusCode).toBe(200);
      const again = await useLink(token, { password: 'yet-another-one' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_LINK);
      expect(await loginStatus(NEW_PASSWORD)).toBe(200);
    });

    it('gives one success and one refusal to two simultaneous uses of one link', async () => {
      const token = await makeToken();
      const responses = await Promise.all([
        useLink(token, { password: 'first-password' }),
        useLink(token, { password: 'second-password' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const winner = responses.find((response) => response.statusCode === 200)!;
      const loser = responses.find((response) => response.statusCode === 400)!;
      expect(loser.json()).toEqual(INVALID_LINK);
      const winning = winner === responses[0] ? 'first-password' : 'second-password';
      const losing = winner === responses[0] ? 'second-password' : 'first-password';
      expect(await loginStatus(winning)).toBe(200);
      expect(await loginStatus(losing)).toBe(401);
      const resets = await t.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'user.password.reset')
        .execute();
      expect(resets).toHaveLength(1);
    });

    it('refuses a link 24 hours after it was made, changing nothing', async () => {
      const token = await makeToken();
      t.clock.advance(24 * 60 * 60 * 1000);
      const before = await dumpTables(t.database.db);
      const response = await useLink(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
      const after = await dumpTables(t.database.db);
      expect({ ...after, rate_limits: [] }).toEqual({ ...before, rate_limits: [] });
      expect(await loginStatus(TEST_PASSWORD)).toBe(200);
    });

    it('still accepts a link just before its 24 hours are up', async () => {
      const token = await makeToken();
      t.clock.advance(24 * 60 * 60 * 1000 - 1000);
      expect((await useLink(token)).statusCode).toBe(200);
    });

    it("voids the user's earlier link when the admin makes a new one", async () => {
      const first = await makeToken();
      const second = await makeToken();
      expect((await useLink(first)).json()).toEqual(INVALID_LINK);
      expect((await useLink(second)).statusCode).toBe(200);
    });

    it('refuses an unknown token without touching any session', async () => {
      const response = await useLink('x'.repeat(43));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
      expect(response.cookies).toHaveLength(0);
      expect(await me(roles.headers('user').cookie!)).toMatchObject({ username: 'pleb' });
    });

    it("answers 'Passwords don't match' word for word and keeps the link usable", async () => {
      const token = await makeToken();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password: NEW_PASSWORD, confirm_password: 'something-else' },
      });
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: "Passwords don't match" });
      expect((await useLink(token)).statusCode).toBe(200);
    });

    it('refuses an address after ten invalid links, a valid one too, until the window passes', async () => {
      const token = await makeToken();
      for (let i = 0; i < 10; i += 1) expect((await useLink(`guess-${i}`)).statusCode).toBe(400);
      const refused = await useLink(token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many password reset attempts. Try again in 15 minutes.',
      });
      expect((await useLink(token, { remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    });

    it('never sends a token hash or password hash in any of its answers', async () => {
      const made = await makeLink();
      const used = await useLink(tokenOf(made.json().path));
      for (const response of [made, used]) {
        expect(response.body).not.toContain('token_hash');
        expect(response.body).not.toContain('password_hash');
        expect(response.body).not.toContain('$argon2');
      }
    });
  });
}
