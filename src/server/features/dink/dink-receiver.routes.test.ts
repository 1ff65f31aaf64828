import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedPage } from '#core/dink/dink.schema.ts';
import {
  DINK_MAX_IMAGE_BYTES,
  DINK_MAX_NOTIFICATION_BYTES,
  DINK_POST_LIMITS,
} from '#core/dink/receiver-limits.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
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
  storedImages,
  storedPosts,
} from './dink.testing.ts';

const HASH = 'abcdefghijklmnopqrstuvwxyz1234abcdefghijklmnopqrstuvwxyz';

for (const dialect of testDialects) {
  describe(`${dialect}: the Dink receiver`, () => {
    let t: TestApp;
    let roles: SignedInRoles;
    let token: string;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      roles = await signInRoles(t);
      await addMember(t, '42', 'Wise Rune');
      await claimCharacter(t, roles.userId, '42');
      token = (await connectDink(t, '42', roles.headers('user'))).token;
    });
    afterEach(async () => t.close());

    const feed = async (query = '') => (await t.app.inject({ url: `/api/feed${query}` })).json<FeedPage>();

    it('accepts every example payload as JSON and as multipart with a screenshot, each stored once', async () => {
      for (const { file, text } of examplePayloads) {
        const json = await postDink(t, token, text);
        expect(json.statusCode, file).toBe(202);
        expect(json.json()).toEqual({ status: 'stored' });
        const form = await postDink(t, token, await multipartOf(text, { bytes: pngBytes() }));
        expect(form.statusCode, file).toBe(202);
      }
      const posts = await storedPosts(t);
      expect(posts).toHaveLength(examplePayloads.length * 2);
      // Screenshots are kept with what makes a moment at the default thresholds: the pet, the
      // collection slot, the two personal bests (kill count, speedrun), the two combat tasks, the
      // diary and the Tombs of Amascut unique.
      expect(posts.filter((post) => post.image_id !== null)).toHaveLength(8);
      expect(new Set(posts.map((post) => post.type))).toContain('LOOT');
    });

    it('answers a repeat of the same post (Dink retrying) with 200 and stores it once', async () => {
      const text = examplePayloads.find((payload) => payload.file === 'pet.json')!.text;
      const form = await multipartOf(text, { bytes: pngBytes() });
      expect((await postDink(t, token, form)).statusCode).toBe(202);
      const again = await postDink(t, token, await multipartOf(text, { bytes: pngBytes() }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ status: 'duplicate' });
      expect(await storedPosts(t)).toHaveLength(1);
      expect(await storedImages(t)).toHaveLength(1);
    });

    it('binds the character to the first account hash and refuses another with 403, storing nothing', async () => {
      expect((await postDink(t, token, examplePayload('pet.json'))).statusCode).toBe(202);
      const other = await postDink(t, token, {
        ...examplePayload('loot.json'),
        dinkAccountHash: 'another-account',
      });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('This Dink address is bound to another game account');
      // A new name is the same account: the binding holds through a rename.
      const renamed = await postDink(t, token, { ...examplePayload('loot.json'), playerName: 'Wiser Rune' });
      expect(renamed.statusCode).toBe(202);
      expect((await storedPosts(t)).map((post) => post.type)).toEqual(['PET', 'LOOT']);
    });

    it('keeps the binding when the owner replaces the address, and the old address stops working', async () => {
      expect((await postDink(t, token, examplePayload('pet.json'))).statusCode).toBe(202);
      const replaced = await connectDink(t, '42', roles.headers('user'));
      expect((await postDink(t, token, examplePayload('loot.json'))).statusCode).toBe(401);
      const other = await postDink(t, replaced.token, {
        ...examplePayload('loot.json'),
        dinkAccountHash: 'x',
      });
      expect(other.statusCode).toBe(403);
      expect((await postDink(t, replaced.token, examplePayload('loot.json'))).statusCode).toBe(202);
    });

    it('refuses a revoked address, an unknown one and one of a departed or unclaimed character', async () => {
      const unknown = await postDink(t, 'A'.repeat(43), examplePayload('pet.json'));
      expect(unknown.statusCode).toBe(401);
      expect((await postDink(t, 'not-a-token', examplePayload('pet.json'))).statusCode).toBe(401);

      await t.database.db.updateTable('members').set({ left_at: '2026-11-20T00:00:00.000Z' }).execute();
      const departed = await postDink(t, token, examplePayload('pet.json'));
      expect(departed.statusCode).toBe(403);
      expect(departed.json().message).toBe('This character is no longer claimed by a member of the clan');
      await t.database.db.updateTable('members').set({ left_at: null }).execute();

      await t.database.db.deleteFrom('player_claims').execute();
      expect((await postDink(t, token, examplePayload('pet.json'))).statusCode).toBe(403);
      await claimCharacter(t, roles.userId, '42');
      expect((await postDink(t, token, examplePayload('pet.json'))).statusCode).toBe(202);

      const revoked = await t.app.inject({
        method: 'DELETE',
        url: '/api/me/characters/42/dink',
        headers: roles.headers('user'),
      });
      expect(revoked.statusCode).toBe(204);
      expect((await postDink(t, token, examplePayload('loot.json'))).statusCode).toBe(401);
      expect(await storedPosts(t)).toHaveLength(1);
    });

    it('refuses a screenshot over 8 MB with 413 and a file that is not an image with 415, storing nothing', async () => {
      const text = JSON.stringify(examplePayload('loot.json'));
      const large = await postDink(
        t,
        token,
        await multipartOf(text, { bytes: pngBytes(DINK_MAX_IMAGE_BYTES + 1) }),
      );
      expect(large.statusCode).toBe(413);
      const script = await postDink(
        t,
        token,
        await multipartOf(text, { bytes: Buffer.from('<script>alert(1)</script>'), name: 'x.png' }),
      );
      expect(script.statusCode).toBe(415);
      expect(script.json().message).toBe('The file must be a PNG or JPEG image');
      const huge = await t.app.inject({
        method: 'POST',
        url: `/api/dink/${token}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          ...examplePayload('loot.json'),
          content: 'x'.repeat(DINK_MAX_IMAGE_BYTES + 600_000),
        }),
      });
      expect(huge.statusCode).toBe(413);
      expect(await storedPosts(t)).toEqual([]);
      expect(await storedImages(t)).toEqual([]);
    });

    it('answers another content type with 415 and a body that is not a notification with 400', async () => {
      const plain = await t.app.inject({
        method: 'POST',
        url: `/api/dink/${token}`,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(plain.statusCode).toBe(415);
      expect(plain.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Dink posts its notification as application/json or multipart/form-data',
      });
      expect((await postDink(t, token, '{not json')).statusCode).toBe(400);
      const noType = await postDink(t, token, { playerName: 'Wise Rune', dinkAccountHash: HASH });
      expect(noType.statusCode).toBe(400);
      expect(noType.json().message).toMatch(/^The body is not a Dink notification: type/);
      const form = await multipartOf(JSON.stringify(examplePayload('pet.json')));
      const noPayload = await postDink(t, token, {
        ...form,
        body: Buffer.from(form.body.toString('latin1').replace('payload_json', 'something_else'), 'latin1'),
      });
      expect(noPayload.statusCode).toBe(400);
      const empty = await t.app.inject({ method: 'POST', url: `/api/dink/${token}` });
      expect(empty.statusCode).toBe(400);
      const nul = await postDink(t, token, { ...examplePayload('pet.json'), playerName: 'a\u0000b' });
      expect(nul.statusCode).toBe(400);
      expect(await storedPosts(t)).toEqual([]);
    });

    it('keeps an unknown type raw without making a moment', async () => {
      const response = await postDink(t, token, {
        ...examplePayload('pet.json'),
        type: 'SOMETHING_NEW',
        extra: { x: 1 },
      });
      expect(response.statusCode).toBe(202);
      await t.runJob(DINK_MOMENTS);
      expect((await storedPosts(t)).map((post) => post.type)).toEqual(['SOMETHING_NEW']);
      expect((await feed()).items).toEqual([]);
    });

    it('slows an address that posts more than its limit a minute with 429', async () => {
      const limit = DINK_POST_LIMITS.minute.attempts;
      for (let i = 0; i < limit; i += 1) {
        const response = await postDink(t, token, {
          ...examplePayload('chat.json'),
          content: `message ${i}`,
        });
        expect(response.statusCode).toBe(202);
      }
      const over = await postDink(t, token, { ...examplePayload('chat.json'), content: 'one more' });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(61_000);
      expect(
        (await postDink(t, token, { ...examplePayload('chat.json'), content: 'later' })).statusCode,
      ).toBe(202);
    });

    it("counts the posts of every address of one account together, and another account's apart", async () => {
      const tokens = [token];
      for (const [womId, name] of [
        ['43', 'Wise Alt'],
        ['44', 'Wise Pure'],
      ] as const) {
        await addMember(t, womId, name);
        await claimCharacter(t, roles.userId, womId);
        tokens.push((await connectDink(t, womId, roles.headers('user'))).token);
      }
      await addMember(t, '50', 'Boss Main');
      await claimCharacter(t, roles.adminId, '50');
      const otherAccount = (await connectDink(t, '50', roles.headers('admin'))).token;
      const chat = (content: string) => ({ ...examplePayload('chat.json'), content });

      const limit = DINK_POST_LIMITS.minute.attempts;
      for (let i = 0; i < limit; i += 1) {
        const response = await postDink(t, tokens[i % tokens.length]!, chat(`message ${i}`));
        expect(response.statusCode).toBe(202);
      }
      // Each address has sent a third of the limit: the account has sent all of it.
      for (const each of tokens) expect((await postDink(t, each, chat('one more'))).statusCode).toBe(429);
      expect((await postDink(t, otherAccount, chat('the admin posts'))).statusCode).toBe(202);
      expect(await storedPosts(t)).toHaveLength(limit + 1);
    });

    it('holds an account to its posts a day, however they were spread over the minutes', async () => {
      const { day } = DINK_POST_LIMITS;
      // The day's count as a day of posts left it (sending 2,000 here would take 17 minutes of limits).
      await t.database.db
        .insertInto('rate_limits')
        .values({
          key: `dink:account:${roles.userId}:day`,
          failures: day.attempts,
          pending: 0,
          window_ends_at: new Date(t.clock.now().getTime() + day.windowMs / 2).toISOString(),
        })
        .execute();
      const over = await postDink(t, token, examplePayload('chat.json'));
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBe(day.windowMs / 2000);
      expect(await storedPosts(t)).toEqual([]);
    });

    it('refuses a notification over 32 KB with 413, storing nothing', async () => {
      const long = { ...examplePayload('chat.json'), content: 'x'.repeat(DINK_MAX_NOTIFICATION_BYTES) };
      const response = await postDink(t, token, long);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The notification must be at most 32 KB');
      expect(await storedPosts(t)).toEqual([]);
    });

    it('makes the address on the host the member reached the site at, which their game can reach', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/me/characters/42/dink',
        headers: { ...roles.headers('user'), host: '127.0.0.1:8080' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/dink\/[A-Za-z0-9_-]{43}$/);
    });

    it('serves Dink settings for the Dynamic Config URL pointing at the address', async () => {
      const created = await connectDink(t, '42', roles.headers('user'));
      const response = await t.app.inject({ url: `/api/dink/${created.token}/config` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({
        lootWebhook: created.url,
        petWebhook: created.url,
        petEnabled: true,
      });
      expect(created.config_url).toBe(`${created.url}/config`);
      expect((await t.app.inject({ url: `/api/dink/${token}/config` })).statusCode).toBe(401);
    });
  });
}
