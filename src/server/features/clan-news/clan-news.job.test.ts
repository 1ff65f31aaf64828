import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAppOn, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { CLAN_NEWS, clanNewsSchedule } from './clan-news.job.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const START = '2026-11-22T12:00:00.000Z';
const END = '2026-11-29T12:00:00.000Z';
const MINUTE_MS = 60_000;

for (const dialect of testDialects) {
  describe(`${dialect}: clan news job`, () => {
    let t: DiscordTestApp;
    let other: TestApp | null = null;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
      t.clock.set(NOW);
    });
    afterEach(async () => {
      await other?.close();
      other = null;
      await t.close();
    });

    const addEvent = async (
      values: { start?: string; end?: string; createdAt?: string; womId?: string } = {},
    ) => {
      const row = await t.database.db
        .insertInto('events')
        .values({
          name: 'Skill of the Week: Mining',
          type: 'Skill of the Week',
          metric: 'mining',
          start_date: values.start ?? START,
          end_date: values.end ?? END,
          manual: true,
          wom_id: values.womId ?? null,
          created_at: values.createdAt ?? NOW,
          updated_at: values.createdAt ?? NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const due = () => clanNewsSchedule(t.database.db, t.clock).due?.();
    /** Runs the job when its schedule says so, as the scheduler does, and delivers what it queued. */
    const tick = async (at: string) => {
      t.clock.set(at);
      if (await due()) expect((await t.runJob(CLAN_NEWS)).outcome).toBe('succeeded');
      await t.deliver();
    };
    const newsRuns = async () =>
      (await t.database.db.selectFrom('sync_runs').select('id').where('kind', '=', CLAN_NEWS).execute())
        .length;

    it('reminds of a competition 6 h and 5 min before, at its start, and 12 h and 30 min before its end, each once', async () => {
      const { webhookId } = await t.addRoute([
        'competition_starting',
        'competition_started',
        'competition_ending',
      ]);
      await addEvent();
      await tick(NOW);
      await tick('2026-11-22T05:59:00.000Z');
      expect(t.texts(webhookId)).toEqual([]);

      await tick('2026-11-22T06:00:00.000Z');
      await tick('2026-11-22T06:01:00.000Z');
      await tick('2026-11-22T11:55:00.000Z');
      await tick('2026-11-22T11:56:00.000Z');
      await tick(START);
      await tick('2026-11-22T12:01:00.000Z');
      await tick('2026-11-29T00:00:00.000Z');
      await tick('2026-11-29T11:30:00.000Z');
      await tick('2026-11-29T11:31:00.000Z');
      await tick(END);

      // The title says soon; the line below it counts down in the reader's own time zone.
      const heads = t.texts(webhookId).map((text) => text.split('\n').slice(0, 2).join(' | '));
      const at = (iso: string) => `<t:${Date.parse(iso) / 1000}:R>`;
      const starting = `Skill of the Week: Mining starts soon | Starts ${at(START)}`;
      const ending = `Skill of the Week: Mining ends soon | Ends ${at(END)}`;
      expect(heads).toEqual([
        starting,
        starting,
        expect.stringMatching(/^Skill of the Week: Mining has started \| /),
        ending,
        ending,
      ]);
      const [first] = t.standIn.received(webhookId);
      expect(first?.body.embeds).toEqual([expect.objectContaining({ url: 'https://clan.example/events' })]);
      // A run, and its record, only when something was due: the five reminders, the rank digest of
      // 21 and 22 November (that of the 29th went with the 12-hour reminder), and the end.
      expect(await newsRuns()).toBe(8);
    });

    it('announces the end of an event not linked to WOM once, as a WOM one ends, with the siege leaders', async () => {
      const { webhookId } = await t.addRoute(['competition_ended']);
      await t.database.db
        .insertInto('members')
        .values({ wom_id: '101', name: 'Zezima', siege_score: 40, created_at: NOW, updated_at: NOW })
        .execute();
      await addEvent();
      await addEvent({ womId: '555' });
      await addEvent({ createdAt: '2026-11-30T00:00:00.000Z' });
      await tick('2026-11-29T11:59:00.000Z');
      expect(t.texts(webhookId)).toEqual([]);

      await tick(END);
      await tick('2026-11-29T12:01:00.000Z');
      const at = (iso: string) => `<t:${Date.parse(iso) / 1000}:f>`;
      expect(t.texts(webhookId)).toEqual([
        [
          'Skill of the Week: Mining has ended',
          'Skill of the Week · Mining',
          `${at(START)} → ${at(END)}`,
          '',
          '**Siege score leaders**',
          '🥇 [Zezima](https://clan.example/members/101) — 40 pts',
        ].join('\n'),
      ]);
    });

    it('sends only the latest reminder still ahead after being down through both, and none for a passed moment', async () => {
      const { webhookId } = await t.addRoute(['competition_starting']);
      const id = await addEvent();
      await tick('2026-11-22T11:58:00.000Z');
      await tick('2026-11-22T11:59:00.000Z');
      expect(t.texts(webhookId)).toHaveLength(1);
      const marks = await t.database.db
        .selectFrom('news_marks')
        .select('key')
        .where('key', 'like', 'competition_starting:%')
        .execute();
      expect(marks.map((mark) => mark.key)).toEqual([`competition_starting:${id}:${START}:5m`]);
    });

    it('announces nothing twice across two app instances', async () => {
      const { webhookId } = await t.addRoute(['competition_starting']);
      await addEvent();
      // The second instance shares the first one's database, which the first removes at the end.
      other = await createTestAppOn(
        { ...t.database, destroy: async () => undefined },
        { clock: t.clock, instanceId: 'second-instance' },
      );
      t.clock.set('2026-11-22T06:00:00.000Z');
      expect((await t.runJob(CLAN_NEWS)).outcome).toBe('succeeded');
      expect((await other.runJob(CLAN_NEWS)).outcome).toBe('succeeded');
      await t.deliver();
      expect(t.texts(webhookId)).toHaveLength(1);
    });

    it('skips reminders whose moment passed before the event was created', async () => {
      const { webhookId } = await t.addRoute(['competition_starting', 'competition_started']);
      await addEvent({ createdAt: '2026-11-22T12:30:00.000Z' });
      await tick('2026-11-22T12:31:00.000Z');
      expect(t.texts(webhookId)).toEqual([]);
    });

    it('posts the daily digest of rank updates due once a UTC day, and nothing on a day without any', async () => {
      const { webhookId } = await t.addRoute(['rank_updates_due']);
      await tick(NOW);
      expect(t.texts(webhookId)).toEqual([]);
      const member = (womId: string, name: string, extra: Record<string, unknown> = {}) => ({
        wom_id: womId,
        name,
        womrole: 'mentor',
        ehb: 150,
        // Measured by WOM: a member with no XP yet has no rank to update.
        current_xp: 80_000_000,
        hidden: false,
        created_at: NOW,
        updated_at: NOW,
        ...extra,
      });
      await t.database.db
        .insertInto('members')
        .values([
          member('1', 'Bosser'),
          member('2', 'Ghost', { hidden: true }),
          member('3', 'Gone', { left_at: NOW }),
          member('4', 'Settled', { ehb: 50 }),
        ])
        .execute();
      await tick('2026-11-21T12:01:00.000Z');
      expect(t.texts(webhookId)).toEqual([]);

      await tick('2026-11-22T00:00:00.000Z');
      await tick('2026-11-22T00:01:00.000Z');
      expect(t.texts(webhookId)).toEqual([
        '1 rank update due\n[Bosser](https://clan.example/members/1): Mentor → **Prefect**',
      ]);
    });

    it('announces a WOM sync failing three times in a row once, and again only after a success and a new streak', async () => {
      const { webhookId } = await t.addRoute(['sync_failing']);
      const syncRun = (outcome: 'succeeded' | 'failed', error: string | null = null) =>
        t.database.db
          .insertInto('sync_runs')
          .values({
            kind: 'wom-sync',
            started_at: t.clock.now().toISOString(),
            finished_at: t.clock.now().toISOString(),
            outcome,
            error,
            wom_requests: 0,
            triggered_by: null,
          })
          .execute();
      // The digest of the first day is out of the way.
      await tick(NOW);
      await syncRun('succeeded');
      await syncRun('failed', 'WOM answered 502');
      await syncRun('failed', 'WOM answered 502');
      await tick('2026-11-21T12:01:00.000Z');
      expect(t.texts(webhookId)).toEqual([]);

      await syncRun('failed', 'WOM answered 503');
      await tick('2026-11-21T12:02:00.000Z');
      await syncRun('failed', 'WOM answered 504');
      await tick('2026-11-21T12:03:00.000Z');
      expect(t.texts(webhookId)).toEqual([
        'The WOM sync keeps failing\n3 runs failed in a row. Last error: WOM answered 503',
      ]);

      await syncRun('succeeded');
      for (const minute of [4, 5, 6]) {
        await syncRun('failed', `timeout ${minute}`);
        await tick(`2026-11-21T12:0${minute}:00.000Z`);
      }
      expect(t.texts(webhookId)).toHaveLength(2);
      expect(t.texts(webhookId)[1]).toContain('Last error: timeout 6');
    });

    it('starts no run while nothing is due', async () => {
      await t.addRoute(['competition_starting']);
      await tick(NOW);
      const runs = await newsRuns();
      for (let minute = 1; minute <= 5; minute += 1) {
        t.clock.advance(MINUTE_MS);
        expect(await due()).toBe(false);
      }
      expect(await newsRuns()).toBe(runs);
    });
  });
}
