import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { WOM_PLAYER_MESSAGES } from '#core/members/wom-player-check.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { changedTables, dumpTables } from '#test/table-dump.ts';
import { post } from '#test/http-call.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

/** An id no player of the simulated WOM has: its ids start above 1,000 and grow by at most 3,000. */
const UNKNOWN_ID = '2000000000';

const newMember = (womId: string, name: string) => ({
  wom_id: womId,
  name,
  wom_name: null,
  womrole: 'opal',
  title: null,
  join_date: '2026-11-20',
  current_lvl: 1500,
  current_xp: 2_000_000,
  first_lvl: 1500,
  first_xp: 2_000_000,
  ehb: 0,
  siege_score: 0,
});

for (const dialect of testDialects) {
  describe(`${dialect}: Add Member asks Wise Old Man, and the sync flags who is not in the group`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let roles: SignedInRoles;

    beforeAll(async () => {
      const clock = createManualClock();
      simulator = await startSimulator({ members: 6, seed: 8, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      roles = await signInRoles(t);
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const asAdmin = (options: InjectOptions) => roles.as('admin', options);
    const lookUp = (womId: string) => asAdmin({ method: 'GET', url: `/api/admin/wom-players/${womId}` });
    const add = (womId: string, name: string) =>
      asAdmin({ method: 'POST', url: '/api/admin/members', payload: newMember(womId, name) });
    const adminView = async (womId: string) =>
      (await asAdmin({ method: 'GET', url: '/api/admin/members' }))
        .json<AdminMember[]>()
        .find((member) => member.wom_id === womId);
    /** A player WOM starts tracking now: known to WOM, in no group. */
    const recruit = async (name: string) => {
      const tracked = await post<{ id: number; displayName: string }>(`${simulator.url}/players/${name}`);
      expect(tracked.status).toBe(201);
      return { womId: String(tracked.body.id), name: tracked.body.displayName };
    };

    it('names the player WOM has for an id, refuses an id WOM does not know, and says when WOM is down', async () => {
      const player = await recruit('New Recruit');
      const found = await lookUp(player.womId);
      expect(found.statusCode).toBe(200);
      expect(found.headers['cache-control']).toBe('no-store');
      expect(found.json()).toEqual({ wom_id: player.womId, display_name: 'New Recruit' });
      expect(simulator.requests.at(-1)?.path).toBe(`/players/id/${player.womId}`);

      const unknown = await lookUp(UNKNOWN_ID);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: WOM_PLAYER_MESSAGES.unknown(UNKNOWN_ID),
      });
      expect((await lookUp('not-a-number')).statusCode).toBe(400);

      simulator.setFaults({ down: true });
      try {
        const down = await lookUp(player.womId);
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          code: 'WOM_UNAVAILABLE',
          message: WOM_PLAYER_MESSAGES.unchecked(player.womId),
        });
      } finally {
        simulator.resetFaults();
      }
      const url = `/api/admin/wom-players/${player.womId}`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await roles.as('user', { method: 'GET', url })).statusCode).toBe(403);
    });

    it('refuses to add a member whose WOM id WOM does not know, writing nothing', async () => {
      const before = await dumpTables(t.database.db);
      const response = await add(UNKNOWN_ID, 'Nobody');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(WOM_PLAYER_MESSAGES.unknown(UNKNOWN_ID));
      expect(changedTables(before, await dumpTables(t.database.db))).toEqual([]);
    });

    it('adds a member WOM knows, and the next sync flags them as not in the group, or adopts a member who is', async () => {
      const outsider = await recruit('Hand Added');
      const [groupId] = simulator.memberIds();
      const member = String(groupId);
      expect((await add(outsider.womId, 'Hand Added')).statusCode).toBe(201);
      expect((await add(member, 'Early Entry')).statusCode).toBe(201);
      expect(await adminView(outsider.womId)).toMatchObject({ not_in_wom: false, left_at: null });

      expect((await t.sync()).outcome).toBe('succeeded');
      // Flagged, not taken for a member who left: WOM never listed them in the group.
      expect(await adminView(outsider.womId)).toMatchObject({
        name: 'Hand Added',
        not_in_wom: true,
        left_at: null,
        wom_role_synced: null,
      });
      expect(await adminView(member)).toMatchObject({ not_in_wom: false, left_at: null });
      expect((await adminView(member))?.wom_role_synced).not.toBeNull();
    });

    it('saves a member unchecked while WOM cannot be reached, and the next sync flags them', async () => {
      const outsider = await recruit('While Down');
      simulator.setFaults({ down: true });
      try {
        expect((await add(outsider.womId, 'While Down')).statusCode).toBe(201);
      } finally {
        simulator.resetFaults();
      }
      t.clock.advance(3_600_000);
      expect((await t.sync()).outcome).toBe('succeeded');
      expect(await adminView(outsider.womId)).toMatchObject({ not_in_wom: true, left_at: null });
    });
  });
}
