import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedPage } from '#core/dink/dink.schema.ts';
import { createTestApp, createUser, loginAs, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { DINK_MOMENTS } from './dink-moments.job.ts';
import {
  connectDink,
  examplePayload,
  multipartOf,
  pngBytes,
  postDink,
  storedImages,
} from './dink.testing.ts';

/** Over half of a 1 MB cap: a second screenshot cannot sit beside the first. */
const SCREENSHOT = 600 * 1024;

for (const dialect of testDialects) {
  describe(`${dialect}: screenshot storage caps`, () => {
    let t: TestApp;
    const tokens: Record<string, string> = {};

    beforeEach(async () => {
      t = await createTestApp(dialect, { env: { DINK_IMAGE_MEMBER_MB: '1', DINK_IMAGE_SITE_MB: '1' } });
      for (const [womId, name] of [
        ['42', 'Wise Rune'],
        ['43', 'Woox'],
      ] as const) {
        await addMember(t, womId, name);
        const user = await createUser(t, `owner${womId}`);
        await claimCharacter(t, user.id, womId);
        tokens[womId] = (await connectDink(t, womId, { cookie: await loginAs(t, `owner${womId}`) })).token;
      }
    });
    afterEach(async () => t.close());

    const petWithScreenshot = async (womId: string, name: string) => {
      const pet = {
        ...examplePayload('pet.json'),
        extra: { petName: name, milestone: '', duplicate: false },
      };
      const form = await multipartOf(JSON.stringify(pet), { bytes: pngBytes(SCREENSHOT) });
      expect((await postDink(t, tokens[womId]!, form)).statusCode).toBe(202);
    };
    const pictures = async () => {
      await t.runJob(DINK_MOMENTS);
      const feed = (await t.app.inject({ url: '/api/feed' })).json<FeedPage>();
      return Object.fromEntries(feed.items.map((item) => [item.title, item.image_url !== null]));
    };

    it("makes room in a member's share with their oldest screenshot, and keeps the moment without it", async () => {
      await petWithScreenshot('42', 'Olmlet');
      await petWithScreenshot('42', 'Vorki');
      expect(await pictures()).toEqual({ 'Pet: Olmlet': false, 'Pet: Vorki': true });
      expect((await storedImages(t)).map((image) => image.wom_id)).toEqual(['42']);
    });

    it("keeps a moment without its screenshot once the site's storage is full", async () => {
      await petWithScreenshot('42', 'Olmlet');
      await petWithScreenshot('43', 'Vorki');
      expect(await pictures()).toEqual({ 'Pet: Olmlet': true, 'Pet: Vorki': false });
      expect((await storedImages(t)).map((image) => image.size)).toEqual([SCREENSHOT]);
    });
  });
}
