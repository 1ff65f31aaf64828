import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type { DiscordDelivery, DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import type { News } from '#core/discord/news.ts';
import type { DinkMomentKind } from '#core/dink/dink.schema.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { BIDI_CONTROL, linkedAddresses, messageTexts } from '#test/discord-text.ts';
import { addMember } from '../claims/claims.testing.ts';
import { demoScreenshot } from '../../demo/demo-dink-screenshot.ts';
import { encodeScreenshot } from '../dink/screenshot-encoding.ts';
import { DINK_MOMENTS } from '../dink/dink-moments.job.ts';
import { connectDink, examplePayload, postDink } from '../dink/dink.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { announce } from './discord-outbox.ts';

/** A screenshot as the site keeps it: the demo's PNG, re-encoded as the receiver does. */
const tinyWebp = async () => (await encodeScreenshot(demoScreenshot([200, 162, 74], 1))).full;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const moment = (changes: Partial<Extract<News, { kind: 'game_moments' }>['moment']> = {}): News => ({
  kind: 'game_moments',
  moment: {
    id: 1,
    kind: 'pet',
    wom_id: '101',
    player_name: 'Zezima',
    title: 'Olmlet',
    details: 'After 512 raids',
    value: null,
    image_id: null,
    occurred_at: '2026-11-21T12:00:00.000Z',
    ...changes,
  },
});

interface SentEmbed {
  title?: string;
  image?: { url: string };
}

for (const dialect of testDialects) {
  describe(`${dialect}: in-game moments on Discord`, () => {
    let t: DiscordTestApp;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
      await addMember(t, '101', 'Zezima');
    });
    afterEach(async () => t.close());

    /** Queues the news with its moment stored, as the Dink job does: only a stored public moment is sent. */
    const queue = (news: News) =>
      t.database.db.transaction().execute(async (trx) => {
        if (news.kind === 'game_moments') {
          const { id, kind, wom_id, title, details, value, image_id, occurred_at } = news.moment;
          await trx
            .insertInto('dink_moments')
            .values({ id, post_id: id, kind, wom_id, title, details, value, image_id, occurred_at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
        return announce(trx, news, t.clock.now());
      });
    const storeImage = async (bytes: Buffer) => {
      const row = await t.database.db
        .insertInto('dink_images')
        .values({
          wom_id: '101',
          content_type: 'image/webp',
          size: bytes.length,
          bytes,
          thumbnail: bytes,
          created_at: t.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const firstEmbed = (webhookId: string) =>
      ((t.standIn.received(webhookId)[0]?.body.embeds ?? []) as SentEmbed[])[0];

    it('is a public kind a route can carry', async () => {
      const response = await t.roles.as('admin', { method: 'GET', url: '/api/admin/discord/kinds' });
      expect(response.json<DiscordKindInfo[]>()).toContainEqual({
        kind: 'game_moments',
        label: 'In-game moments (Dink)',
        description: expect.any(String),
        audience: 'public',
      });
    });

    it('posts a moment with its screenshot attached as multipart, linking the member and pinging nobody', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      const webp = await tinyWebp();
      const imageId = await storeImage(webp);
      expect(await queue(moment({ image_id: imageId, player_name: '@everyone <@&123>' }))).toBe(1);

      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(message?.attachments).toEqual([
        {
          field: 'files[0]',
          filename: 'moment.webp',
          content_type: 'image/webp',
          size: webp.length,
          sha256: sha256(webp),
        },
      ]);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(firstEmbed(webhookId)).toMatchObject({
        title: '@everyone \\<@&123\\>: Olmlet',
        url: 'https://clan.example/members/101',
        image: { url: 'attachment://moment.webp' },
      });
      expect(t.texts(webhookId)[0]).toContain('](https://clan.example/members/101): After 512 raids');
      const [delivery] = (
        await t.roles.as('admin', { method: 'GET', url: '/api/admin/discord/deliveries' })
      ).json<DiscordDelivery[]>();
      expect(delivery).toMatchObject({
        kind: 'game_moments',
        status: 'delivered',
        summary: '@everyone <@&123>: Olmlet',
      });
    });

    it('posts the moment as plain JSON once its screenshot is gone', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      const imageId = await storeImage(await tinyWebp());
      await queue(moment({ image_id: imageId }));
      await t.database.db.deleteFrom('dink_images').where('id', '=', imageId).execute();

      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(message?.attachments).toEqual([]);
      expect(firstEmbed(webhookId)).toMatchObject({ title: 'Zezima: Olmlet' });
      expect(firstEmbed(webhookId)?.image).toBeUndefined();
    });

    it('sends the screenshot again when a try failed and is retried', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      const webp = await tinyWebp();
      await queue(moment({ image_id: await storeImage(webp) }));
      t.standIn.failNext(1, 502);
      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(t.standIn.requests.filter((request) => request.webhookId === webhookId)).toHaveLength(2);
      expect(message?.attachments.map((file) => file.sha256)).toEqual([sha256(webp)]);
    });

    it('carries only the moment kinds a route lists, and every kind on a route listing none', async () => {
      const pets = await t.addRoute(['game_moments'], { filters: { moment_kinds: ['pet', 'loot'] } });
      const all = await t.addRoute(['game_moments']);
      const kinds: DinkMomentKind[] = ['pet', 'level', 'loot', 'collection'];
      for (const [index, kind] of kinds.entries()) {
        await queue(moment({ id: index + 1, kind, title: `Moment ${kind}` }));
      }
      await t.deliverAll();
      const titles = (webhookId: string) => t.texts(webhookId).map((text) => text.split('\n')[0]);
      expect(titles(pets.webhookId)).toEqual(['Zezima: Moment pet', 'Zezima: Moment loot']);
      expect(titles(all.webhookId)).toHaveLength(4);
    });

    it('sends an item named as a link, with direction marks, as plain text through the Dink receiver', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      await claimCharacter(t, t.roles.userId, '101');
      const { token } = await connectDink(t, '101', t.roles.headers('user'));
      const settings = { min_loot_value: 1, min_level: 1, min_xp_milestone: 0 };
      expect(
        (await t.roles.as('admin', { method: 'PUT', url: '/api/admin/dink/settings', payload: settings }))
          .statusCode,
      ).toBe(200);
      const loot = examplePayload('loot.json');
      const extra = loot.extra as { items: { name: string }[]; source: string };
      extra.items[0]!.name = '\u202Ehttps://evil.example/phish';
      extra.source = '<https://evil.example/a> [boss](https://evil.example/b)\u2066';
      const posted = await postDink(t, token, { ...loot, playerName: 'Zezima' });
      expect(posted.statusCode, posted.body).toBe(202);
      await t.runJob(DINK_MOMENTS);
      await t.deliverAll();

      const [message] = t.standIn.received(webhookId);
      const texts = messageTexts(message?.body ?? {});
      expect(texts.join('\n')).toContain('phish');
      for (const text of texts) {
        expect(text).not.toMatch(BIDI_CONTROL);
        expect(text).not.toContain('evil.example');
        for (const address of linkedAddresses(text)) expect(address).toMatch(/^https:\/\/clan\.example\//);
      }
    });

    it('keeps the moment kinds a route lists, and refuses a kind Dink moments do not have', async () => {
      const { route } = await t.addRoute(['game_moments'], { filters: { moment_kinds: ['pet', 'loot'] } });
      expect(route.filters.moment_kinds).toEqual(['pet', 'loot']);
      const [listed] = (await t.roles.as('admin', { method: 'GET', url: '/api/admin/discord/routes' })).json<
        DiscordRoute[]
      >();
      expect(listed?.filters.moment_kinds).toEqual(['pet', 'loot']);
      const refused = await t.roles.as('admin', {
        method: 'PUT',
        url: `/api/admin/discord/routes/${route.id}`,
        payload: {
          name: route.name,
          kinds: ['game_moments'],
          enabled: true,
          filters: { achievements: 'any', competition_types: [], moment_kinds: ['raid'] },
        },
      });
      expect(refused.statusCode).toBe(400);
    });
  });
}
