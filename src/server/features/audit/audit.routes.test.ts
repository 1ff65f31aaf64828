import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { recordAudit } from './audit.repository.ts';

interface Entry {
  id: number;
  actor_user_id: number | null;
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

for (const dialect of testDialects) {
  describe(`${dialect}: admin audit list`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
    });
    afterEach(async () => t.close());

    async function list(query = '') {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit${query}`,
        headers: roles.headers('admin'),
      });
      expect(response.headers['cache-control']).toBe('no-store');
      return response;
    }

    it('rejects a visitor with 401 and a plain user with 403', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: roles.headers('user'),
      });
      expect(user.statusCode).toBe(403);
      expect(user.headers['cache-control']).toBe('no-store');
    });

    it("shows an admin's action at the top, newest first, with before and after as JSON", async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: roles.headers('admin'),
        payload: { name: 'Clan week', type: 'Weekly', start_date: '2026-11-23T18:00:00Z' },
      });
      expect(created.statusCode).toBe(201);
      const response = await list();
      expect(response.statusCode).toBe(200);
      const entries = response.json<Entry[]>();
      expect(entries[0]).toEqual({
        id: expect.any(Number),
        actor_user_id: roles.adminId,
        actor_label: 'boss',
        action: 'event.create',
        target_type: 'event',
        target_id: String(created.json().id),
        before: null,
        after: created.json(),
        created_at: t.clock.now().toISOString(),
      });
      const ids = entries.map((entry) => entry.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('pages back in time with limit and before', async () => {
      for (let i = 1; i <= 5; i += 1) {
        await recordAudit(t.database.db, {
          actor: { userId: null, label: 'test' },
          action: `step.${i}`,
          targetType: 'test',
          targetId: i,
          after: { step: i },
          at: t.clock.now(),
        });
      }
      const first = (await list('?limit=2')).json<Entry[]>();
      expect(first.map((entry) => entry.action)).toEqual(['step.5', 'step.4']);
      const next = (await list(`?limit=2&before=${first[1]!.id}`)).json<Entry[]>();
      expect(next.map((entry) => [entry.action, entry.after])).toEqual([
        ['step.3', { step: 3 }],
        ['step.2', { step: 2 }],
      ]);
      expect((await list()).json<Entry[]>()).toHaveLength(6);
    });

    it('refuses a page size or cursor out of range with 400', async () => {
      for (const query of ['?limit=0', '?limit=201', '?limit=ten', '?before=0', '?before=99999999999']) {
        const response = await list(query);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });
}
