import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CharacterDink, FeedPage, LootBoard, PersonalBestBoard } from '#core/dink/dink.schema.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { DINK_MOMENTS } from './dink-moments.job.ts';
import {
  connectDink,
  examplePayload,
  examplePayloads,
  multipartOf,
  pngBytes,
  postDink,
} from './dink.testing.ts';

/** Low enough that every example payload with a moment makes one. */
const EVERYTHING = { min_loot_value: 1, min_level: 1, min_xp_milestone: 0 };

for (const dialect of testDialects) {
  describe(`${dialect}: Dink moments`, () => {
    let t: DiscordTestApp;
    let token: string;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
      await addMember(t, '42', 'Wise Rune');
      await addMember(t, '43', 'Woox');
      await claimCharacter(t, t.roles.userId, '42');
      token = (await connectDink(t, '42', t.roles.headers('user'))).token;
      const saved = await t.roles.as('admin', {
        method: 'PUT',
        url: '/api/admin/dink/settings',
        payload: EVERYTHING,
      });
      expect(saved.statusCode).toBe(200);
    });
    afterEach(async () => t.close());

    const read = async <T>(url: string) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      return response.json<T>();
    };
    const post = async (body: Parameters<typeof postDink>[2]) => {
      const response = await postDink(t, token, body);
      expect(response.statusCode, response.body).toBe(202);
    };

    it('shows each example where it belongs: the feed, the boards and the character page', async () => {
      for (const { text } of examplePayloads) await post(text);
      await t.runJob(DINK_MOMENTS);

      const feed = await read<FeedPage>('/api/feed?limit=50');
      expect(new Set(feed.items.map((item) => item.kind))).toEqual(
        new Set([
          'loot',
          'pet',
          'collection',
          'level',
          'kill_count',
          'speedrun',
          'combat_achievement',
          'achievement_diary',
          'clue',
          'toa_unique',
        ]),
      );
      expect(feed.items.every((item) => item.player_name === 'Wise Rune' && item.wom_id === '42')).toBe(true);
      expect(feed.items.find((item) => item.kind === 'pet')?.title).toBe('Pet: Ikkle hydra');

      const bests = await read<PersonalBestBoard>('/api/personal-bests');
      expect(bests.bosses).toEqual([{ boss: 'Chambers of Xeric', team_sizes: [3] }]);
      expect(bests.entries).toEqual([
        expect.objectContaining({ rank: 1, wom_id: '42', player_name: 'Wise Rune', time_ms: 2_794_000 }),
      ]);

      const loot = await read<LootBoard>('/api/loot-board');
      expect(loot.entries).toEqual([
        expect.objectContaining({ rank: 1, wom_id: '42', total_value: 42_069, drops: 1 }),
      ]);

      const character = await read<CharacterDink>('/api/character-dink?id=42');
      // In file order LOGIN came after COLLECTION (its log count is the latest) and before PET.
      expect(character.collection).toEqual({ completed: 651, total: 1477 });
      expect(character.pets).toEqual(['Pet chaos elemental', 'Chompy chick', 'Ikkle hydra']);
      expect(character.moments).toHaveLength(10);
    });

    it('keeps a better personal best and ignores a slower one', async () => {
      const kill = examplePayload('kill_count.json');
      await post(kill);
      await post({ ...kill, extra: { ...(kill.extra as object), time: 'PT50M', count: 70 } });
      await post({ ...kill, extra: { ...(kill.extra as object), time: 'PT40M1.2S', count: 71 } });
      await t.runJob(DINK_MOMENTS);
      const board = await read<PersonalBestBoard>(
        '/api/personal-bests?boss=Chambers%20of%20Xeric&team_size=3',
      );
      expect(board.entries.map((entry) => entry.time_ms)).toEqual([2_401_200]);
    });

    it('holds a character to a time on 300 boards, still improving the ones it has', async () => {
      await t.database.db
        .insertInto('dink_personal_bests')
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            boss: i === 0 ? 'Chambers of Xeric' : `Boss ${i}`,
            team_size: 3,
            wom_id: '42',
            time_ms: 3_000_000,
            occurred_at: '2026-11-01T00:00:00.000Z',
          })),
        )
        .execute();
      const kill = examplePayload('kill_count.json');
      await post(kill);
      await post({ ...kill, extra: { ...(kill.extra as object), boss: 'One board too many' } });
      await t.runJob(DINK_MOMENTS);
      const bests = await t.database.db
        .selectFrom('dink_personal_bests')
        .select(['boss', 'time_ms'])
        .where('boss', 'in', ['Chambers of Xeric', 'One board too many'])
        .execute();
      expect(bests).toEqual([{ boss: 'Chambers of Xeric', time_ms: 2_794_000 }]);
    });

    it('announces at most 20 moments of one character an hour, keeping them all on the feed', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      for (let i = 0; i < 25; i += 1) {
        await post({
          ...examplePayload('pet.json'),
          extra: { petName: `Pet ${i}`, milestone: '', duplicate: false },
        });
      }
      await t.runJob(DINK_MOMENTS);
      await t.deliverAll();
      expect(t.standIn.received(webhookId)).toHaveLength(20);
      expect((await read<FeedPage>('/api/feed?limit=50')).items).toHaveLength(25);
    });

    it('pages the feed newest first and filters it by kind and member', async () => {
      for (let i = 0; i < 5; i += 1) await post({ ...examplePayload('pet.json'), content: `pet ${i}` });
      await post(examplePayload('collection.json'));
      await t.runJob(DINK_MOMENTS);
      const first = await read<FeedPage>('/api/feed?limit=4');
      expect(first.items.map((item) => item.kind)).toEqual(['collection', 'pet', 'pet', 'pet']);
      const second = await read<FeedPage>(`/api/feed?limit=4&cursor=${first.next_cursor}`);
      expect(second.items).toHaveLength(2);
      expect(second.next_cursor).toBeNull();
      expect((await read<FeedPage>('/api/feed?kind=collection')).items).toHaveLength(1);
      expect((await read<FeedPage>('/api/feed?wom_id=43')).items).toEqual([]);
      expect((await t.app.inject({ url: '/api/feed?kind=death' })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/feed?cursor=abc' })).statusCode).toBe(400);
      // Past what an id can be on either database: refused alike, not a page on one and a 500 on the other.
      expect((await t.app.inject({ url: '/api/feed?cursor=99999999999' })).statusCode).toBe(400);
    });

    it('keeps a member who shares nothing off every public page, screenshots included', async () => {
      await post(await multipartOf(JSON.stringify(examplePayload('pet.json')), { bytes: pngBytes() }));
      await post(examplePayload('kill_count.json'));
      await post(examplePayload('loot.json'));
      await post(examplePayload('login.json'));
      await t.runJob(DINK_MOMENTS);
      const shown = await read<FeedPage>('/api/feed');
      const imageUrl = shown.items.find((item) => item.kind === 'pet')?.image_url;
      expect(imageUrl).toMatch(/^\/api\/dink\/images\/\d+$/);
      const image = await t.app.inject({ url: imageUrl! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
      const again = await t.app.inject({
        url: imageUrl!,
        headers: { 'if-none-match': String(image.headers.etag) },
      });
      expect(again.statusCode).toBe(304);

      const hidden = await t.roles.as('user', {
        method: 'PATCH',
        url: '/api/me/characters/42/dink',
        payload: { share_public: false },
      });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({
        wom_id: '42',
        share_public: false,
        connected: true,
        bound: true,
      });
      expect((await read<FeedPage>('/api/feed')).items).toEqual([]);
      expect((await read<PersonalBestBoard>('/api/personal-bests')).entries).toEqual([]);
      expect((await read<LootBoard>('/api/loot-board')).entries).toEqual([]);
      expect(await read<CharacterDink>('/api/character-dink?id=42')).toEqual({
        collection: null,
        pets: [],
        moments: [],
      });
      expect((await t.app.inject({ url: imageUrl! })).statusCode).toBe(404);

      // An admin hiding the member from the site hides their moments too.
      await t.roles.as('user', {
        method: 'PATCH',
        url: '/api/me/characters/42/dink',
        payload: { share_public: true },
      });
      await t.database.db.updateTable('members').set({ hidden: true }).where('wom_id', '=', '42').execute();
      await t.database.db
        .updateTable('data_revisions')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .execute();
      expect((await read<FeedPage>('/api/feed')).items).toEqual([]);
    });

    it('counts every drop toward the season loot board once, repeats included', async () => {
      const loot = examplePayload('loot.json');
      await post(loot);
      expect((await postDink(t, token, loot)).statusCode).toBe(200);
      await post({ ...loot, extra: { ...(loot.extra as object), killCount: 61 } });
      await t.runJob(DINK_MOMENTS);
      expect((await read<LootBoard>('/api/loot-board')).entries).toEqual([
        expect.objectContaining({ total_value: 84_138, drops: 2 }),
      ]);
    });

    it('does not keep a screenshot that came with nothing notable', async () => {
      await post(await multipartOf(JSON.stringify(examplePayload('death.json')), { bytes: pngBytes() }));
      await t.runJob(DINK_MOMENTS);
      expect(await t.database.db.selectFrom('dink_images').select('id').execute()).toEqual([]);
    });

    it('drops a queued announcement when the member takes their moments off the public pages first', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      await post(examplePayload('pet.json'));
      await t.runJob(DINK_MOMENTS);
      await t.roles.as('user', {
        method: 'PATCH',
        url: '/api/me/characters/42/dink',
        payload: { share_public: false },
      });
      await t.deliverAll();
      expect(t.standIn.received(webhookId)).toEqual([]);
      const deliveries = await t.database.db
        .selectFrom('discord_deliveries')
        .select(['status', 'error'])
        .execute();
      expect(deliveries).toEqual([
        { status: 'dropped', error: 'The member took this moment off the public pages before it was sent' },
      ]);
    });

    it('announces a public moment to a Discord route carrying in-game moments', async () => {
      const { webhookId } = await t.addRoute(['game_moments']);
      await post(examplePayload('pet.json'));
      await t.runJob(DINK_MOMENTS);
      await t.deliverAll();
      expect(t.texts(webhookId).join('\n')).toContain('Ikkle hydra');

      await t.roles.as('user', {
        method: 'PATCH',
        url: '/api/me/characters/42/dink',
        payload: { share_public: false },
      });
      await post(examplePayload('collection.json'));
      await t.runJob(DINK_MOMENTS);
      await t.deliverAll();
      expect(t.texts(webhookId).join('\n')).not.toContain('Zamorak chaps');
    });
  });
}
