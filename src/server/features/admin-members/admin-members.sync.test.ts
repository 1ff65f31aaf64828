import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { createManualClock, createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const HOUR = 60 * 60 * 1000;

for (const dialect of testDialects) {
  describe(`${dialect}: an admin's Update Rank and the WOM sync`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let adminCookie: string;
    const clock = createManualClock();

    beforeEach(async () => {
      clock.set('2026-11-21T12:00:00.000Z');
      simulator = await startSimulator({ members: 8, seed: 5, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      await createUser(t, 'boss', { admin: true });
      adminCookie = await loginAs(t, 'boss');
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    const adminView = async (womId: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/members',
        headers: { cookie: adminCookie },
      });
      return response.json<AdminMember[]>().find((m) => m.wom_id === womId);
    };

    it("keeps the admin's rank through later syncs, until the member's role in WOM changes", async () => {
      expect((await t.sync()).outcome).toBe('succeeded');
      const id = simulator.memberIds()[0]!;
      const womId = String(id);
      const synced = (await adminView(womId))!.wom_role_synced!;
      const chosen = synced === 'zenyte' ? 'onyx' : 'zenyte';

      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/members/${womId}/rank`,
        headers: { cookie: adminCookie },
        payload: { role: chosen },
      });
      expect(response.statusCode).toBe(200);

      clock.advance(HOUR);
      expect((await t.sync()).outcome).toBe('succeeded');
      expect(await adminView(womId)).toMatchObject({ womrole: chosen, wom_role_synced: synced });

      const promoted = [synced, chosen].includes('ruby') ? 'diamond' : 'ruby';
      simulator.setRole(id, promoted);
      clock.advance(HOUR);
      expect((await t.sync()).outcome).toBe('succeeded');
      expect(await adminView(womId)).toMatchObject({ womrole: promoted, wom_role_synced: promoted });
    });
  });
}
