import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Character } from '#core/claims/claims.schema.ts';
import type { Goal } from '#core/goals/goals.schema.ts';
import type { PublicMember } from '#core/members/members.schema.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { readRevision } from '../../db/revisions.ts';
import { PLAYER_REFRESH_MS } from '../wom-data/player-snapshots.ts';
import { claimCharacter, snapshotWith, storeSnapshot } from './goals.testing.ts';

const START = '2026-11-21T12:00:00.000Z';

interface SyncResult {
  goals: Goal[];
  snapshot_at: string | null;
  refreshed: boolean;
  snapshot_age_seconds: number | null;
}

/**
 * Issue 21, item 12: after Sync Progress the character card (`/api/me/characters`), the goals and
 * `/api/pwom-player` show the values of one stored snapshot, and the answer says whether WOM was
 * asked and how old the data is when it was not.
 */
for (const dialect of testDialects) {
  describe(`${dialect}: Sync Progress leaves the card, the goals and the player endpoint agreeing`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    let roles: SignedInRoles;
    const clock = createManualClock(START);
    let mine: number;
    let other: number;
    let unmeasured: number;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 5, seed: 21, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      roles = await signInRoles(t);
      [mine, other, unmeasured] = simulator.memberIds() as [number, number, number];
      for (const womId of [mine, other, unmeasured]) await claimCharacter(t, roles.userId, String(womId));
    });
    // Each test starts past the minute's three Sync Progress attempts of the one before.
    beforeEach(() => clock.advance(60_000));
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const asked = (womId: number) =>
      simulator.requests.filter((r) => r.path === `/players/id/${womId}`).length;
    const sync = async (womId: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals/sync',
        payload: { wom_id: String(womId) },
        headers: roles.headers('user'),
      });
      expect(response.statusCode).toBe(200);
      return response.json<SyncResult>();
    };
    const card = async (womId: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/me/characters',
        headers: roles.headers('user'),
      });
      return response.json<Character[]>().find((character) => character.wom_id === String(womId))!;
    };
    const player = async (womId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/pwom-player?id=${womId}` })).json<WomPlayerItem>();
    const rosterXp = async (womId: number) =>
      (await t.app.inject({ method: 'GET', url: '/api/members' }))
        .json<PublicMember[]>()
        .find((member) => member.wom_id === String(womId))?.current_xp;
    const overallGoal = async (womId: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        payload: { wom_id: String(womId), metric: 'overall', mode: 'gain', value: 100_000_000 },
        headers: roles.headers('user'),
      });
      expect(response.statusCode).toBe(201);
      return response.json<Goal>();
    };

    it('shows the snapshot WOM just gave on the card, in the goals, the roster and /api/pwom-player', async () => {
      const goal = await overallGoal(mine);
      // The character plays on: WOM's answer is newer than what the clan sync stored.
      simulator.gainExperience(mine, 'attack', 250_000);
      clock.advance(PLAYER_REFRESH_MS + 1);
      const before = asked(mine);

      const result = await sync(mine);
      expect(asked(mine)).toBe(before + 1);
      expect(result.refreshed).toBe(true);

      const served = await player(mine);
      const overall = served.latestSnapshot!.data.skills.overall!;
      expect(overall.experience).toBeGreaterThanOrEqual(goal.start_value + 250_000);
      expect(served.exp).toBe(overall.experience);
      expect(result.goals.find((g) => g.id === goal.id)!.current_value).toBe(overall.experience);
      expect(await card(mine)).toMatchObject({
        current_xp: overall.experience,
        current_lvl: overall.level,
        combat_level: served.combatLevel,
        ehb: served.ehb,
      });
      expect(served.ehb).toBe(Math.floor(served.latestSnapshot!.data.computed.ehb!.value));
      // The public roster, built once per members revision, moves with it.
      expect(await rosterXp(mine)).toBe(overall.experience);
    });

    it('says how old the stored snapshot is when it was young enough that WOM was not asked', async () => {
      clock.advance(PLAYER_REFRESH_MS + 1);
      simulator.gainExperience(mine, 'attack', 1_000);
      const first = await sync(mine);
      // WOM measured the player just now.
      expect(first).toMatchObject({ refreshed: true, snapshot_age_seconds: 0 });
      clock.advance(3 * 60_000);
      const before = asked(mine);

      const second = await sync(mine);
      expect(asked(mine)).toBe(before);
      expect(second).toMatchObject({
        refreshed: false,
        snapshot_at: first.snapshot_at,
        snapshot_age_seconds: 180,
      });
    });

    it('brings the card in line with a young stored snapshot it disagreed with, without asking WOM', async () => {
      const snapshot = snapshotWith({ skills: { overall: 123_456_789, attack: 13_034_431 } });
      snapshot.createdAt = new Date(clock.now().getTime() - 12 * 60_000).toISOString();
      await storeSnapshot(t, String(other), snapshot);
      const before = asked(other);

      const result = await sync(other);
      expect(asked(other)).toBe(before);
      expect(result).toMatchObject({ refreshed: false, snapshot_age_seconds: 720 });
      expect((await card(other)).current_xp).toBe(123_456_789);
      expect((await player(other)).exp).toBe(123_456_789);
      expect(await rosterXp(other)).toBe(123_456_789);
    });

    it("takes WOM's first measurement of a member as their baseline, so their clan XP starts at 0", async () => {
      await t.database.db
        .updateTable('members')
        .set({ current_xp: 0, first_xp: 0, current_lvl: 0, first_lvl: 0 })
        .where('wom_id', '=', String(unmeasured))
        .execute();
      await storeSnapshot(t, String(unmeasured), snapshotWith({ skills: { overall: 5_000_000 } }));

      await sync(unmeasured);
      const row = await t.database.db
        .selectFrom('members')
        .select(['current_xp', 'first_xp', 'current_lvl', 'first_lvl'])
        .where('wom_id', '=', String(unmeasured))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ current_xp: 5_000_000, first_xp: 5_000_000, current_lvl: 50, first_lvl: 50 });
    });

    it('leaves the members revision alone when the row already shows the snapshot', async () => {
      await sync(other);
      const before = await readRevision(t.database.db, 'members');
      await sync(other);
      expect(await readRevision(t.database.db, 'members')).toBe(before);
    });

    it('also updates the card when a visitor’s /api/pwom-player asks WOM for a stale snapshot', async () => {
      simulator.gainExperience(mine, 'attack', 40_000);
      clock.advance(PLAYER_REFRESH_MS + 1);
      const before = asked(mine);

      const served = await player(mine);
      expect(asked(mine)).toBe(before + 1);
      expect(served.exp).toBe(served.latestSnapshot!.data.skills.overall!.experience);
      expect((await card(mine)).current_xp).toBe(served.exp);
    });
  });
}
