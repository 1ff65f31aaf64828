import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAppOn } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { ANNIVERSARIES } from './anniversaries.job.ts';

const NOW = '2026-11-21T08:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: anniversaries job`, () => {
    let t: DiscordTestApp;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
      t.clock.set(NOW);
      const member = (
        womId: string,
        name: string,
        joinDate: string,
        extra: Record<string, unknown> = {},
      ) => ({
        wom_id: womId,
        name,
        join_date: joinDate,
        hidden: false,
        created_at: NOW,
        updated_at: NOW,
        ...extra,
      });
      await t.database.db
        .insertInto('members')
        .values([
          member('1', 'Veteran', '2022-11-21'),
          member('2', 'Founder', '2016-11-21'),
          member('3', 'Rookie', '2026-11-21'),
          member('4', 'Tomorrow', '2023-11-22'),
          member('5', 'Ghost', '2024-11-21', { hidden: true }),
          member('6', 'Gone', '2024-11-21', { left_at: NOW }),
        ])
        .execute();
    });
    afterEach(async () => t.close());

    it("announces the day's anniversaries of members in the clan and shown, once across runs and instances", async () => {
      const { webhookId } = await t.addRoute(['anniversaries']);
      const first = await t.runJob(ANNIVERSARIES);
      expect(first).toMatchObject({ outcome: 'succeeded', counts: { members: 2, announced: 1, queued: 1 } });
      t.clock.set('2026-11-21T23:59:00.000Z');
      expect(await t.runJob(ANNIVERSARIES)).toMatchObject({ counts: { announced: 0 } });
      const other = await createTestAppOn(
        { ...t.database, destroy: async () => undefined },
        { clock: t.clock, instanceId: 'second-instance' },
      );
      expect(await other.runJob(ANNIVERSARIES)).toMatchObject({ counts: { announced: 0 } });
      await other.close();
      await t.deliver();

      expect(t.texts(webhookId)).toEqual([
        [
          'Clan anniversaries today',
          '[Founder](https://clan.example/members/2): 10 years in the clan',
          '[Veteran](https://clan.example/members/1): 4 years in the clan',
        ].join('\n'),
      ]);
    });

    it('announces nothing on a day without an anniversary, and the next one on its day', async () => {
      const { webhookId } = await t.addRoute(['anniversaries']);
      t.clock.set('2026-11-20T08:00:00.000Z');
      expect(await t.runJob(ANNIVERSARIES)).toMatchObject({ counts: { members: 0, announced: 0 } });
      await t.deliver();
      expect(t.texts(webhookId)).toEqual([]);

      t.clock.set('2026-11-22T00:00:00.000Z');
      await t.runJob(ANNIVERSARIES);
      await t.deliver();
      expect(t.texts(webhookId)).toEqual([
        'Clan anniversaries today\n[Tomorrow](https://clan.example/members/4): 3 years in the clan',
      ]);
    });
  });
}
