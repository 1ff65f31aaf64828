import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

const PROXY = '10.0.0.2';

// The check reads only headers and the socket, the same on either database.
describe('same-origin guard', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** An app with the TRUST_PROXY setting (and `env`); its `post` answers the status of a mutation. */
  async function appTrusting(trustProxy: string, env: Record<string, string> = {}) {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: trustProxy, ...env } });
    const app = t.app;
    return async (headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress, headers });
      return response.statusCode;
    };
  }

  it('accepts a mutation from its own scheme and host', async () => {
    const post = await appTrusting('false');
    expect(await post({ host: 'localhost:3000', origin: 'http://localhost:3000' })).toBe(204);
  });

  it('refuses a mutation from the same host on another scheme', async () => {
    const post = await appTrusting('false');
    expect(await post({ host: 'localhost:3000', origin: 'https://localhost:3000' })).toBe(403);
  });

  it('refuses a mutation from another site, an opaque origin or a malformed one', async () => {
    const post = await appTrusting('false');
    for (const origin of ['https://evil.example', 'null', 'not a url']) {
      expect(await post({ host: 'localhost:3000', origin })).toBe(403);
    }
  });

  it.each(['false', '10.1.0.0/16'])(
    'ignores the scheme and host forwarded by a peer it does not trust (TRUST_PROXY=%s)',
    async (trustProxy) => {
      const post = await appTrusting(trustProxy);
      const headers = {
        host: 'localhost:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'clan.example',
      };
      expect(await post({ ...headers, origin: 'https://clan.example' }, PROXY)).toBe(403);
    },
  );

  it.each(['true', '1', PROXY])(
    'compares with the scheme and host a trusted proxy forwards (TRUST_PROXY=%s)',
    async (trustProxy) => {
      const post = await appTrusting(trustProxy);
      const headers = {
        host: 'localhost:3000',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'clan.example:443',
      };
      expect(await post({ ...headers, origin: 'https://clan.example' }, PROXY)).toBe(204);
      expect(await post({ ...headers, origin: 'http://clan.example' }, PROXY)).toBe(403);
    },
  );

  it('with PUBLIC_URL accepts exactly its origin, whatever Host the request names', async () => {
    const post = await appTrusting('false', { PUBLIC_URL: 'https://clan.example/' });
    expect(await post({ host: 'localhost:3000', origin: 'https://clan.example' })).toBe(204);
    expect(await post({ host: 'clan.example', origin: 'https://clan.example' })).toBe(204);
  });

  it('with PUBLIC_URL refuses the origin the Host header names, and the same host on another scheme or port', async () => {
    const post = await appTrusting('false', { PUBLIC_URL: 'https://clan.example' });
    expect(await post({ host: 'localhost:3000', origin: 'http://localhost:3000' })).toBe(403);
    for (const origin of ['http://clan.example', 'https://clan.example:8443', 'https://www.clan.example']) {
      expect(await post({ host: 'clan.example', origin })).toBe(403);
    }
  });

  it('with PUBLIC_URL refuses the scheme and host a trusted proxy forwards when they are not its own', async () => {
    const post = await appTrusting('true', { PUBLIC_URL: 'https://clan.example' });
    const headers = {
      host: 'localhost:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'other.example',
    };
    expect(await post({ ...headers, origin: 'https://other.example' }, PROXY)).toBe(403);
    expect(await post({ ...headers, origin: 'https://clan.example' }, PROXY)).toBe(204);
  });
});
