import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { storeImage, type ImageCaps } from './dink-inbox.repository.ts';
import { storedImages } from './dink.testing.ts';

/** A screenshot as stored: 500 bytes to view and 100 to list, 600 against the caps. */
const SCREENSHOT = { full: Buffer.alloc(500, 1), thumbnail: Buffer.alloc(100, 2) };
/** One screenshot fits a member's share and the site, two do not. */
const CAPS: ImageCaps = { memberBytes: 1000, siteBytes: 1000 };

for (const dialect of testDialects) {
  describe(`${dialect}: screenshot storage caps`, () => {
    let t: TestApp;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      // Two people: one who plays two characters (42 and 44), and one who plays 43.
      const people = { rune: await createUser(t, 'rune'), woox: await createUser(t, 'woox') };
      for (const [womId, name, owner] of [
        ['42', 'Wise Rune', 'rune'],
        ['43', 'Woox', 'woox'],
        ['44', 'Rune Alt', 'rune'],
      ] as const) {
        await addMember(t, womId, name);
        await claimCharacter(t, people[owner].id, womId);
      }
    });
    afterEach(async () => t.close());

    /** Stores a screenshot with its post and moment, as the receiver and the moments job do. */
    const momentWithScreenshot = (womId: string, caps = CAPS) =>
      t.database.db.transaction().execute(async (trx) => {
        const now = t.clock.now().toISOString();
        const imageId = await storeImage(trx, { screenshot: SCREENSHOT, womId, now }, caps);
        const post = await trx
          .insertInto('dink_posts')
          .values({
            wom_id: womId,
            dedupe_key: `${womId}-${now}-${Math.random()}`,
            type: 'PET',
            payload: '{}',
            image_id: imageId,
            received_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('dink_moments')
          .values({
            post_id: post.id,
            wom_id: womId,
            kind: 'pet',
            occurred_at: now,
            title: 'Pet: Olmlet',
            details: '',
            image_id: imageId,
          })
          .execute();
        return imageId;
      });
    const momentPictures = async () =>
      (
        await t.database.db.selectFrom('dink_moments').select(['wom_id', 'image_id']).orderBy('id').execute()
      ).map((moment) => [moment.wom_id, moment.image_id !== null]);

    it("makes room in a member's share with their oldest screenshot, and keeps the moment without it", async () => {
      await momentWithScreenshot('42');
      const kept = await momentWithScreenshot('42');
      expect(await momentPictures()).toEqual([
        ['42', false],
        ['42', true],
      ]);
      expect(await storedImages(t)).toEqual([{ id: kept, wom_id: '42', size: 600 }]);
    });

    it("counts every character of one account against the member's share", async () => {
      const wide = { ...CAPS, siteBytes: 10_000 };
      await momentWithScreenshot('42', wide);
      await momentWithScreenshot('43', wide);
      await momentWithScreenshot('44', wide);
      expect(await momentPictures()).toEqual([
        ['42', false],
        ['43', true],
        ['44', true],
      ]);
      expect((await storedImages(t)).map((image) => image.wom_id)).toEqual(['43', '44']);
    });

    it("keeps a moment without its screenshot once the site's storage is full", async () => {
      const kept = await momentWithScreenshot('42');
      expect(await momentWithScreenshot('43')).toBeNull();
      expect(await momentPictures()).toEqual([
        ['42', true],
        ['43', false],
      ]);
      expect(await storedImages(t)).toEqual([{ id: kept, wom_id: '42', size: 600 }]);
    });

    it('refuses a screenshot larger than a whole share', async () => {
      expect(await momentWithScreenshot('42', { memberBytes: 599, siteBytes: 10_000 })).toBeNull();
      expect(await storedImages(t)).toEqual([]);
    });
  });
}
