import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedPage, PersonalBestBoard } from '#core/dink/dink.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { noisyPng } from '#test/noisy-png.ts';
import { PNG_SIGNATURE, pngChunk } from '../../demo/demo-dink-screenshot.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { DINK_MOMENTS } from './dink-moments.job.ts';
import {
  connectDink,
  examplePayload,
  multipartOf,
  postDink,
  storedImages,
  storedPosts,
} from './dink.testing.ts';
import { IMAGE_PIXELS_MESSAGE, UNREADABLE_IMAGE_MESSAGE } from './screenshot-encoding.ts';

/** A JPEG's first bytes, then a page: what a browser shown it unsniffed would run. */
const JPEG_THEN_HTML = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
]);

/**
 * A decompression bomb's header: a PNG that says it is `width` × `height` (8,000 × 8,000 would take
 * 192 MB to decode) with one compressed row behind it. A deflated bomb's rows would be all zeros.
 */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A game client's full-HD screenshot, carrying EXIF and a text chunk that must not be kept. */
const screenshotWithMetadata = async () =>
  sharp(await noisyPng(1920, 1080, 11))
    .withExif({ IFD0: { Copyright: 'secret-exif-owner', Software: 'RuneLite' } })
    .png()
    .toBuffer();

for (const dialect of testDialects) {
  describe(`${dialect}: screenshots re-encoded on arrival`, () => {
    let t: TestApp;
    let token: string;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      await addMember(t, '42', 'Wise Rune');
      const user = await createUser(t, 'rune');
      await claimCharacter(t, user.id, '42');
      token = (await connectDink(t, '42', { cookie: await loginAs(t, 'rune') })).token;
    });
    afterEach(async () => t.close());

    const petWith = async (bytes: Buffer) =>
      postDink(t, token, await multipartOf(JSON.stringify(examplePayload('pet.json')), { bytes }));

    it('refuses a JPEG header followed by HTML with 415 and stores nothing', async () => {
      const response = await petWith(JPEG_THEN_HTML);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNREADABLE_IMAGE_MESSAGE });
      expect(await storedPosts(t)).toEqual([]);
      expect(await storedImages(t)).toEqual([]);
    });

    it('refuses a picture of more pixels than any game client with 413, before decoding it', async () => {
      const response = await petWith(pngClaiming(8000, 8000));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: IMAGE_PIXELS_MESSAGE });
      expect(await storedPosts(t)).toEqual([]);
    });

    it('keeps a full-HD PNG as a WebP 1280 wide and a 320 thumbnail, without its metadata', async () => {
      const png = await screenshotWithMetadata();
      expect((await sharp(png).metadata()).exif).toBeDefined();
      expect((await petWith(png)).statusCode).toBe(202);

      const [stored] = await t.database.db
        .selectFrom('dink_images')
        .select(['content_type', 'size', 'bytes', 'thumbnail'])
        .execute();
      expect(stored!.content_type).toBe('image/webp');
      expect(stored!.size).toBe(stored!.bytes.length + stored!.thumbnail.length);
      const full = await sharp(stored!.bytes).metadata();
      const thumbnail = await sharp(stored!.thumbnail).metadata();
      expect([full.format, full.width, full.height]).toEqual(['webp', 1280, 720]);
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 320, 180]);
      for (const meta of [full, thumbnail]) {
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.icc).toBeUndefined();
      }
      for (const bytes of [stored!.bytes, stored!.thumbnail]) {
        expect(bytes.includes('secret-exif-owner')).toBe(false);
        expect(bytes.includes('RuneLite')).toBe(false);
      }
    });

    it('lists the thumbnail on the feed and serves both pictures as WebP with safe headers', async () => {
      expect((await petWith(await noisyPng(640, 360, 12))).statusCode).toBe(202);
      await t.runJob(DINK_MOMENTS);
      const [item] = (await t.app.inject({ url: '/api/feed' })).json<FeedPage>().items;
      expect(item!.image_url).toMatch(/^\/api\/dink\/images\/\d+$/);
      expect(item!.thumbnail_url).toBe(`${item!.image_url}/thumbnail`);

      const thumbnail = await t.app.inject({ url: item!.thumbnail_url! });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers).toMatchObject({
        'content-type': 'image/webp',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'cache-control': 'public, max-age=3600',
      });
      expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);
      const again = await t.app.inject({
        url: item!.thumbnail_url!,
        headers: { 'if-none-match': String(thumbnail.headers.etag) },
      });
      expect(again.statusCode).toBe(304);

      const full = await t.app.inject({ url: item!.image_url! });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/webp');
      expect(full.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(full.rawPayload).metadata()).width).toBe(640);
      expect(thumbnail.rawPayload.length).toBeLessThan(full.rawPayload.length);
    });

    it("shows a personal best's screenshot on its board", async () => {
      const form = await multipartOf(JSON.stringify(examplePayload('kill_count.json')), {
        bytes: await noisyPng(800, 450, 13),
      });
      expect((await postDink(t, token, form)).statusCode).toBe(202);
      await t.runJob(DINK_MOMENTS);
      const [entry] = (await t.app.inject({ url: '/api/personal-bests' })).json<PersonalBestBoard>().entries;
      expect(entry!.thumbnail_url).toMatch(/^\/api\/dink\/images\/\d+\/thumbnail$/);
      const thumbnail = await t.app.inject({ url: entry!.thumbnail_url! });
      expect(thumbnail.statusCode).toBe(200);
      expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);
    });
  });
}
