import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type Role, type SignedInRoles } from '#test/roles.ts';
import { ADMIN_PREFIX } from './admin-guard.ts';
import type { RouteEntry } from './route-table.ts';

type RegisteredRoute = Pick<RouteEntry, 'method' | 'url'>;

/** Every route of the app as registered (the route table), so a route added anywhere shows up here. */
function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return app.routeTable.map(({ method, url }) => ({ method, url }));
}

/** A concrete path for a route pattern: any value passes the guard, which runs before validation. */
function concrete(url: string): string {
  return url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');
}

for (const dialect of testDialects) {
  describe(`${dialect}: admin guard`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    const call = (route: RegisteredRoute, role: Role = 'anonymous') =>
      roles.as(role, {
        method: route.method,
        url: concrete(route.url),
        ...(['GET', 'HEAD'].includes(route.method) ? {} : { payload: {} }),
      });

    it('finds the admin routes in the route tree', () => {
      expect(registeredRoutes(t.app)).toEqual(
        expect.arrayContaining([
          { method: 'GET', url: '/api/admin/users' },
          { method: 'POST', url: '/api/admin/users/:id/admin' },
          { method: 'POST', url: '/api/admin/sync' },
        ]),
      );
    });

    it('rejects a visitor with 401 and a plain user with 403 on every route under /api/admin', async () => {
      const adminRoutes = registeredRoutes(t.app).filter((route) => route.url.startsWith(ADMIN_PREFIX));
      expect(adminRoutes.length).toBeGreaterThan(0);
      for (const route of adminRoutes) {
        const label = `${route.method} ${route.url}`;
        expect((await call(route)).statusCode, `visitor: ${label}`).toBe(401);
        expect((await call(route, 'user')).statusCode, `plain user: ${label}`).toBe(403);
      }
    });

    it('guards unknown paths under /api/admin too: 401, 403, then a JSON 404 for an admin', async () => {
      const unknown = { method: 'GET' as const, url: '/api/admin/nope' };
      const visitor = await call(unknown);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().code).toBe('UNAUTHENTICATED');
      const user = await call(unknown, 'user');
      expect(user.statusCode).toBe(403);
      expect(user.json().code).toBe('FORBIDDEN');
      const admin = await call(unknown, 'admin');
      expect(admin.statusCode).toBe(404);
      expect(admin.headers['content-type']).toContain('application/json');
      expect(admin.json()).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/admin/nope' });
    });

    it('answers a visitor 401 for a wrong method on a known admin path', async () => {
      expect((await call({ method: 'DELETE', url: '/api/admin/users' })).statusCode).toBe(401);
    });
  });
}
