import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

/** Every security header a response carries, with its value: what helmet sent, minus the icon host. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Headers about the body, its caching and the connection: everything else is a security header. */
const NOT_SECURITY = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'etag',
  'last-modified',
  'vary',
]);

describe('security headers', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'clan-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>clan</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    // No icon host listens there: the icon answers its 404.
    t = await createTestApp('sqlite', { webRoot, env: { ICON_BASE_URL: 'http://127.0.0.1:9/icons' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['a page', 'GET', '/members'],
    ['a built asset', 'GET', '/assets/app-1234.js'],
    ['an API read', 'GET', '/api/clan'],
    ['an API error', 'GET', '/api/no-such-thing'],
    ['a refused mutation', 'POST', '/api/auth/login'],
    ['a missing file', 'GET', '/nope.txt'],
    ['an icon that cannot be had', 'GET', '/icons/vorkath.png'],
  ] as const)('sends exactly the expected set on %s', async (_what, method, url) => {
    const response = await t.app.inject({ method, url });
    const security = Object.fromEntries(
      Object.entries(response.headers).filter(([name]) => !NOT_SECURITY.has(name)),
    );
    expect(security).toEqual(EXPECTED);
  });
});
