import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';
import { bumpRevision } from '../db/revisions.ts';

const START = '2026-11-21T12:00:00.000Z';

const PUBLIC_READS = [
  '/api/members',
  '/api/events',
  '/api/leaderboards',
  '/api/wom-group',
  '/api/wom-group-stats',
  '/api/wom-group-achievements?limit=20',
  '/api/wom-competitions',
  '/api/clan',
  '/api/anniversaries',
];

for (const dialect of testDialects) {
  describe(`${dialect}: public reads as prebuilt, compressed bytes`, () => {
    let simulator: WomSimulator;
    let t: TestApp;
    const clock = createManualClock(START);
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    beforeAll(async () => {
      simulator = await startSimulator({ members: 30, seed: 9, clock });
      t = await createTestApp(dialect, { clock, wom: { url: simulator.url, groupId: simulator.groupId } });
      expect((await t.sync()).outcome).toBe('succeeded');
    });
    afterAll(async () => {
      await t.close();
      await simulator.close();
    });

    it.each(PUBLIC_READS)(
      '%s: sends brotli, gzip or plain bytes of one body, as the client accepts',
      async (url) => {
        const plain = await get(url);
        expect(plain.statusCode).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);

        const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

        const gz = await get(url, { 'accept-encoding': 'br;q=0, gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

        // One body, one tag, whatever the encoding.
        expect(br.headers.etag).toBe(plain.headers.etag);
        expect(gz.headers.etag).toBe(plain.headers.etag);
        expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      },
    );

    it('answers from the bytes built for the current revision, without reading the data again', async () => {
      const first = await get('/api/members');
      const etag = first.headers.etag as string;
      // A change made without a bump is invisible: the request only checked the revisions.
      await t.database.db.updateTable('members').set({ name: 'Renamed Quietly' }).execute();
      const notModified = await get('/api/members', { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect(notModified.headers['content-encoding']).toBeUndefined();
      expect((await get('/api/members')).body).toBe(first.body);

      await bumpRevision(t.database.db, 'members');
      const rebuilt = await get('/api/members', { 'if-none-match': etag });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toContain('Renamed Quietly');
    });

    it('compresses a large answer that is not prebuilt, and leaves a small one alone', async () => {
      const docs = await get('/api/docs', { 'accept-encoding': 'gzip' });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(docs.rawPayload).toString())).toHaveProperty('openapi');

      const health = await get('/api/health', { 'accept-encoding': 'gzip, br' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-encoding']).toBeUndefined();
    });
  });
}
