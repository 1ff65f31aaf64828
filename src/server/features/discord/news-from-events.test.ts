import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { News } from '#core/discord/news.ts';
import { createManualClock } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

const START = '2026-11-21T12:00:00.000Z';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The default WOM_RESULTS_GRACE_MINUTES. */
const RESULTS_GRACE = HOUR;

interface Competition {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

for (const dialect of testDialects) {
  describe(`${dialect}: news of the admin's events`, () => {
    const clock = createManualClock(START);
    let simulator: WomSimulator;
    let t: DiscordTestApp;

    beforeEach(async () => {
      clock.set(START);
      simulator = await startSimulator({ members: 40, seed: 3, clock, rateLimit: false });
      t = await createDiscordTestApp(dialect, {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId },
      });
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    async function createEvent(payload: object): Promise<{ id: number }> {
      const response = await t.roles.as('admin', { method: 'POST', url: '/api/admin/events', payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>();
    }

    async function outbox(routeId: number): Promise<News[]> {
      const rows = await t.database.db
        .selectFrom('discord_deliveries')
        .select('news')
        .where('route_id', '=', routeId)
        .orderBy('id')
        .execute();
      return rows.map((row) => JSON.parse(row.news) as News);
    }

    it('announces an event an admin creates while it is still to come, to the routes for its type', async () => {
      const all = await t.addRoute(['competition_created']);
      const bosses = await t.addRoute(['competition_created'], {
        filters: { competition_types: ['Boss of the Week'] },
      });
      const members = await t.addRoute(['member_joined']);

      const { id } = await createEvent({
        name: 'Clan fishing cup',
        type: 'Skill of the Week',
        metric: 'fishing',
        start_date: new Date(Date.parse(START) + DAY).toISOString(),
        end_date: new Date(Date.parse(START) + 8 * DAY).toISOString(),
      });
      // Written down after it ended: a record, not news.
      await createEvent({
        name: 'Last month’s drop party',
        type: 'Skill of the Week',
        start_date: new Date(Date.parse(START) - 30 * DAY).toISOString(),
        end_date: new Date(Date.parse(START) - 29 * DAY).toISOString(),
      });
      await t.deliverAll();

      expect(await outbox(all.route.id)).toEqual([
        {
          kind: 'competition_created',
          competition: {
            event_id: id,
            title: 'Clan fishing cup',
            type: 'Skill of the Week',
            metric: 'fishing',
            starts_at: new Date(Date.parse(START) + DAY).toISOString(),
            ends_at: new Date(Date.parse(START) + 8 * DAY).toISOString(),
          },
        },
      ]);
      const [text] = t.texts(all.webhookId);
      expect(text).toMatch(
        /^New competition: Clan fishing cup\nSkill of the Week · Fishing\n<t:\d+:f> → <t:\d+:f>$/,
      );
      expect(t.standIn.received(bosses.webhookId)).toEqual([]);
      expect(t.standIn.received(members.webhookId)).toEqual([]);
    });

    it('announces nothing of an event whose save is refused', async () => {
      const route = await t.addRoute(['competition_created']);
      const response = await t.roles.as('admin', {
        method: 'POST',
        url: '/api/admin/events',
        payload: {
          name: 'Ends before it starts',
          type: 'Skill of the Week',
          start_date: new Date(Date.parse(START) + 2 * DAY).toISOString(),
          end_date: new Date(Date.parse(START) + DAY).toISOString(),
        },
      });
      expect(response.statusCode).toBe(400);
      await t.deliverAll();
      expect(await outbox(route.route.id)).toEqual([]);
    });

    it("posts the results of an admin's event once the sync pays it: standings, points and siege leaders", async () => {
      const route = await t.addRoute(['competition_ended']);
      const listed = (await (
        await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`)
      ).json()) as Competition[];
      const [week] = listed
        .filter((c) => Date.parse(c.endsAt) - Date.parse(c.startsAt) === 7 * DAY)
        .filter((c) => Date.parse(c.endsAt) + RESULTS_GRACE <= Date.parse(START))
        .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt));
      clock.set(new Date(Date.parse(START) - 40 * DAY).toISOString());
      const event = await createEvent({
        name: 'Our own week',
        type: 'Weekly',
        start_date: week!.startsAt,
        wom_id: String(week!.id),
      });
      expect((await t.sync()).outcome).toBe('succeeded');

      clock.set(START);
      expect((await t.sync()).outcome).toBe('succeeded');
      await t.deliverAll();

      const ledger = await t.database.db
        .selectFrom('points')
        .select(['member_wom_id', 'amount'])
        .where('event_id', '=', event.id)
        .execute();
      expect(ledger.length).toBeGreaterThan(3);
      const ours = (await outbox(route.route.id)).flatMap((n) =>
        n.kind === 'competition_ended' && n.competition.event_id === event.id ? [n] : [],
      );
      expect(ours).toHaveLength(1);
      const [ended] = ours;
      expect(ended?.competition).toMatchObject({ title: 'Our own week', type: 'Weekly' });
      expect(ended?.points.map((p) => [p.wom_id, p.points]).sort()).toEqual(
        ledger.map((row) => [row.member_wom_id, row.amount]).sort(),
      );
      expect(ended?.points[0]?.points).toBe(15);
      // The top 3 places: everyone tied at 3rd is named too.
      const leaders = ended?.siege_leaders.map((leader) => leader.value) ?? [];
      expect(leaders.length).toBeGreaterThanOrEqual(3);
      expect(leaders.slice(3).every((value) => value === leaders[2])).toBe(true);

      const [text] = t.texts(route.webhookId).filter((line) => line.startsWith('Our own week has ended'));
      expect(text).toContain('**Final standings**\n🥇 ');
      expect(text).toContain('**Points paid**\n');
      expect(text).toMatch(/: \+15\n/);
      expect(text).toContain('**Siege score leaders**\n🥇 ');
    });
  });
}
