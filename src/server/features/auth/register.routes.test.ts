import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#core/auth/auth.schema.ts';
import { createTestApp, createUser, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';

const NEW_PASSWORD = 'fresh-password';

for (const dialect of testDialects) {
  describe(`${dialect}: registration API`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    const register = (
      username: string,
      options: { password?: string; confirm?: string; remoteAddress?: string } = {},
    ) => {
      const password = options.password ?? NEW_PASSWORD;
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: options.remoteAddress ?? '203.0.113.9',
        payload: { username, password, confirm_password: options.confirm ?? password },
      });
    };
    const usernames = async () =>
      (await t.database.db.selectFrom('users').select('username').orderBy('username').execute()).map(
        (row) => row.username,
      );

    it('creates the account with a trimmed username in the case it was typed, and answers 201 with the user', async () => {
      const response = await register('  ZeZima ');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        user: {
          id: expect.any(Number),
          username: 'ZeZima',
          is_admin: false,
          created_at: '2026-11-21T12:00:00.000Z',
          join_date: '2026-11-21',
        },
      });
      expect(response.body).not.toContain('password');
      expect(await usernames()).toEqual(['ZeZima']);
    });

    it('matches the name in any case: signs in, shows and refuses it as typed at registration', async () => {
      const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
        `clan_session=${response.cookies.find((c) => c.name === 'clan_session')!.value}`;
      expect((await register('ZeZima')).statusCode).toBe(201);
      for (const [index, typed] of ['zezima', 'ZEZIMA', ' zeZIMA '].entries()) {
        const taken = await register(typed, { remoteAddress: `192.0.2.${index + 1}` });
        expect(taken.statusCode, typed).toBe(409);
        expect(taken.json()).toEqual({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.usernameTaken });
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `198.51.100.${index + 1}`,
          payload: { username: typed, password: NEW_PASSWORD },
        });
        expect(login.statusCode, typed).toBe(200);
        expect(login.json().user.username).toBe('ZeZima');
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { cookie: cookieOf(login) },
        });
        expect(me.json().user.username).toBe('ZeZima');
      }
      expect(await usernames()).toEqual(['ZeZima']);
    });

    it('signs the new user in: the cookie it sets works for /api/auth/me', async () => {
      const response = await register('zezima');
      const cookie = response.cookies.find((c) => c.name === 'clan_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `clan_session=${cookie!.value}` },
      });
      expect(me.json().user).toMatchObject({ username: 'zezima', is_admin: false });
    });

    it('lets the new user sign in with the password they chose', async () => {
      await register('zezima');
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'Zezima', password: NEW_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    });

    it('lets the new user sign in under a full-width spelling of the name', async () => {
      await register('zezima');
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'ＺＥＺＩＭＡ', password: NEW_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.username).toBe('zezima');
    });

    it('writes an audit row for the new account', async () => {
      const response = await register('zezima');
      const audit = await t.database.db.selectFrom('audit_log').selectAll().execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'user.create',
        actor_label: 'register',
        target_type: 'user',
        target_id: String(response.json().user.id),
      });
      expect(audit[0]!.after).not.toContain('password');
    });

    it("answers 409 'Username already taken' for a name in use, however it is spelled", async () => {
      await createUser(t, 'zezima');
      const response = await register(' ZEZIMA');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.usernameTaken });
      expect(response.cookies).toHaveLength(0);
      expect(await usernames()).toEqual(['zezima']);
    });

    it('stores full-width letters and ligatures in their plain form', async () => {
      const response = await register('ＺＥＺＩＭＡ');
      expect(response.statusCode).toBe(201);
      expect(response.json().user.username).toBe('ZEZIMA');
    });

    it('refuses invisible characters, bidi overrides and markup with 400, creating nothing', async () => {
      for (const username of ['admin\u200b', '\u202enimda', '<b>x</b>', 'zezima\u2060', 'tab\tname']) {
        const response = await register(username);
        expect(response.statusCode, JSON.stringify(username)).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'Usernames may use letters, digits, spaces, _ and -.',
        });
        expect(response.cookies).toHaveLength(0);
      }
      expect(await usernames()).toEqual([]);
    });

    it("refuses the reserved names and their look-alikes with 'Username already taken'", async () => {
      for (const username of [
        'Admin',
        'ADMIN',
        '\u0430dmin',
        'ad_min',
        'adrnin',
        'Administrator',
        'm0derator',
        'system',
      ]) {
        const response = await register(username);
        expect(response.statusCode, username).toBe(409);
        expect(response.json()).toEqual({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.usernameTaken });
      }
      expect(await usernames()).toEqual([]);
    });

    it("refuses ADMIN and Cyrillic аdmin once the site's admin is named admin", async () => {
      await createUser(t, 'admin', { admin: true });
      for (const username of ['ADMIN', '\u0430dmin']) {
        expect((await register(username, { remoteAddress: '192.0.2.1' })).statusCode, username).toBe(409);
      }
      expect(await usernames()).toEqual(['admin']);
    });

    it("refuses a name that reads like another user's with 'Username already taken'", async () => {
      await createUser(t, 'zezima');
      for (const username of ['zezirna', 'ZEZ\u0456MA', 'z\u0435zima', 'ze_zima', 'zézima']) {
        const response = await register(username);
        expect(response.statusCode, username).toBe(409);
        expect(response.json()).toEqual({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.usernameTaken });
      }
      expect(await usernames()).toEqual(['zezima']);
    });

    it("refuses what Unicode's confusables read as admin or boss: small capitals, U+0185, digits, Armenian and Cherokee letters", async () => {
      await createUser(t, 'boss');
      const lookAlikes = [
        '\u1d00dmin', // ᴀdmin
        'adm\u026an', // admɪn
        '\u1d00\u1d05\u1d0d\u026a\u0274', // ᴀᴅᴍɪɴ
        'adm1n',
        '\u13aadmin', // Cherokee Ꭺ
        'b\u1d0fss', // bᴏss
        '\u0185oss', // ƅoss
        'b0ss',
        'b\u0585ss', // Armenian օ
        '\u13f4oss', // Cherokee Ᏼ
      ];
      for (const [index, username] of lookAlikes.entries()) {
        const response = await register(username, { remoteAddress: `192.0.2.${index + 1}` });
        expect(response.statusCode, username).toBe(409);
        expect(response.json()).toEqual({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.usernameTaken });
      }
      for (const [index, username] of ['bob', 'rob', 'bosse', '\u0418\u0432\u0430\u043d'].entries()) {
        const response = await register(username, { remoteAddress: `198.51.100.${index + 1}` });
        expect(response.statusCode, username).toBe(201);
      }
      expect(await usernames()).toEqual(['bob', 'boss', 'bosse', 'rob', '\u0418\u0432\u0430\u043d']);
    });

    it('gives one of two look-alike names registered at the same moment the account, the other a 409', async () => {
      const responses = await Promise.all([
        register('lynx', { remoteAddress: '192.0.2.1' }),
        register('1ynx', { remoteAddress: '192.0.2.2' }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await usernames()).toHaveLength(1);
    });

    it("answers 400 'Passwords don't match' word for word and creates nothing", async () => {
      const response = await register('zezima', { confirm: 'something-else' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: "Passwords don't match" });
      expect(await usernames()).toEqual([]);
    });

    it("answers 400 'Password must be at least 6 characters' word for word and creates nothing", async () => {
      const response = await register('zezima', { password: '12345' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Password must be at least 6 characters',
      });
      expect(await usernames()).toEqual([]);
    });

    it("answers 400 'Username is required' for a blank username", async () => {
      const response = await register('   ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Username is required' });
    });

    it('answers 400 naming the field for any other invalid body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'zezima', password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('confirm_password'),
      });
    });

    it('counts every registration from one address, made accounts too, and refuses the 21st for an hour', async () => {
      for (let i = 0; i < 20; i += 1) expect((await register(`member-${i}`)).statusCode).toBe(201);
      const refused = await register('member-20');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many registration attempts. Try again in 60 minutes.',
      });
      expect(await usernames()).not.toContain('member-20');
      expect((await register('member-20', { remoteAddress: '198.51.100.7' })).statusCode).toBe(201);
      t.clock.advance(60 * 60 * 1000);
      expect((await register('member-21')).statusCode).toBe(201);
    });

    it('refuses a sixth try of one username from any address', async () => {
      await createUser(t, 'zezima');
      for (let i = 1; i <= 5; i += 1) {
        expect((await register('zezima', { remoteAddress: `192.0.2.${i}` })).statusCode).toBe(409);
      }
      const refused = await register('Zezima', { remoteAddress: '192.0.2.6' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect((await register('lynx', { remoteAddress: '192.0.2.6' })).statusCode).toBe(201);
    });
  });
}
