import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '#test/app.ts';

const PROXY = '10.0.0.2';

// Which flags the cookie carries depends on the request and the configuration, the same on either database.
describe('the session cookie', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The Set-Cookie lines of a login and then a logout, with `env` and the request's `headers`. */
  async function cookiesOf(env: Record<string, string>, headers: Record<string, string> = {}) {
    t = await createTestApp('sqlite', { env });
    await createUser(t, 'zezima');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers,
      payload: { username: 'zezima', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((cookie) => cookie.name === 'clan_session')!;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: PROXY,
      headers: { ...headers, cookie: `clan_session=${session.value}` },
    });
    return [login.headers['set-cookie'], logout.headers['set-cookie']].map(String);
  }

  it('is not Secure on a site served over plain HTTP', async () => {
    for (const line of await cookiesOf({})) expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure on a request a trusted proxy forwarded from HTTPS', async () => {
    for (const line of await cookiesOf({ TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' })) {
      expect(line).toMatch(/;\s*Secure/i);
    }
  });

  it('is Secure when PUBLIC_URL is https, even when the proxy does not say the request was', async () => {
    for (const line of await cookiesOf({ PUBLIC_URL: 'https://clan.example' })) {
      expect(line).toMatch(/;\s*Secure/i);
    }
  });
});
