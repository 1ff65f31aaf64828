import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscordDelivery, DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { announce } from './discord-outbox.ts';

const joined = (name: string, womId = '101') => ({
  kind: 'member_joined' as const,
  members: [{ wom_id: womId, name }],
});

for (const dialect of testDialects) {
  describe(`${dialect}: Discord delivery`, () => {
    let t: DiscordTestApp;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
    });
    afterEach(async () => t.close());

    const queue = (news: Parameters<typeof announce>[1]) =>
      t.database.db.transaction().execute((trx) => announce(trx, news, t.clock.now()));
    const deliveries = async (routeId?: number) => {
      const query = routeId === undefined ? '' : `?route_id=${routeId}`;
      const response = await t.roles.as('admin', {
        method: 'GET',
        url: `/api/admin/discord/deliveries${query}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<DiscordDelivery[]>();
    };
    const routes = async () =>
      (await t.roles.as('admin', { method: 'GET', url: '/api/admin/discord/routes' })).json<DiscordRoute[]>();

    it('posts queued news to every route carrying its kind, with links and no mentions', async () => {
      const members = await t.addRoute(['member_joined']);
      const achievements = await t.addRoute(['achievements']);
      expect(await queue(joined('Zezima'))).toBe(1);

      const run = await t.deliver();
      expect(run.outcome).toBe('succeeded');
      const [message] = t.standIn.received(members.webhookId);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(t.texts(members.webhookId)[0]).toContain('[Zezima](https://clan.example/members/101)');
      expect(t.standIn.received(achievements.webhookId)).toEqual([]);
      const [delivery] = await deliveries(members.route.id);
      expect(delivery).toMatchObject({ status: 'delivered', discord_status: 200, attempts: 1 });
      expect((await routes()).find((r) => r.id === members.route.id)?.last_delivery_at).not.toBeNull();
    });

    it('announces nothing for a change that rolls back', async () => {
      const { webhookId } = await t.addRoute(['member_joined']);
      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await announce(trx, joined('Ghost'), t.clock.now());
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await t.deliver();
      expect(t.standIn.received(webhookId)).toEqual([]);
      expect(await deliveries()).toEqual([]);
    });

    it('pings nobody whatever a name holds', async () => {
      const { webhookId } = await t.addRoute(['member_joined']);
      await queue(joined('@everyone <@&123> <@456>'));
      await t.deliver();
      const [message] = t.standIn.received(webhookId);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(JSON.stringify(message?.body)).toContain('@everyone');
    });

    it('sends nothing to a webhook for the seconds a 429 asks, then goes on', async () => {
      const { webhookId } = await t.addRoute(['member_joined']);
      t.standIn.rateLimitNext(1, 5);
      await queue(joined('First', '1'));
      await queue(joined('Second', '2'));
      await t.deliver();
      expect(t.standIn.received(webhookId)).toEqual([]);
      const asked = t.standIn.requests.length;

      t.clock.advance(4_900);
      await t.deliver().catch(() => undefined);
      expect(t.standIn.requests.length).toBe(asked);

      t.clock.advance(100);
      await t.deliver();
      expect(t.texts(webhookId).map((text) => text.split('\n')[1])).toEqual([
        '[First](https://clan.example/members/1)',
        '[Second](https://clan.example/members/2)',
      ]);
    });

    it('stops a route whose webhook is gone, drops its queue and tells the admins', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      t.standIn.deleteWebhook(webhookId);
      await queue(joined('One', '1'));
      await queue(joined('Two', '2'));
      await t.deliver();
      await t.deliver();
      expect(t.standIn.requests.filter((r) => r.webhookId === webhookId)).toHaveLength(1);
      const [stopped] = await routes();
      expect(stopped?.disabled_reason).toMatch(/404 Unknown Webhook/);
      expect((await deliveries(route.id)).map((d) => [d.status, d.discord_status])).toEqual([
        ['dropped', null],
        ['failed', 404],
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'discord.route_stopped')
        .execute();
      expect(audit).toHaveLength(1);
      expect(await queue(joined('Three', '3'))).toBe(0);
    });

    it('retries a 5xx with backoff and keeps the order of the queue', async () => {
      const { webhookId } = await t.addRoute(['member_joined']);
      t.standIn.failNext(1, 502);
      await queue(joined('First', '1'));
      await queue(joined('Second', '2'));
      await t.deliver();
      expect(t.standIn.received(webhookId)).toEqual([]);
      const [second, first] = await deliveries();
      expect(first).toMatchObject({ status: 'pending', discord_status: 502, attempts: 1 });
      expect(second).toMatchObject({ status: 'pending', attempts: 0 });

      t.clock.advance(5_000);
      await t.deliver();
      expect(t.texts(webhookId).map((text) => text.split('\n')[1])).toEqual([
        '[First](https://clan.example/members/1)',
        '[Second](https://clan.example/members/2)',
      ]);
    });
  });
}
