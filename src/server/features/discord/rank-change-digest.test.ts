import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { addMember } from '../claims/claims.testing.ts';

const MEMBERS = Array.from({ length: 20 }, (_, index) => ({
  womId: String(300 + index),
  name: `Member ${index}`,
}));

for (const dialect of testDialects) {
  describe(`${dialect}: rank changes gathered into one message`, () => {
    let t: DiscordTestApp;
    let webhookId: string;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
      for (const member of MEMBERS) await addMember(t, member.womId, member.name, { womrole: 'opal' });
      webhookId = (await t.addRoute(['rank_changed'])).webhookId;
    });
    afterEach(async () => t.close());

    const setRank = async (womId: string, role: string) => {
      const response = await t.roles.as('admin', {
        method: 'POST',
        url: `/api/admin/members/${womId}/rank`,
        payload: { role },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const deliveries = () =>
      t.database.db.selectFrom('discord_deliveries').select(['status', 'summary']).orderBy('id').execute();

    it('posts one digest for 20 rank changes applied one by one, after a minute of gathering', async () => {
      for (const member of MEMBERS) {
        await setRank(member.womId, 'sapphire');
        t.clock.advance(1_000);
      }
      await t.deliver();
      expect(t.standIn.received(webhookId)).toEqual([]);

      await t.deliverAll();
      const texts = t.texts(webhookId);
      expect(texts).toHaveLength(1);
      const lines = texts[0]!.split('\n');
      expect(lines[0]).toBe('20 rank changes');
      expect(lines[1]).toBe(
        '[Member 0](https://clan.example/members/300): Opal → **Sapphire** (set by an admin)',
      );
      expect(lines.at(-1)).toBe('+10 more');
      expect(await deliveries()).toEqual([{ status: 'delivered', summary: '20 rank changes' }]);
    });

    it('starts a new message for a change after the minute, and tells a member changed twice once', async () => {
      await setRank('300', 'sapphire');
      t.clock.advance(30_000);
      await setRank('300', 'emerald');
      await setRank('301', 'sapphire');
      t.clock.advance(31_000);
      await setRank('302', 'sapphire');
      await t.deliverAll();
      expect(t.texts(webhookId)).toEqual([
        [
          '2 rank changes',
          '[Member 0](https://clan.example/members/300): Opal → **Emerald** (set by an admin)',
          '[Member 1](https://clan.example/members/301): Opal → **Sapphire** (set by an admin)',
        ].join('\n'),
        '1 rank change\n[Member 2](https://clan.example/members/302): Opal → **Sapphire** (set by an admin)',
      ]);
    });

    it('sends nothing for a rank set back within the minute', async () => {
      await setRank('300', 'sapphire');
      await setRank('300', 'opal');
      await t.deliverAll();
      expect(t.standIn.received(webhookId)).toEqual([]);
      expect(await deliveries()).toEqual([{ status: 'dropped', summary: '1 rank change' }]);
    });

    it('never adds a change to a message already tried, so Discord shows each change once', async () => {
      await setRank('300', 'sapphire');
      t.clock.advance(60_000);
      t.standIn.failNext(1, 502);
      await t.deliver();
      await setRank('301', 'sapphire');
      await t.deliverAll();
      expect(t.texts(webhookId).map((text) => text.split('\n'))).toEqual([
        ['1 rank change', expect.stringContaining('[Member 0]')],
        ['1 rank change', expect.stringContaining('[Member 1]')],
      ]);
    });
  });
}
