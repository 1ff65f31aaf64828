import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_PASSWORD, createUser, loginAs, type TestApp } from './app.ts';

export type Role = 'anonymous' | 'user' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'user', 'admin'];

const ACCOUNTS = { user: { username: 'pleb', admin: false }, admin: { username: 'boss', admin: true } };

export interface RoleSessions {
  /** The Cookie header for a role's requests; none for a visitor. */
  headers(role: Role): Record<string, string>;
  /**
   * Puts the sessions back after requests that may have logged a role out or changed who is an
   * admin, so the next request runs as the role it names.
   */
  restore(): Promise<void>;
}

export interface SignedInRoles {
  adminId: number;
  userId: number;
  /** The Cookie header for a role's requests; none for a visitor. */
  headers(role: Role): Record<string, string>;
  /** Sends a request as the role, keeping the request's other headers. */
  as(role: Role, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Creates the admin and the plain user and signs both in, for tests of routes under /api/admin. */
export async function signInRoles(t: TestApp): Promise<SignedInRoles> {
  const admin = await createUser(t, ACCOUNTS.admin.username, { admin: true });
  const user = await createUser(t, ACCOUNTS.user.username);
  const cookies = {
    admin: await loginAs(t, ACCOUNTS.admin.username),
    user: await loginAs(t, ACCOUNTS.user.username),
  };
  const headers = (role: Role): Record<string, string> =>
    role === 'anonymous' ? {} : { cookie: cookies[role] };
  return {
    adminId: admin.id,
    userId: user.id,
    headers,
    as: (role, options) => t.app.inject({ ...options, headers: { ...options.headers, ...headers(role) } }),
  };
}

async function signIn(t: TestApp, username: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: TEST_PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'clan_session');
    if (response.statusCode === 200 && cookie) return `clan_session=${cookie.value}`;
    // Requests with wrong passwords may have used up the login limit: wait it out on the test's clock.
    if (response.statusCode !== 429) break;
    t.clock.advance((Number(response.headers['retry-after']) + 1) * 1000);
  }
  throw new Error(`could not sign ${username} in again`);
}

/** A plain user and an admin, signed in, whose sessions and admin flags a test can restore. */
export async function createRoleSessions(t: TestApp): Promise<RoleSessions> {
  const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
  for (const role of ['user', 'admin'] as const) {
    await createUser(t, ACCOUNTS[role].username, { admin: ACCOUNTS[role].admin });
    cookies[role] = await signIn(t, ACCOUNTS[role].username);
  }

  /** True when the role was already as it should be. */
  async function check(role: 'user' | 'admin'): Promise<boolean> {
    const { username, admin } = ACCOUNTS[role];
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookies[role] } });
    const { user } = me.json<{ user: { is_admin: boolean } | null }>();
    if (user?.is_admin === admin) return true;
    if (user && user.is_admin !== admin) {
      await t.database.db
        .updateTable('users')
        .set({ is_admin: admin })
        .where('username', '=', username)
        .execute();
    }
    if (!user) cookies[role] = await signIn(t, username);
    return false;
  }

  return {
    headers: (role): Record<string, string> => (role === 'anonymous' ? {} : { cookie: cookies[role] }),
    async restore() {
      // A second round once anything changed: signing in may move the clock, and a session then
      // records its use on the next request, which must not land inside a request under test.
      const settled = [await check('user'), await check('admin')];
      if (settled.includes(false)) {
        await check('user');
        await check('admin');
      }
    },
  };
}

/** Waits until no WOM sync or baseline backfill runs, as an admin sees it, so a run a request started cannot race the next. */
export async function untilSyncIdle(t: TestApp, sessions: RoleSessions): Promise<void> {
  for (let poll = 0; poll < 400; poll += 1) {
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sync',
      headers: sessions.headers('admin'),
    });
    if (status.statusCode !== 200) throw new Error(`sync status: ${status.statusCode} ${status.body}`);
    // The baseline backfill shows in the same answer and writes members too: wait for both.
    const { running, baseline_backfill: backfill } = status.json<{
      running: boolean;
      baseline_backfill?: { running: boolean };
    }>();
    if (!running && !backfill?.running) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('a WOM sync is still running after 10 seconds');
}
