import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inertText } from '#core/discord/news-messages.ts';
import type { Goal } from '#core/goals/goals.schema.ts';
import type { RaceInput } from '#core/races/races.schema.ts';
import { createManualClock, createUser, loginAs } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter, snapshotWith, storeSnapshot } from '../goals/goals.testing.ts';
import { createRaceAs, measuredMembers, raceInput } from '../races/races.testing.ts';

const START = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const PINGS = '@everyone <@&123>';
const MEMBER_KINDS = ['goal_completed', 'race_finished'] as const;
const SITE = 'https://clan.example';

for (const dialect of testDialects) {
  describe(`${dialect}: Discord news from members' goals, races and claim requests`, () => {
    let t: DiscordTestApp;
    let user: Record<string, string>;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
      await addMember(t, '42', 'Zezima');
      await addMember(t, '43', `Mod ${PINGS}`);
      await addMember(t, '44', 'Woox');
      for (const womId of ['42', '43', '44']) await claimCharacter(t, t.roles.userId, womId);
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 1_000 } }));
      await storeSnapshot(t, '43', snapshotWith({ skills: { attack: 1_000 } }));
      await storeSnapshot(t, '44', snapshotWith({ skills: { attack: 1_000 } }));
      user = t.roles.headers('user');
    });
    afterEach(async () => t.close());

    async function goal(womId: string, shown: boolean): Promise<Goal> {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user-goals',
        headers: user,
        payload: { wom_id: womId, metric: 'attack', mode: 'gain', value: 500, public: shown },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Goal>();
    }

    /** Opening "my goals" brings active goals up to date from the stored snapshots. */
    const openMyGoals = async () =>
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user-goals?scope=mine', headers: user })).statusCode,
      ).toBe(200);

    it('posts a public goal reached, and nothing for a private one or a goal not reached', async () => {
      const goals = await t.addRoute(['goal_completed']);
      const others = await t.addRoute(['race_finished', 'claim_requests', 'member_joined']);
      const reached = await goal('43', true);
      await goal('42', false);
      await goal('44', true);
      await storeSnapshot(t, '43', snapshotWith({ skills: { attack: 1_600 } }));
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 5_000 } }));
      await storeSnapshot(t, '44', snapshotWith({ skills: { attack: 1_200 } }));
      await openMyGoals();
      // A completed goal stays completed: opening the page again says nothing more.
      await storeSnapshot(t, '43', snapshotWith({ skills: { attack: 9_000 } }));
      await openMyGoals();
      await t.deliver();

      expect(t.texts(goals.webhookId)).toEqual([
        `${inertText(`Mod ${PINGS}`)} reached a goal\n[${inertText(`Mod ${PINGS}`)}](${SITE}/members/43): Attack: 1,500 XP`,
      ]);
      const [message] = t.standIn.received(goals.webhookId);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect((message?.body.embeds as { url: string }[])[0]?.url).toBe(`${SITE}/goals/${reached.id}`);
      expect(t.standIn.received(others.webhookId)).toEqual([]);
    });

    it('posts a public race won by the first to reach the target, once, and nothing for a private race', async () => {
      const races = await t.addRoute(['race_finished']);
      const others = await t.addRoute(['goal_completed', 'claim_requests']);
      const field: RaceInput['participants'] = [
        { wom_id: '42', metric: 'attack', target_value: 2_000 },
        { wom_id: '44', metric: 'attack', target_value: 2_000 },
      ];
      const cookie = user.cookie!;
      const shown = await createRaceAs(t, cookie, raceInput(field, { title: 'Attack sprint' }));
      const hidden = await createRaceAs(t, cookie, raceInput(field, { title: 'Secret', public: false }));
      // A race may be refreshed once a minute.
      const refresh = async (id: number) => {
        t.clock.advance(61_000);
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/races/${id}/refresh`,
          headers: user,
        });
        expect(response.statusCode, response.body).toBe(200);
      };

      await storeSnapshot(t, '44', snapshotWith({ skills: { attack: 1_500 } }));
      await refresh(shown.id);
      await storeSnapshot(t, '44', snapshotWith({ skills: { attack: 2_100 } }));
      await refresh(shown.id);
      await refresh(hidden.id);
      // Another reaching the target later finishes nothing new.
      await storeSnapshot(t, '42', snapshotWith({ skills: { attack: 3_000 } }));
      await refresh(shown.id);
      await t.deliver();

      expect(t.texts(races.webhookId)).toEqual([
        `Race finished: Attack sprint\nWinner: [Woox](${SITE}/members/44)`,
      ]);
      expect(t.standIn.received(others.webhookId)).toEqual([]);
    });

    it('tells the admins of a claim request with how many wait, pinging nobody', async () => {
      const claims = await t.addRoute(['claim_requests']);
      const others = await t.addRoute([...MEMBER_KINDS, 'player_watch']);
      await createUser(t, 'asker');
      const asker = { cookie: await loginAs(t, 'asker') };
      await addMember(t, '50', 'Lynx Titan');
      await addMember(t, '51', `Alt ${PINGS}`);
      const ask = (womId: string, headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/claim-requests', payload: { wom_id: womId }, headers });
      expect((await ask('50', user)).statusCode).toBe(201);
      expect((await ask('51', asker)).statusCode).toBe(201);
      // A refused request (the same one again) says nothing.
      expect((await ask('51', asker)).statusCode).toBe(409);
      await t.deliver();

      expect(t.texts(claims.webhookId)).toEqual([
        `New claim request\npleb asks to claim [Lynx Titan](${SITE}/members/50). 1 request waiting.`,
        `New claim request\nasker asks to claim [${inertText(`Alt ${PINGS}`)}](${SITE}/members/51). 2 requests waiting.`,
      ]);
      expect(t.standIn.received(claims.webhookId).map((m) => m.body.allowed_mentions)).toEqual([
        { parse: [] },
        { parse: [] },
      ]);
      expect(t.standIn.received(others.webhookId)).toEqual([]);
    });
  });

  describe(`${dialect}: Discord news from the WOM sync's goals and races`, () => {
    const clock = createManualClock(START);
    let simulator: WomSimulator;
    let t: DiscordTestApp;

    beforeAll(async () => {
      simulator = await startSimulator({ members: 4, seed: 31, clock, rateLimit: false });
      t = await createDiscordTestApp(dialect, {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId },
      });
      expect((await t.sync()).outcome).toBe('succeeded');
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it('posts the goals a sync completes and the races whose end has come, public ones only', async () => {
      const news = await t.addRoute([...MEMBER_KINDS]);
      const [first, second] = await measuredMembers(t);
      if (!first || !second) throw new Error('the simulator measured too few members');
      const cookie = t.roles.headers('user').cookie!;
      await claimCharacter(t, t.roles.userId, first.wom_id);
      await claimCharacter(t, t.roles.userId, second.wom_id);
      for (const [member, shown] of [
        [first, true],
        [second, false],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/user-goals',
          headers: { cookie },
          payload: { wom_id: member.wom_id, metric: 'attack', mode: 'gain', value: 10_000, public: shown },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      const end = new Date(Date.parse(START) + HOUR).toISOString();
      const field: RaceInput['participants'] = [
        { wom_id: first.wom_id, metric: 'attack', target_value: first.attack + 10_000_000 },
        { wom_id: second.wom_id, metric: 'attack', target_value: second.attack + 10_000_000 },
      ];
      const shown = await createRaceAs(
        t,
        cookie,
        raceInput(field, { title: 'Hour of attack', end_date: end }),
      );
      await createRaceAs(t, cookie, raceInput(field, { title: 'Quiet hour', end_date: end, public: false }));

      clock.advance(HOUR / 2);
      simulator.gainExperience(Number(first.wom_id), 'attack', 50_000);
      simulator.gainExperience(Number(second.wom_id), 'attack', 50_000);
      expect((await t.sync()).outcome).toBe('succeeded');
      clock.advance(HOUR);
      expect((await t.sync()).outcome).toBe('succeeded');
      clock.advance(HOUR);
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliver();

      const names = await t.database.db
        .selectFrom('members')
        .select(['wom_id', 'name'])
        .where('wom_id', 'in', [first.wom_id, second.wom_id])
        .execute();
      const nameOf = (womId: string) => inertText(names.find((row) => row.wom_id === womId)!.name);
      const texts = t.texts(news.webhookId);
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain(`[${nameOf(first.wom_id)}](${SITE}/members/${first.wom_id})`);
      expect(texts[0]).toContain('reached a goal');
      // Equal gains: the leader at the end is the first added.
      expect(texts[1]).toBe(
        `Race finished: Hour of attack\nWinner: [${nameOf(first.wom_id)}](${SITE}/members/${first.wom_id})`,
      );
      expect((t.standIn.received(news.webhookId)[1]?.body.embeds as { url: string }[])[0]?.url).toBe(
        `${SITE}/races/${shown.id}`,
      );
    });
  });
}
