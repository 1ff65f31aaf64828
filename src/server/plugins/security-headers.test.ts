import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingHttpHeaders } from 'node:http';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { serveOverTls, TEST_TLS } from '#test/tls.ts';

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

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The HSTS header of a read with `headers`, from `remoteAddress`, with the TRUST_PROXY setting. */
  async function hstsOf(trustProxy: string, headers: Record<string, string>, remoteAddress = '10.0.0.2') {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: trustProxy } });
    const response = await t.app.inject({ method: 'GET', url: '/api/clan', headers, remoteAddress });
    return response.headers['strict-transport-security'];
  }

  it('is sent on a request a trusted proxy forwarded from HTTPS', async () => {
    expect(await hstsOf('true', { 'x-forwarded-proto': 'https' })).toBe(HSTS);
  });

  it.each([
    ['false', {}],
    ['true', { 'x-forwarded-proto': 'http' }],
    ['false', { 'x-forwarded-proto': 'https' }],
    ['10.1.0.0/16', { 'x-forwarded-proto': 'https' }],
  ])(
    'is not sent over plain HTTP, nor on a claim of HTTPS by a peer it does not trust (TRUST_PROXY=%s, %o)',
    async (trustProxy, headers) => {
      expect(await hstsOf(trustProxy, headers)).toBeUndefined();
    },
  );

  it('is sent on a request that came over the server’s own TLS', async () => {
    t = await createTestApp('sqlite');
    await t.app.ready();
    const front = await serveOverTls(t.app.server);
    try {
      const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
        const request = httpsGet(
          {
            host: '127.0.0.1',
            port: front.port,
            path: '/api/clan',
            ca: TEST_TLS.cert,
            servername: 'localhost',
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.headers));
          },
        );
        request.on('error', reject);
      });
      expect(headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await front.close();
    }
  });
});
