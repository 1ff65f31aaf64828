import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedPage } from '#core/dink/dink.schema.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { addMember } from '../features/claims/claims.testing.ts';
import { DINK_MOMENTS } from '../features/dink/dink-moments.job.ts';
import {
  DEMO_DINK_EVERY_MS,
  DEMO_DINK_HISTORY_DAYS,
  DEMO_DINK_HISTORY_POSTS,
  postDemoDinkNow,
  seedDemoDinkHistory,
  startDemoDink,
  type DemoDinkDeps,
} from './demo-dink.ts';

const DAY_MS = 86_400_000;
const CAPS = { memberBytes: 10 * 1024 * 1024, siteBytes: 100 * 1024 * 1024 };

for (const dialect of testDialects) {
  describe(`${dialect}: demo mode's Dink posts`, () => {
    let t: TestApp;
    let deps: DemoDinkDeps;

    beforeEach(async () => {
      t = await createTestApp(dialect);
      deps = { db: t.database.db, clock: t.clock, imageCaps: CAPS, seed: 42 };
      for (const [womId, name] of [
        ['1', 'Iron Tobi'],
        ['2', 'Zezima'],
        ['3', 'Lynx Titan'],
        ['4', 'Woox'],
      ])
        await addMember(t, womId!, name!);
    });
    afterEach(async () => t.close());

    const posts = () =>
      t.database.db
        .selectFrom('dink_posts')
        .select(['id', 'wom_id', 'type', 'received_at', 'image_id', 'payload'])
        .orderBy('id')
        .execute();

    it('seeds a history spread over the past days once, in order, which the moments job shows', async () => {
      expect(await seedDemoDinkHistory(deps)).toBe(DEMO_DINK_HISTORY_POSTS);
      const stored = await posts();
      expect(stored).toHaveLength(DEMO_DINK_HISTORY_POSTS);
      const times = stored.map((post) => new Date(post.received_at).getTime());
      const now = t.clock.now().getTime();
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.min(...times)).toBeGreaterThanOrEqual(now - DEMO_DINK_HISTORY_DAYS * DAY_MS);
      expect(Math.max(...times)).toBeLessThan(now);
      expect(new Set(stored.map((post) => post.wom_id))).toEqual(new Set(['1', '2', '3', '4']));
      expect(stored.some((post) => post.image_id !== null)).toBe(true);
      const names = new Map([
        ['1', 'Iron Tobi'],
        ['2', 'Zezima'],
        ['3', 'Lynx Titan'],
        ['4', 'Woox'],
      ]);
      for (const post of stored)
        expect((JSON.parse(post.payload) as { playerName: string }).playerName).toBe(names.get(post.wom_id));

      t.clock.advance(60_000);
      expect(await seedDemoDinkHistory(deps)).toBe(0);
      expect(await posts()).toHaveLength(DEMO_DINK_HISTORY_POSTS);

      await t.runJob(DINK_MOMENTS);
      const moments = await t.database.db.selectFrom('dink_moments').select(['kind', 'image_id']).execute();
      expect(moments.length).toBeGreaterThan(DEMO_DINK_HISTORY_POSTS / 2);
      expect(moments.length).toBeLessThan(DEMO_DINK_HISTORY_POSTS);
      const feed = (await t.app.inject({ url: '/api/feed?limit=50' })).json<FeedPage>();
      expect(feed.items).toHaveLength(moments.length);
      expect(feed.items.some((item) => item.image_url !== null)).toBe(true);
      const bests = await t.database.db.selectFrom('dink_personal_bests').select('boss').execute();
      expect(bests.length).toBeGreaterThan(0);
    });

    it('waits for members before seeding, and leaves out those who left or are hidden', async () => {
      await t.database.db.deleteFrom('members').execute();
      expect(await seedDemoDinkHistory(deps)).toBe(0);
      expect(await postDemoDinkNow(deps)).toBe('no members');
      await addMember(t, '5', 'Present');
      await addMember(t, '6', 'Departed', { left_at: '2026-11-01T00:00:00.000Z' });
      await addMember(t, '7', 'Hidden', { hidden: true });
      expect(await seedDemoDinkHistory(deps)).toBe(DEMO_DINK_HISTORY_POSTS);
      expect(new Set((await posts()).map((post) => post.wom_id))).toEqual(new Set(['5']));
    });

    it('adds one post per slot while running: the same slot again is the same post, kept once', async () => {
      t.clock.set('2026-11-21T12:00:00.000Z');
      expect(await postDemoDinkNow(deps)).toBe('stored');
      t.clock.advance(1000);
      expect(await postDemoDinkNow(deps)).toBe('duplicate');
      t.clock.advance(DEMO_DINK_EVERY_MS);
      expect(await postDemoDinkNow(deps)).toBe('stored');
      const stored = await posts();
      expect(stored).toHaveLength(2);
      expect(stored.map((post) => post.received_at)).toEqual([
        '2026-11-21T12:00:00.000Z',
        new Date(Date.parse('2026-11-21T12:00:01.000Z') + DEMO_DINK_EVERY_MS).toISOString(),
      ]);
    });

    it('starts by seeding the history once and stops cleanly', async () => {
      const lines: string[] = [];
      const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
      await (await startDemoDink(deps, log)).stop();
      await (await startDemoDink(deps, log)).stop();
      expect(await posts()).toHaveLength(DEMO_DINK_HISTORY_POSTS);
      expect(lines).toEqual([
        `Demo mode: the clan posts a Dink moment every 3 minutes (${DEMO_DINK_HISTORY_POSTS} earlier posts added)`,
        'Demo mode: the clan posts a Dink moment every 3 minutes',
      ]);
    });
  });
}
