import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterPage } from '#core/members/character.schema.ts';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { call } from '#test/http-call.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from '../../db/revisions.ts';

interface WomPlayer {
  updatedAt: string | null;
  latestSnapshot: {
    createdAt: string;
    data: {
      skills: Record<string, { metric: string; experience: number; level: number; rank: number }>;
      bosses: Record<string, { metric: string; kills: number; rank: number }>;
      activities: Record<string, { metric: string; score: number; rank: number }>;
    };
  } | null;
}

const unrankedAsZero = (value: number) => Math.max(0, value);

for (const dialect of testDialects) {
  describe(`${dialect}: a member page's skills, bosses and activities`, () => {
    const clock = createManualClock('2026-11-21T12:00:00.000Z');
    let simulator: WomSimulator;
    let t: TestApp;
    const players = new Map<string, WomPlayer>();

    beforeAll(async () => {
      // 25 members: the generated clan then has one WOM never updated.
      simulator = await startSimulator({ members: 25, seed: 8, clock, rateLimit: false });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      for (const id of simulator.memberIds()) {
        players.set(String(id), (await call<WomPlayer>(`${simulator.url}/players/id/${id}`)).body);
      }
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    const page = async (womId: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/members/${womId}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CharacterPage>();
    };

    it("lists every metric of the member's latest WOM snapshot in WOM's order, and WOM's update time", async () => {
      const [womId, player] = [...players].find(([, p]) => p.latestSnapshot !== null)!;
      const snapshot = player.latestSnapshot!;
      const body = await page(womId);

      expect(body.wom_updated_at).toBe(player.updatedAt);
      expect(body.last_updated_at).toBe(player.updatedAt);
      expect(body.stats).toEqual({
        skills: Object.values(snapshot.data.skills).map(({ metric, level, experience, rank }) => ({
          metric,
          level,
          experience: unrankedAsZero(experience),
          rank,
        })),
        bosses: Object.values(snapshot.data.bosses).map(({ metric, kills, rank }) => ({
          metric,
          kills: unrankedAsZero(kills),
          rank,
        })),
        activities: Object.values(snapshot.data.activities).map(({ metric, score, rank }) => ({
          metric,
          score: unrankedAsZero(score),
          rank,
        })),
      });
      expect(body.stats!.skills).toHaveLength(25);
      expect(body.stats!.skills[0]!.metric).toBe('overall');
      // A boss under the hiscores' threshold is listed, not on the hiscores.
      expect(body.stats!.bosses.some((boss) => boss.rank === -1 && boss.kills === 0)).toBe(true);
    });

    it('says a member WOM never updated has no stats and no update time, not the sync time', async () => {
      const neverUpdated = [...players].filter(([, p]) => p.updatedAt === null);
      expect(neverUpdated).toHaveLength(1);
      const body = await page(neverUpdated[0]![0]);
      expect(body.member.wom_account_type).toBe('unknown');
      expect(body.stats).toBeNull();
      expect(body.wom_updated_at).toBeNull();
    });

    it('has no page, and so no stats, for a hidden member', async () => {
      const [womId] = [...players].find(([, p]) => p.latestSnapshot !== null)!;
      await t.database.db.updateTable('members').set({ hidden: true }).where('wom_id', '=', womId).execute();
      await bumpRevision(t.database.db, 'members');
      const response = await t.app.inject({ method: 'GET', url: `/api/members/${womId}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"skills"');
    });
  });
}
