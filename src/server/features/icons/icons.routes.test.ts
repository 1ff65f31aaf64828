import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ICON_FILES } from '#core/metrics/metric-icons.ts';
import { createTestApp, type TestApp } from '#test/app.ts';
import { freePort } from '#test/free-port.ts';
import { until } from '#test/server-process.ts';
import { startTestIconUpstream, TINY_PNG, type TestIconUpstream } from './icon-upstream.testing.ts';

describe('game icons served by the site', () => {
  let upstream: TestIconUpstream;
  let cacheDir: string;
  const apps: TestApp[] = [];

  /** An app (an instance of the site) whose icons come from `baseUrl` and live in `cacheDir`. */
  async function startApp(baseUrl = upstream.baseUrl, options: { webRoot?: string } = {}) {
    const app = await createTestApp('sqlite', {
      env: { ICON_BASE_URL: baseUrl, ICON_CACHE_DIR: cacheDir },
      ...options,
    });
    apps.push(app);
    return app;
  }
  const getIcon = (t: TestApp, path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });

  beforeEach(async () => {
    upstream = await startTestIconUpstream();
    cacheDir = join(mkdtempSync(join(tmpdir(), 'clan-icons-')), 'icons');
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await upstream.close();
    rmSync(join(cacheDir, '..'), { recursive: true, force: true });
  });

  it('fetches an icon from the upstream once and serves it with long cache headers and an ETag', async () => {
    const t = await startApp();
    const first = await getIcon(t, '/icons/vorkath.png');
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload).toEqual(TINY_PNG);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=604800');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);

    const again = await getIcon(t, '/icons/vorkath.png');
    expect(again.rawPayload).toEqual(TINY_PNG);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(upstream.requests).toEqual(['/img/icons_small/vorkath.png']);
  });

  it('answers 304 with no body when the browser already has the icon', async () => {
    const t = await startApp();
    const { etag } = (await getIcon(t, '/icons/zulrah.png')).headers;
    const response = await getIcon(t, '/icons/zulrah.png', { 'if-none-match': String(etag) });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe(etag);
  });

  it('keeps the icon on disk, so a restarted site serves it with the upstream gone', async () => {
    const before = await startApp();
    await getIcon(before, '/icons/attack.png');
    await before.close();
    apps.splice(apps.indexOf(before), 1);
    await upstream.close();
    expect(readFileSync(join(cacheDir, 'attack.png'))).toEqual(TINY_PNG);
    expect(readdirSync(cacheDir)).toEqual(['attack.png']);

    const after = await startApp();
    const response = await getIcon(after, '/icons/attack.png');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(TINY_PNG);
  });

  it('fetches an icon once when many visitors ask for it at the same time', async () => {
    const t = await startApp();
    const { held, release } = upstream.hold();
    const responses = Array.from({ length: 6 }, () => getIcon(t, '/icons/nex.png'));
    await held;
    release();
    for (const response of await Promise.all(responses)) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(TINY_PNG);
    }
    expect(upstream.requests).toEqual(['/img/icons_small/nex.png']);
  });

  it('answers 404 when the upstream cannot be reached, and the page shows its fallback', async () => {
    const t = await startApp(`http://127.0.0.1:${await freePort()}/icons`);
    const response = await getIcon(t, '/icons/vorkath.png');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('remembers a failed icon for a while instead of asking a failing upstream on every request', async () => {
    const t = await startApp();
    upstream.answer(503);
    expect((await getIcon(t, '/icons/vorkath.png')).statusCode).toBe(404);
    upstream.answer('png');
    expect((await getIcon(t, '/icons/vorkath.png')).statusCode).toBe(404);
    expect(upstream.requests).toHaveLength(1);

    t.clock.advance(10 * 60_000 + 1);
    expect((await getIcon(t, '/icons/vorkath.png')).statusCode).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('does not serve or store what the upstream sends when it is not a PNG', async () => {
    const t = await startApp();
    upstream.answer('html');
    expect((await getIcon(t, '/icons/vorkath.png')).statusCode).toBe(404);
    upstream.answer(404);
    expect((await getIcon(t, '/icons/zulrah.png')).statusCode).toBe(404);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('lists the icons it holds at /api/icons, with an ETag, and an icon it fetches joins the list', async () => {
    const t = await startApp();
    const empty = await getIcon(t, '/api/icons');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect((await getIcon(t, '/api/icons', { 'if-none-match': String(empty.headers.etag) })).statusCode).toBe(
      304,
    );

    await getIcon(t, '/icons/zulrah.png');
    await getIcon(t, '/icons/attack.png');
    upstream.answer(503);
    await getIcon(t, '/icons/vorkath.png');
    const held = await getIcon(t, '/api/icons', { 'if-none-match': String(empty.headers.etag) });
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual(['attack.png', 'zulrah.png']);
  });

  it('loads every icon once the site listens, and lists them all', async () => {
    const t = await startApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await until(
      'every icon is held',
      async () => (await getIcon(t, '/api/icons')).json<string[]>().length === ICON_FILES.size,
    );
    expect((await getIcon(t, '/api/icons')).json()).toEqual([...ICON_FILES].sort());
    expect(upstream.requests).toHaveLength(ICON_FILES.size);
    expect(readdirSync(cacheDir)).toHaveLength(ICON_FILES.size);
  });

  it('offline, lists at start the icons its disk holds and no other, so pages ask for none that would 404', async () => {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, 'nex.png'), TINY_PNG);
    const t = await startApp(`http://127.0.0.1:${await freePort()}/icons`);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await until(
      'the icon on disk is held',
      async () => (await getIcon(t, '/api/icons')).json<string[]>().length > 0,
    );
    expect((await getIcon(t, '/api/icons')).json()).toEqual(['nex.png']);
  });

  it.each([
    '/icons/not_a_metric.png',
    '/icons/vorkath.svg',
    '/icons/vorkath',
    '/icons/VORKATH.png',
    '/icons/..%2F..%2Fpackage.json',
    '/icons/%2e%2e%2fpackage.json',
    '/icons/../package.json',
    '/icons/..%5Cpackage.json',
    '/icons/vorkath.png/',
  ])('answers 404 to %s without asking the upstream', async (path) => {
    const t = await startApp();
    const response = await getIcon(t, path);
    expect(response.statusCode).toBe(404);
    expect(upstream.requests).toEqual([]);
  });

  it("leaves the web app's own files under /icons/ to the web app", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'clan-web-'));
    mkdirSync(join(webRoot, 'icons'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>clan</title>');
    writeFileSync(join(webRoot, 'icons', 'game-default.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    try {
      const t = await startApp(upstream.baseUrl, { webRoot });
      const response = await getIcon(t, '/icons/game-default.svg');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(upstream.requests).toEqual([]);
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
