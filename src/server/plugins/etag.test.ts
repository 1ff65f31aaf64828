import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { PUBLIC_READ_URLS } from '#test/public-read-urls.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from '../db/revisions.ts';
import { etagOf } from './etag.ts';

const START = '2026-11-21T12:00:00.000Z';

for (const dialect of testDialects) {
  describe(`${dialect}: ETags on public reads`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);
    const get = (url: string, ifNoneMatch?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch },
      });

    beforeAll(async () => {
      simulator = await startSimulator({ members: 20, seed: 8, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
      // Someone who joined on this day two years ago, so the anniversaries list is not empty.
      await t.database.db
        .updateTable('members')
        .set({ join_date: '2024-11-21' })
        .where('wom_id', '=', String(simulator.memberIds()[4]))
        .execute();
      await bumpRevision(t.database.db, 'members');
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it.each(PUBLIC_READ_URLS)(
      '%s: tags the body with its content hash and answers 304 to it',
      async (url) => {
        const first = await get(url);
        expect(first.statusCode).toBe(200);
        expect(first.body.length).toBeGreaterThan(2);
        const etag = first.headers.etag as string;
        expect(etag).toBe(etagOf(first.body));
        expect(first.headers['cache-control']).toBe('no-cache');
        expect((await get(url)).headers.etag).toBe(etag);

        for (const match of [etag, `W/${etag}`, `"elsewhere", ${etag}`]) {
          const again = await get(url, match);
          expect(again.statusCode).toBe(304);
          expect(again.body).toBe('');
          expect(again.headers.etag).toBe(etag);
        }
        const stale = await get(url, '"stale"');
        expect(stale.statusCode).toBe(200);
        expect(stale.body).toBe(first.body);
      },
    );

    it('gives a new tag once the events change', async () => {
      const before = await get('/api/events');
      await t.database.db
        .insertInto('events')
        .values({
          name: 'Fresh Event',
          start_date: START,
          end_date: START,
          created_at: START,
          updated_at: START,
        })
        .execute();
      await bumpRevision(t.database.db, 'events');
      const after = await get('/api/events', before.headers.etag);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body).toContain('Fresh Event');
    });

    it('tags no error response', async () => {
      const invalid = await get('/api/wom-group-achievements?limit=0');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers.etag).toBeUndefined();
      expect((await get('/api/wom-player?id=1')).headers.etag).toBeUndefined();
    });
  });
}
