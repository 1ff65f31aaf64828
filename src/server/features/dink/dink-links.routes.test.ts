import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDink, MyDinkLink } from '#core/dink/dink.schema.ts';
import { CREATION_LIMITS } from '#core/users/creation-limits.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { connectDink, examplePayload, postDink } from './dink.testing.ts';

const HOUR_MS = 3_600_000;

for (const dialect of testDialects) {
  describe(`${dialect}: Dink addresses, for their owners and for admins`, () => {
    let t: TestApp;
    let roles: SignedInRoles;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await addMember(t, '42', 'Wise Rune');
      await addMember(t, '43', 'Woox');
      await claimCharacter(t, roles.userId, '42');
      await claimCharacter(t, roles.userId, '43');
    });
    afterEach(async () => t.close());

    const mine = async () =>
      (await roles.as('user', { method: 'GET', url: '/api/me/dink' })).json<MyDinkLink[]>();
    const adminView = async () =>
      (await roles.as('admin', { method: 'GET', url: '/api/admin/dink' })).json<AdminDink>();

    it("lists each claimed character's connection: none, then connected, then bound with its posts", async () => {
      expect(await mine()).toEqual([
        expect.objectContaining({
          wom_id: '42',
          player_name: 'Wise Rune',
          connected: false,
          bound: false,
          posts: 0,
        }),
        expect.objectContaining({
          wom_id: '43',
          player_name: 'Woox',
          connected: false,
          bound: false,
          posts: 0,
        }),
      ]);
      const { token } = await connectDink(t, '42', roles.headers('user'));
      expect((await mine())[0]).toMatchObject({
        connected: true,
        bound: false,
        share_public: true,
        posts: 0,
      });
      expect((await postDink(t, token, examplePayload('pet.json'))).statusCode).toBe(202);
      expect((await mine())[0]).toMatchObject({
        connected: true,
        bound: true,
        posts: 1,
        last_post_at: t.clock.now().toISOString(),
      });
    });

    it("refuses an address for a character that is not the user's, an admin's included", async () => {
      await addMember(t, '44', 'Lynx Titan');
      for (const role of ['user', 'admin'] as const) {
        const response = await roles.as(role, { method: 'POST', url: '/api/me/characters/44/dink' });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('You have not claimed this character');
      }
      expect(await t.database.db.selectFrom('dink_links').select('wom_id').execute()).toEqual([]);
    });

    it('slows an account that makes addresses without end', async () => {
      const limit = CREATION_LIMITS.dinkAddress.account.attempts;
      for (let made = 0; made < limit; made += 1) await connectDink(t, '42', roles.headers('user'));
      const over = await roles.as('user', { method: 'POST', url: '/api/me/characters/42/dink' });
      expect(over.statusCode).toBe(429);
      t.clock.advance(HOUR_MS + 1000);
      await connectDink(t, '42', roles.headers('user'));
    });

    it('shows admins who has Dink, latest post first and never-posting last, without sharing-only links', async () => {
      const names = ['Also New', 'New', 'Old', 'Alpha', 'Quiet'];
      for (const [i, name] of names.entries()) {
        const womId = String(100 + i);
        await addMember(t, womId, name);
        const user = await createUser(t, `owner${i}`);
        await claimCharacter(t, user.id, womId);
        await connectDink(t, womId, { cookie: await loginAs(t, `owner${i}`) });
      }
      const posted: Record<string, string> = {
        'Also New': '2026-11-27T10:00:00.000Z',
        New: '2026-11-27T10:00:00.000Z',
        Old: '2026-11-01T10:00:00.000Z',
      };
      for (const [i, name] of names.entries()) {
        if (!posted[name]) continue;
        await t.database.db
          .updateTable('dink_links')
          .set({ last_post_at: posted[name], posts: 1 })
          .where('wom_id', '=', String(100 + i))
          .execute();
      }
      // A sharing choice made before connecting leaves a link that Dink never used.
      const shy = await roles.as('user', {
        method: 'PATCH',
        url: '/api/me/characters/43/dink',
        payload: { share_public: false },
      });
      expect(shy.statusCode).toBe(200);

      const view = await adminView();
      expect(view.members.map((member) => member.player_name)).toEqual([
        'Also New',
        'New',
        'Old',
        'Alpha',
        'Quiet',
      ]);
      expect(view.members[0]).toMatchObject({ username: 'owner0', connected: true, posts: 1 });
      expect(view.images).toEqual({
        used_bytes: 0,
        site_cap_bytes: 2048 * 1024 * 1024,
        member_cap_bytes: 100 * 1024 * 1024,
      });
    });

    it('saves the thresholds with an audit row, and refuses ones out of range saving nothing', async () => {
      const before = (await adminView()).thresholds;
      const bad = await roles.as('admin', {
        method: 'PUT',
        url: '/api/admin/dink/settings',
        payload: { min_loot_value: -1, min_level: 128, min_xp_milestone: 0 },
      });
      expect(bad.statusCode).toBe(400);
      expect((await adminView()).thresholds).toEqual(before);

      const wanted = { min_loot_value: 5_000_000, min_level: 90, min_xp_milestone: 25_000_000 };
      const saved = await roles.as('admin', {
        method: 'PUT',
        url: '/api/admin/dink/settings',
        payload: wanted,
      });
      expect(saved.statusCode).toBe(200);
      expect((await adminView()).thresholds).toEqual(wanted);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'before', 'after'])
        .where('action', '=', 'dink.settings')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_user_id).toBe(roles.adminId);
      expect(JSON.parse(audit[0]!.before!)).toEqual(before);
      expect(JSON.parse(audit[0]!.after!)).toEqual(wanted);
    });
  });
}
