import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { CLAN_NEWS, clanNewsSchedule } from './clan-news.job.ts';

const MINUTE_MS = 60_000;

interface ListedCompetition {
  id: number;
  title: string;
  metric: string;
  startsAt: string;
  endsAt: string;
}

for (const dialect of testDialects) {
  describe(`${dialect}: live standings`, () => {
    let t: DiscordTestApp;
    let simulator: WomSimulator;
    let competition: ListedCompetition;

    beforeEach(async () => {
      const clock = createManualClock('2026-11-21T12:00:00.000Z');
      simulator = await startSimulator({ members: 8, seed: 5, clock, rateLimit: false });
      t = await createDiscordTestApp(dialect, {
        clock,
        wom: { url: simulator.url, groupId: simulator.groupId },
      });
      const listed = (await (
        await fetch(`${simulator.url}/groups/${simulator.groupId}/competitions`)
      ).json()) as ListedCompetition[];
      // The longest competition not yet over: room for several updates.
      const open = listed.filter((c) => Date.parse(c.endsAt) > clock.now().getTime());
      const duration = (c: ListedCompetition) => Date.parse(c.endsAt) - Date.parse(c.startsAt);
      const longest = open.sort((a, b) => duration(b) - duration(a))[0];
      if (!longest) throw new Error('the simulated clan lists no open competition');
      competition = longest;
      await t.database.db
        .insertInto('events')
        .values({
          name: competition.title,
          type: 'Skill of the Week',
          metric: competition.metric,
          start_date: competition.startsAt,
          end_date: competition.endsAt,
          wom_id: String(competition.id),
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    });
    afterEach(async () => {
      await t.close();
      await simulator.close();
    });

    const asked = () => simulator.requests.filter((r) => r.path === `/competitions/${competition.id}`).length;
    const tick = async (at: number) => {
      t.clock.set(new Date(at).toISOString());
      if (await clanNewsSchedule(t.database.db, t.clock).due?.()) {
        expect((await t.runJob(CLAN_NEWS)).outcome).toBe('succeeded');
      }
      await t.deliver();
    };

    it('keeps one message up to date, edited no more often than every 5 minutes, and finishes it', async () => {
      const start = Date.parse(competition.startsAt);
      const end = Date.parse(competition.endsAt);
      await t.addRoute(['competition_started']);
      await tick(start + MINUTE_MS);
      // No route carries live standings: WOM is not asked.
      expect(asked()).toBe(0);

      const { webhookId } = await t.addRoute(['live_standings']);
      await tick(start + 2 * MINUTE_MS);
      expect(asked()).toBe(1);
      const [posted] = t.standIn.received(webhookId);
      expect(posted?.method).toBe('POST');
      const messageId = posted?.messageId ?? '';

      await tick(start + 3 * MINUTE_MS);
      await tick(start + 6 * MINUTE_MS);
      expect(asked()).toBe(1);
      expect(t.standIn.received(webhookId)).toHaveLength(1);

      await tick(start + 7 * MINUTE_MS);
      expect(asked()).toBe(2);
      const edits = t.standIn.received(webhookId).slice(1);
      expect(edits.map((edit) => [edit.method, edit.messageId])).toEqual([['PATCH', messageId]]);
      expect(t.texts(webhookId)[1]).toContain(`${competition.title}: live standings`);

      await tick(end);
      await tick(end + MINUTE_MS);
      await tick(end + 10 * MINUTE_MS);
      expect(asked()).toBe(3);
      const received = t.standIn.received(webhookId);
      expect(received.map((message) => [message.method, message.messageId])).toEqual([
        ['POST', messageId],
        ['PATCH', messageId],
        ['PATCH', messageId],
      ]);
      const final = t.standIn.message(messageId)?.embeds[0] as { title?: string; description?: string };
      expect(final.title).toBe(`${competition.title}: final standings`);
      expect(final.description).toContain('The competition has ended.');
    });

    it('counts its WOM requests in the run record', async () => {
      await t.addRoute(['live_standings']);
      t.clock.set(new Date(Date.parse(competition.startsAt) + MINUTE_MS).toISOString());
      const run = await t.runJob(CLAN_NEWS);
      expect(run).toMatchObject({ outcome: 'succeeded', womRequests: 1, counts: { live_updates: 1 } });
    });
  });
}
