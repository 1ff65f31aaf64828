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
import { DINK_MOMENTS } from '../dink/dink-moments.job.ts';
import { connectDink, examplePayload, postDink } from '../dink/dink.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { announce } from './discord-outbox.ts';

/** A real PNG, as the demo's screenshots are made. */
const tinyPng = () => demoScreenshot([200, 162, 74], 1);

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
    const storeImage = async (bytes: Buffer, contentType: string) => {
      const row = await t.database.db
        .insertInto('dink_images')
        .values({
          wom_id: '101',
          content_type: contentType,
          size: bytes.length,
          bytes,
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
      const png = tinyPng();
      const imageId = await storeImage(png, 'image/png');
      expect(await queue(moment({ image_id: imageId, player_name: '@everyone <@&123>' }))).toBe(1);

      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(message?.attachments).toEqual([
        {
          field: 'files[0]',
          filename: 'moment.png',
          content_type: 'image/png',
          size: png.length,
          sha256: sha256(png),
        },
      ]);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(firstEmbed(webhookId)).toMatchObject({
        title: '@everyone \\<@&123\\>: Olmlet',
        url: 'https://clan.example/members/101',
        image: { url: 'attachment://moment.png' },
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

    it('sends a JPEG screenshot as moment.jpg', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
      await queue(moment({ image_id: await storeImage(jpeg, 'image/jpeg') }));
      await t.deliverAll();
      expect(t.standIn.received(webhookId)[0]?.attachments.map((file) => [file.filename, file.size])).toEqual(
        [['moment.jpg', jpeg.length]],
      );
      expect(firstEmbed(webhookId)?.image).toEqual({ url: 'attachment://moment.jpg' });
    });

    it('posts the moment as plain JSON once its screenshot is gone', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      const imageId = await storeImage(tinyPng(), 'image/png');
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
      const png = tinyPng();
      await queue(moment({ image_id: await storeImage(png, 'image/png') }));
      t.standIn.failNext(1, 502);
      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(t.standIn.requests.filter((request) => request.webhookId === webhookId)).toHaveLength(2);
      expect(message?.attachments.map((file) => file.sha256)).toEqual([sha256(png)]);
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
