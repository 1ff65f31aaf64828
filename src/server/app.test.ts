import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { pathTo, routedPages } from '#core/site/pages.ts';
import { compressAssets } from '../../scripts/compress-assets.mjs';
import { migrations } from './db/migrations/index.ts';

for (const dialect of testDialects) {
  describe(`${dialect}: health`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(async () => t.close());

    it('reports ok, the dialect, the migration level and no WOM sync yet', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        database: { dialect, migration: Object.keys(migrations).at(-1) },
        last_wom_sync: null,
      });
    });

    it('reports the end of the last successful WOM sync, ignoring failed ones', async () => {
      await t.database.db
        .insertInto('sync_runs')
        .values([
          {
            kind: 'wom-sync',
            started_at: '2026-11-21T10:00:00.000Z',
            finished_at: '2026-11-21T10:00:05.000Z',
            outcome: 'succeeded',
            error: null,
          },
          {
            kind: 'wom-sync',
            started_at: '2026-11-21T11:00:00.000Z',
            finished_at: '2026-11-21T11:00:02.000Z',
            outcome: 'failed',
            error: 'WOM down',
          },
        ])
        .execute();
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.json().last_wom_sync).toBe('2026-11-21T10:00:05.000Z');
    });
  });
}

describe('HTTP basics', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'clan-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>clan</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    await compressAssets(webRoot);
    t = await createTestApp('sqlite', {
      webRoot,
      env: { CLAN_NAME: 'Test Clan', CLAN_DISCORD_URL: 'https://discord.gg/example' },
    });
    t.app.get('/api/test-crash', async () => {
      throw new Error('select * from users where secret = 1');
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the clan profile a fresh database took from configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/clan' });
    expect(response.json()).toMatchObject({
      name: 'Test Clan',
      founded: '2022-04-23',
      home_world: 517,
      discord_url: 'https://discord.gg/example',
      requirements: { skiller: 400, ironman: 600, regular: 1750 },
      icon_base_url: 'https://wiseoldman.net/img/runescape/icons_small',
    });
  });

  it('answers an unknown API path with a JSON 404, not the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing' });
  });

  it('serves the web app with 200 on every page it has, and with 404 on any other path', async () => {
    for (const page of routedPages) {
      const address = pathTo(page, 12);
      for (const path of [address, `${address}?search=x`]) {
        const response = await t.app.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('<div id="root">');
      }
    }
    for (const path of [
      '/some/unknown/page?x=1',
      '/members/extra',
      '/register-now',
      '/admin/../x',
      '/races/abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      // The app's HTML still, so the browser shows its own 404 page.
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("names a page's first data in its HTML, so the browser fetches it beside the code", async () => {
    const members = await t.app.inject({ method: 'GET', url: '/members' });
    expect(members.body).toContain(
      '<link rel="preload" href="/api/members" as="fetch" crossorigin="anonymous" />',
    );
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).not.toContain('rel="preload"');
  });

  it('sends pages and assets in the best precompressed copy the browser accepts', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/members',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('/api/members');

    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('hides the cause of a server error behind {code, message}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
    expect(response.body).not.toContain('select');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('sends security headers with a Content Security Policy that allows no third-party host', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI document that lists the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/clan',
        '/api/auth/login',
        '/api/auth/me',
        '/api/admin/users',
      ]),
    );
  });
});
