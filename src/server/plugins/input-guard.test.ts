import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';

const NUL_REFUSED = { code: 'VALIDATION_ERROR', message: expect.stringContaining('NUL') };

for (const dialect of testDialects) {
  describe(`${dialect}: input guard`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterAll(async () => t.close());

    const postJson = (url: string, body: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: body,
      });

    it('refuses a NUL in a login username with 400 before it reaches the database', async () => {
      const response = await postJson('/api/auth/login', '{"username":"a\\u0000b","password":"x"}');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NUL_REFUSED);
    });

    it('refuses a NUL in an object key or deep inside a body', async () => {
      const inKey = await postJson('/api/auth/login', '{"username":"a","password":"b","\\u0000":1}');
      expect(inKey.json()).toEqual(NUL_REFUSED);
      const depth = 100_000;
      const deep = `{"username":"a","password":"b","x":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`;
      const nested = await postJson('/api/auth/login', deep);
      expect(nested.statusCode).toBe(400);
      expect(nested.json()).toEqual(NUL_REFUSED);
    });

    it('refuses an unpaired surrogate anywhere in a JSON body, keys included, before it reaches the database', async () => {
      const refusedText = {
        code: 'VALIDATION_ERROR',
        message: 'body: text must be valid Unicode (no unpaired surrogates)',
      };
      for (const body of [
        '{"username":"\\ud800","password":"x"}',
        '{"username":"a","password":"b\\udfffc"}',
        '{"username":"a","password":"b","\\udbff":1}',
        '{"username":"a","password":"b","x":[[{"y":"\\ud83d"}]]}',
      ]) {
        const response = await postJson('/api/auth/login', body);
        expect(response.statusCode, body).toBe(400);
        expect(response.json(), body).toEqual(refusedText);
      }
      const paired = await postJson('/api/auth/login', '{"username":"\\ud83d\\ude00","password":"x"}');
      expect(paired.statusCode).toBe(401);
    });

    it('refuses a NUL in a query string or a path parameter, even where the route reads neither', async () => {
      const query = await t.app.inject({ method: 'GET', url: '/api/events?q=a%00b' });
      expect(query.statusCode).toBe(400);
      expect(query.json()).toEqual(NUL_REFUSED);
      const key = await t.app.inject({ method: 'GET', url: '/api/events?a%00=1' });
      expect(key.json()).toEqual(NUL_REFUSED);
      const param = await t.app.inject({
        method: 'POST',
        url: '/api/admin/users/1%00/admin',
        headers: roles.headers('admin'),
        payload: { is_admin: true },
      });
      expect(param.statusCode).toBe(400);
      expect(param.json()).toEqual(NUL_REFUSED);
    });

    it('answers 400 for a user id beyond the integer column and 404 for the largest one it holds', async () => {
      const setAdmin = (id: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${id}/admin`,
          headers: roles.headers('admin'),
          payload: { is_admin: true },
        });
      for (const id of ['2147483648', '99999999999999999999', '0', '1e3']) {
        const response = await setAdmin(id);
        expect(response.statusCode, id).toBe(400);
        expect(response.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'id: must be a whole number from 1 to 2147483647',
        });
      }
      expect((await setAdmin('2147483647')).statusCode).toBe(404);
      expect((await setAdmin(String(roles.userId))).statusCode).toBe(200);
    });

    it('answers 400 for a WOM player id beyond the integer range', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/wom-player?id=${'9'.repeat(30)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'id: id must be a WOM player id',
      });
    });
  });
}
