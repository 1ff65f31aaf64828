import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, loginAs, TEST_PASSWORD, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { hashToken, MAX_SESSIONS_PER_USER } from './auth.service.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: auth API`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      await createUser(t, 'zezima');
    });
    afterEach(async () => t.close());

    it('logs in with a trimmed, case-insensitive username and sets an HttpOnly session cookie', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: '  ZeZima ', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        user: {
          id: expect.any(Number),
          username: 'zezima',
          is_admin: false,
          created_at: expect.any(String),
          join_date: '2026-11-21',
        },
      });
      const cookie = response.cookies.find((c) => c.name === 'clan_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(response.body).not.toContain('password_hash');
    });

    it('stores only the hash of the session token', async () => {
      const cookie = await loginAs(t, 'zezima');
      const token = cookie.split('=')[1]!;
      const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows).toEqual([{ token_hash: hashToken(token) }]);
      expect(rows[0]!.token_hash).not.toBe(token);
    });

    it('answers 401 Invalid credentials for a wrong password or an unknown user', async () => {
      for (const payload of [
        { username: 'zezima', password: 'wrong-password' },
        { username: 'nobody', password: TEST_PASSWORD },
      ]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
        expect(response.cookies).toHaveLength(0);
      }
    });

    it('answers 400 with the field named when the username is missing', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { password: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('username'),
      });
    });

    it('tells who is signed in through /api/auth/me, and nobody for a visitor', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(anonymous.json()).toEqual({ user: null });
      const cookie = await loginAs(t, 'zezima');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json().user).toMatchObject({ username: 'zezima', is_admin: false });
      expect(me.headers['cache-control']).toBe('no-store');
    });

    it('ends the session on logout so the old cookie no longer works', async () => {
      const cookie = await loginAs(t, 'zezima');
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(logout.statusCode).toBe(204);
      expect(logout.cookies.find((c) => c.name === 'clan_session')?.value).toBe('');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json()).toEqual({ user: null });
      expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });

    it('treats an expired session as signed out', async () => {
      const cookie = await loginAs(t, 'zezima');
      t.clock.advance(31 * 24 * 60 * 60 * 1000);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json()).toEqual({ user: null });
    });

    it('keeps an active session alive past its first expiry', async () => {
      const cookie = await loginAs(t, 'zezima');
      t.clock.advance(20 * 24 * 60 * 60 * 1000);
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      t.clock.advance(20 * 24 * 60 * 60 * 1000);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json().user).toMatchObject({ username: 'zezima' });
    });

    it('keeps at most ten sessions per user, ending the one used longest ago', async () => {
      const cookies: string[] = [];
      for (let i = 0; i < MAX_SESSIONS_PER_USER + 1; i += 1) {
        cookies.push(await loginAs(t, 'zezima'));
        t.clock.advance(60 * 1000);
      }
      const me = (cookie: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect((await me(cookies[0]!)).json()).toEqual({ user: null });
      for (const cookie of cookies.slice(1)) {
        expect((await me(cookie)).json().user).toMatchObject({ username: 'zezima' });
      }
      const rows = await t.database.db.selectFrom('sessions').select('id').execute();
      expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
    });

    it('removes expired sessions when anyone signs in', async () => {
      await createUser(t, 'lynx');
      await loginAs(t, 'zezima');
      t.clock.advance(31 * 24 * 60 * 60 * 1000);
      await loginAs(t, 'lynx');
      const owners = await t.database.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('users.username')
        .execute();
      expect(owners).toEqual([{ username: 'lynx' }]);
    });

    it('rate limits repeated login attempts for one username from one address with 429', async () => {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'zezima', password: 'guess' },
        });
      for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
      // The right password is refused too from that address until the window passes.
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'zezima', password: TEST_PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
      t.clock.advance(15 * 60 * 1000);
      expect((await attempt()).statusCode).toBe(401);
    });

    const loginWith = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'zezima', password } });

    it('counts only failed logins: successful ones do not use up the window', async () => {
      for (let i = 0; i < 12; i += 1) expect((await loginWith(TEST_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 9; i += 1) expect((await loginWith('guess')).statusCode).toBe(401);
      expect((await loginWith(TEST_PASSWORD)).statusCode).toBe(200);
      expect((await loginWith('guess')).statusCode).toBe(401);
      expect((await loginWith('guess')).statusCode).toBe(429);
    });

    it('sends Retry-After with the seconds left in the window on every 429', async () => {
      for (let i = 0; i < 10; i += 1) await loginWith('guess');
      t.clock.advance(5 * 60 * 1000);
      for (const password of ['guess', TEST_PASSWORD]) {
        const limited = await loginWith(password);
        expect(limited.statusCode).toBe(429);
        expect(limited.headers['retry-after']).toBe('600');
        expect(limited.json()).toEqual({
          code: 'RATE_LIMITED',
          message: 'Too many login attempts. Try again in 10 minutes.',
        });
      }
    });

    it('refuses a login posted from another site', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'https://evil.example', host: 'localhost:3000' },
        payload: { username: 'zezima', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CROSS_ORIGIN');
    });

    it('accepts a login from its own origin', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
        payload: { username: 'zezima', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a form-encoded or plain-text body with 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': contentType },
          payload: `username=zezima&password=${TEST_PASSWORD}`,
        });
        expect(response.statusCode).toBe(415);
        expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });
  });
}
