import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { ROLES, createRoleSessions, untilSyncIdle, type RoleSessions } from '#test/roles.ts';
import { apiRoutes, fillPath, label } from '#test/routes.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const PRIVATE = /^\/api\/(admin|auth|me|users|claim-requests|claims)(\/|$)/;

for (const dialect of testDialects) {
  describe(`${dialect}: Cache-Control no-store`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let sessions: RoleSessions;

    beforeAll(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 5, seed: 3, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      sessions = await createRoleSessions(t);
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('marks every answer of every admin, account and claims route no-store, for a visitor, a user and an admin', async () => {
      const routes = apiRoutes(t.app).filter((route) => PRIVATE.test(route.url));
      expect(routes.map(label)).toEqual(
        expect.arrayContaining(['POST /api/auth/login', 'GET /api/auth/me', 'GET /api/admin/users']),
      );
      for (const role of ROLES) {
        for (const route of routes) {
          const response = await t.app.inject({
            method: route.method,
            url: fillPath(route.url, () => '1'),
            headers: sessions.headers(role),
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          expect(response.headers['cache-control'], `${role}: ${label(route)} (${response.statusCode})`).toBe(
            'no-store',
          );
          await sessions.restore();
          await untilSyncIdle(t, sessions);
        }
      }
    });

    it('marks errors no-store too: unknown paths, invalid input and wrong methods', async () => {
      const requests = [
        { method: 'GET', url: '/api/auth/nope' },
        { method: 'GET', url: '/api/admin/nope' },
        { method: 'GET', url: '/api/admin/nope', headers: sessions.headers('admin') },
        { method: 'POST', url: '/api/auth/login', payload: { username: 1 } },
        { method: 'POST', url: '/api/auth/login', payload: { username: 'boss', password: 'wrong' } },
        { method: 'DELETE', url: '/api/auth/me' },
        { method: 'GET', url: '/api/admin/users?x=%00', headers: sessions.headers('admin') },
      ] as const;
      for (const request of requests) {
        const response = await t.app.inject(request);
        expect(response.statusCode, request.url).toBeGreaterThanOrEqual(400);
        expect(response.headers['cache-control'], `${request.method} ${request.url}`).toBe('no-store');
      }
    });

    it('marks a percent-encoded admin or auth path no-store, as the router decodes it', async () => {
      for (const url of ['/api/%61dmin/users', '/api/%61uth/me', '/api/admin%2Fusers', '/api/%61dmin/nope']) {
        const response = await t.app.inject({ method: 'GET', url, headers: sessions.headers('admin') });
        expect(response.headers['cache-control'], `${url} (${response.statusCode})`).toBe('no-store');
      }
      const users = await t.app.inject({
        method: 'GET',
        url: '/api/%61dmin/users',
        headers: sessions.headers('admin'),
      });
      expect(users.statusCode).toBe(200);
    });

    it('leaves public reads revalidated rather than unstored', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/events' });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect((await t.app.inject({ method: 'GET', url: '/api/authors' })).headers['cache-control']).not.toBe(
        'no-store',
      );
    });
  });
}
