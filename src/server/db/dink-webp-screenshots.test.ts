import { Migrator, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonalBestBoard } from '#core/dink/dink.schema.ts';
import { createTestAppOn, type TestApp } from '#test/app.ts';
import { createEmptyTestDatabase, testDialects } from '#test/databases.ts';
import { demoScreenshot } from '../demo/demo-dink-screenshot.ts';
import { addMember } from '../features/claims/claims.testing.ts';
import { migrateToLatest } from './migrator.ts';
import { migrations } from './migrations/index.ts';

const WEBP_SCREENSHOTS = '2026_12_04_1000_dink_webp_screenshots';
const AT = '2026-12-01T12:00:00.000Z';

/** The table as it was before: pictures kept as uploaded, without thumbnails. */
interface Before {
  dink_images: {
    id?: number;
    wom_id: string;
    content_type: string;
    size: number;
    bytes: Buffer;
    created_at: string;
  };
  dink_posts: {
    id?: number;
    wom_id: string;
    dedupe_key: string;
    type: string;
    payload: string;
    image_id: number | null;
    received_at: string;
  };
  dink_moments: {
    post_id: number;
    wom_id: string;
    kind: string;
    occurred_at: string;
    title: string;
    details: string;
    image_id: number | null;
  };
  dink_personal_bests: {
    boss: string;
    team_size: number;
    wom_id: string;
    time_ms: number;
    occurred_at: string;
  };
}

async function storeOldMoment(db: Kysely<Before>, kind: string, bytes: Buffer, contentType: string) {
  const image = await db
    .insertInto('dink_images')
    .values({ wom_id: '42', content_type: contentType, size: bytes.length, bytes, created_at: AT })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post = await db
    .insertInto('dink_posts')
    .values({
      wom_id: '42',
      dedupe_key: kind,
      type: kind.toUpperCase(),
      payload: '{}',
      image_id: image.id,
      received_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('dink_moments')
    .values({
      post_id: post.id!,
      wom_id: '42',
      kind,
      occurred_at: AT,
      title: kind,
      details: '',
      image_id: image.id!,
    })
    .execute();
  return image.id!;
}

for (const dialect of testDialects) {
  describe(`${dialect}: screenshots stored before they were re-encoded`, () => {
    let t: TestApp;
    let pngId: number;
    let htmlId: number;

    beforeEach(async () => {
      const database = await createEmptyTestDatabase(dialect);
      const names = Object.keys(migrations);
      const before = names[names.indexOf(WEBP_SCREENSHOTS) - 1]!;
      await new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } }).migrateTo(
        before,
      );
      const db = database.db as unknown as Kysely<Before>;
      pngId = await storeOldMoment(db, 'kill_count', demoScreenshot([200, 120, 40], 5), 'image/png');
      const html = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('<script>alert(1)</script>'),
      ]);
      htmlId = await storeOldMoment(db, 'pet', html, 'image/jpeg');
      await db
        .insertInto('dink_personal_bests')
        .values({ boss: 'Vorkath', team_size: 1, wom_id: '42', time_ms: 60_000, occurred_at: AT })
        .execute();
      await migrateToLatest(database);
      t = await createTestAppOn(database);
      await addMember(t, '42', 'Wise Rune');
    });
    afterEach(async () => t.close());

    it('re-encodes each as WebP with its thumbnail, and drops one that does not decode', async () => {
      const images = await t.database.db
        .selectFrom('dink_images')
        .select(['id', 'content_type', 'size', 'bytes', 'thumbnail'])
        .execute();
      expect(images.map((image) => [image.id, image.content_type])).toEqual([[pngId, 'image/webp']]);
      const [image] = images;
      expect(image!.size).toBe(image!.bytes.length + image!.thumbnail.length);
      expect((await sharp(image!.thumbnail).metadata()).format).toBe('webp');
      const moments = await t.database.db
        .selectFrom('dink_moments')
        .select(['kind', 'image_id'])
        .orderBy('id')
        .execute();
      expect(moments).toEqual([
        { kind: 'kill_count', image_id: pngId },
        { kind: 'pet', image_id: null },
      ]);
      expect(
        await t.database.db
          .selectFrom('dink_posts')
          .select('image_id')
          .where('image_id', '=', htmlId)
          .execute(),
      ).toEqual([]);
    });

    it("gives a personal best its kill's screenshot, served as a thumbnail", async () => {
      const board = (await t.app.inject({ url: '/api/personal-bests' })).json<PersonalBestBoard>();
      expect(board.entries[0]?.thumbnail_url).toBe(`/api/dink/images/${pngId}/thumbnail`);
      const thumbnail = await t.app.inject({ url: board.entries[0]!.thumbnail_url! });
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
    });
  });
}
