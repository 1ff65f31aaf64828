import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';

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
        database: { dialect, migration: '2026_11_23_1000_create_rate_limits' },
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
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>clan</title><div id="root"></div>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
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

  it('serves the clan profile from configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/clan' });
    expect(response.json()).toEqual({
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

  it('serves the web app for any page path so the browser router can answer it', async () => {
    for (const path of ['/', '/members', '/some/unknown/page?x=1']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves built assets with a long cache and answers a missing asset with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
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
