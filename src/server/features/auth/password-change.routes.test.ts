import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type MeResponse } from '#core/auth/auth.schema.ts';
import { createTestApp, createUser, loginAs, TEST_PASSWORD, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';

const NEW_PASSWORD = 'brand-new-secret';

for (const dialect of testDialects) {
  describe(`${dialect}: changing one's own password`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      await createUser(t, 'zezima');
    });
    afterEach(async () => t.close());

    const change = (cookie: string | undefined, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: cookie ? { cookie } : {},
        payload: body,
      });
    const changeTo = (cookie: string, current = TEST_PASSWORD) =>
      change(cookie, {
        current_password: current,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
    const me = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json<MeResponse>()
        .user;
    const loginStatus = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '198.51.100.7',
          payload: { username: 'zezima', password },
        })
      ).statusCode;

    it('answers 401 for a visitor', async () => {
      const response = await change(undefined, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    });

    it('sets the new password with 204: the new one signs in, the old one no longer does', async () => {
      const cookie = await loginAs(t, 'zezima');
      const response = await changeTo(cookie);
      expect(response.statusCode).toBe(204);
      expect(await loginStatus(NEW_PASSWORD)).toBe(200);
      expect(await loginStatus(TEST_PASSWORD)).toBe(401);
    });

    it("keeps the session that changed it and ends the user's other sessions", async () => {
      await createUser(t, 'lynx');
      const laptop = await loginAs(t, 'zezima');
      const phone = await loginAs(t, 'zezima');
      const someoneElse = await loginAs(t, 'lynx');
      expect((await changeTo(laptop)).statusCode).toBe(204);
      expect(await me(laptop)).toMatchObject({ username: 'zezima' });
      expect(await me(phone)).toBeNull();
      expect(await me(someoneElse)).toMatchObject({ username: 'lynx' });
    });

    it('writes an audit row naming the user as actor and target', async () => {
      const cookie = await loginAs(t, 'zezima');
      await changeTo(cookie);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.password.change')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_label: 'zezima', target_type: 'user' });
      expect(audit[0]!.target_id).toBe(String(audit[0]!.actor_user_id));
    });

    it('refuses a wrong current password with 400 and changes nothing', async () => {
      const cookie = await loginAs(t, 'zezima');
      const phone = await loginAs(t, 'zezima');
      const response = await changeTo(cookie, 'not-my-password');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: ACCOUNT_MESSAGES.wrongCurrentPassword,
      });
      expect(await me(phone)).toMatchObject({ username: 'zezima' });
      expect(await loginStatus(TEST_PASSWORD)).toBe(200);
    });

    it("answers 'Passwords don't match' and 'Password must be at least 6 characters' word for word", async () => {
      const cookie = await loginAs(t, 'zezima');
      const mismatch = await change(cookie, {
        current_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: 'other-secret',
      });
      expect(mismatch.json()).toEqual({ code: 'VALIDATION_ERROR', message: "Passwords don't match" });
      const short = await change(cookie, {
        current_password: TEST_PASSWORD,
        new_password: 'abc',
        confirm_password: 'abc',
      });
      expect(short.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Password must be at least 6 characters',
      });
      expect(await loginStatus(TEST_PASSWORD)).toBe(200);
    });

    it('refuses the eleventh try after ten wrong current passwords, the right one too', async () => {
      const cookie = await loginAs(t, 'zezima');
      for (let i = 0; i < 10; i += 1) expect((await changeTo(cookie, `guess-${i}`)).statusCode).toBe(400);
      const refused = await changeTo(cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many password change attempts. Try again in 15 minutes.',
      });
      t.clock.advance(15 * 60 * 1000);
      expect((await changeTo(cookie)).statusCode).toBe(204);
    });
  });
}
