import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: GET /api/users`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await createUser(t, 'lynx');
    });
    afterEach(async () => t.close());

    const list = (role: 'anonymous' | 'user' | 'admin') =>
      roles.as(role, { method: 'GET', url: '/api/users' });

    it('answers 401 for a visitor', async () => {
      const response = await list('anonymous');
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    });

    it('answers a plain user with themselves only', async () => {
      const response = await list('user');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          id: roles.userId,
          username: 'pleb',
          is_admin: false,
          created_at: expect.any(String),
          join_date: '2026-11-21',
          supabase_auth_id: null,
        },
      ]);
    });

    it('answers an admin with every user', async () => {
      const response = await list('admin');
      expect(response.json().map((user: { username: string }) => user.username)).toEqual([
        'boss',
        'lynx',
        'pleb',
      ]);
    });

    it('shows each name in the case it was registered in, in alphabetical order whatever the case', async () => {
      await createUser(t, 'Zezima');
      await createUser(t, 'Alice');
      const response = await list('admin');
      expect(response.json().map((user: { username: string }) => user.username)).toEqual([
        'Alice',
        'boss',
        'lynx',
        'pleb',
        'Zezima',
      ]);
    });

    it('never sends a password hash and tells caches not to keep the answer', async () => {
      for (const role of ['user', 'admin'] as const) {
        const response = await list(role);
        expect(response.body).not.toContain('password');
        expect(response.body).not.toContain('$argon2');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });
  });
}
