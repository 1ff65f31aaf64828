import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestAppOn,
  createUser,
  TEST_PASSWORD,
  type TestApp,
  type TestAppOptions,
} from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { parseDatabaseUrl } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';

const STRANGER = '203.0.113.9';
const OWNER = '198.51.100.7';
const PROXY = '10.0.0.2';

function login(
  t: TestApp,
  username: string,
  password: string,
  from: { remoteAddress?: string; xff?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from.remoteAddress ?? STRANGER,
    headers: from.xff === undefined ? {} : { 'x-forwarded-for': from.xff },
    payload: { username, password },
  });
}

for (const dialect of testDialects) {
  describe(`${dialect}: login rate limits`, () => {
    const apps: TestApp[] = [];
    const start = async (options?: TestAppOptions) => {
      const t = await createTestApp(dialect, options);
      apps.push(t);
      await createUser(t, 'boss', { admin: true });
      return t;
    };
    afterEach(async () => {
      // A second instance closes first: it shares the first one's database.
      for (const t of apps.reverse()) await t.close();
      apps.length = 0;
    });

    it("lets the owner sign in from their address while a stranger's guesses are refused", async () => {
      const t = await start();
      for (let i = 0; i < 10; i += 1) expect((await login(t, 'boss', `guess-${i}`)).statusCode).toBe(401);
      const refused = await login(t, 'boss', TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many login attempts. Try again in 15 minutes.');
      expect((await login(t, 'boss', TEST_PASSWORD, { remoteAddress: OWNER })).statusCode).toBe(200);
    });

    it('counts guesses from one IPv6 /64 as one address, whichever address of it they come from', async () => {
      const t = await start();
      for (let i = 1; i <= 10; i += 1) {
        const from = { remoteAddress: `2001:db8:1:2::${i.toString(16)}` };
        expect((await login(t, 'boss', `guess-${i}`, from)).statusCode).toBe(401);
      }
      const fresh = { remoteAddress: '2001:db8:1:2:ffff:1:2:3' };
      expect((await login(t, 'boss', 'guess-11', fresh)).statusCode).toBe(429);
      expect((await login(t, 'boss', TEST_PASSWORD, { remoteAddress: '2001:db8:1:3::1' })).statusCode).toBe(
        200,
      );
    });

    it('signs in twenty simultaneous logins with the right password', async () => {
      const t = await start();
      const responses = await Promise.all(Array.from({ length: 20 }, () => login(t, 'boss', TEST_PASSWORD)));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    });

    it('counts a login that ends in a server fault against the limit', async () => {
      const t = await start();
      await t.database.db.schema.dropTable('sessions').execute();
      for (let i = 0; i < 10; i += 1) {
        expect((await login(t, 'boss', TEST_PASSWORD)).statusCode).toBeGreaterThanOrEqual(500);
      }
      expect((await login(t, 'boss', TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('slows guesses from many addresses on one account without locking the owner out', async () => {
      const t = await start();
      for (let i = 0; i < 100; i += 1) {
        const from = { remoteAddress: `192.0.2.${i}` };
        const response = await login(t, 'boss', 'guess', from);
        expect(response.statusCode).toBe(401);
      }
      // Under attack, an address that has failed once waits for the window to end...
      const again = await login(t, 'boss', 'guess', { remoteAddress: '192.0.2.1' });
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('900');
      // ...while the owner, from an address with no failures, still signs in.
      expect((await login(t, 'boss', TEST_PASSWORD, { remoteAddress: OWNER })).statusCode).toBe(200);
    });

    it('enforces one limit across two instances on the same database', async () => {
      const first = await start();
      const handle = openDatabase(parseDatabaseUrl(first.database.url));
      const second = await createTestAppOn(
        { ...handle, url: first.database.url, destroy: () => handle.close() },
        { clock: first.clock, instanceId: 'second-instance' },
      );
      apps.push(second);
      for (let i = 0; i < 10; i += 1) {
        const response = await login(i % 2 === 0 ? first : second, 'boss', 'guess');
        expect(response.statusCode).toBe(401);
      }
      expect((await login(first, 'boss', 'guess')).statusCode).toBe(429);
      expect((await login(second, 'boss', 'guess')).statusCode).toBe(429);
      expect((await login(second, 'boss', TEST_PASSWORD, { remoteAddress: OWNER })).statusCode).toBe(200);
    });
  });
}

// Which address a request counts as is Fastify's reading of the headers, the same on either database.
describe('sqlite: the client address that login limits count', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps) await t.close();
    apps.length = 0;
  });
  const start = async (options?: TestAppOptions) => {
    const t = await createTestApp('sqlite', options);
    apps.push(t);
    await createUser(t, 'boss', { admin: true });
    return t;
  };

  /** The addresses the login limits counted, as the limiter stored them. */
  async function countedAddresses(t: TestApp): Promise<string[]> {
    const rows = await t.database.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'login:address:%')
      .orderBy('key')
      .execute();
    return rows.map((row) => row.key.slice('login:address:'.length));
  }

  it('limits the real client behind one proxy however the client forges X-Forwarded-For', async () => {
    const t = await start({ env: { TRUST_PROXY: 'true' } });
    // The proxy appends the address it sees; everything before it is the client's to write.
    const viaProxy = (i: number, client: string) => ({
      remoteAddress: PROXY,
      xff: `1.2.3.${i}, 5.6.7.${i}, ${client}`,
    });
    for (let i = 0; i < 30; i += 1) {
      expect((await login(t, `nobody-${i}`, 'guess', viaProxy(i, STRANGER))).statusCode).toBe(401);
    }
    expect((await login(t, 'nobody-30', 'guess', viaProxy(30, STRANGER))).statusCode).toBe(429);
    expect((await login(t, 'boss', TEST_PASSWORD, viaProxy(31, OWNER))).statusCode).toBe(200);
  });

  it('counts one client however the proxy writes its address, with a new port every time', async () => {
    const t = await start({ env: { TRUST_PROXY: 'true' } });
    const written = (i: number) =>
      [`${STRANGER}:${40000 + i}`, '203.000.113.009', `[::ffff:${STRANGER}]:${i}`, '::FFFF:CB00:7109'][
        i % 4
      ]!;
    for (let i = 0; i < 30; i += 1) {
      const from = { remoteAddress: PROXY, xff: written(i) };
      expect((await login(t, `nobody-${i}`, 'guess', from)).statusCode).toBe(401);
    }
    const refused = await login(t, 'nobody-30', 'guess', { remoteAddress: PROXY, xff: `${STRANGER}:1` });
    expect(refused.statusCode).toBe(429);
    expect(await countedAddresses(t)).toEqual([STRANGER]);
  });

  it('counts every forwarded value that is no address in one shared bucket', async () => {
    const t = await start({ env: { TRUST_PROXY: 'true' } });
    for (let i = 0; i < 30; i += 1) {
      const from = { remoteAddress: PROXY, xff: `unknown-${i}` };
      expect((await login(t, `nobody-${i}`, 'guess', from)).statusCode).toBe(401);
    }
    expect((await login(t, 'nobody-30', 'guess', { remoteAddress: PROXY, xff: '_hidden' })).statusCode).toBe(
      429,
    );
    expect(await countedAddresses(t)).toEqual(['unparsable']);
    expect((await login(t, 'boss', TEST_PASSWORD, { remoteAddress: PROXY, xff: OWNER })).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['[2001:db8:1:2::1]:443', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:0:0:0:5', '2001:db8:1:2::/64'],
    ['[::1]', '0:0:0:0::/64'],
    ['198.051.100.007:8080', OWNER],
  ])('with TRUST_PROXY=true counts a login forwarded for %s as %s', async (xff, address) => {
    const t = await start({ env: { TRUST_PROXY: 'true' } });
    expect((await login(t, 'boss', 'guess', { remoteAddress: PROXY, xff })).statusCode).toBe(401);
    expect(await countedAddresses(t)).toEqual([address]);
  });

  it.each([
    ['false', { remoteAddress: STRANGER, xff: `${OWNER}, 5.6.7.8` }, STRANGER],
    ['true', { remoteAddress: PROXY, xff: `${OWNER}, ${STRANGER}` }, STRANGER],
    ['1', { remoteAddress: PROXY }, PROXY],
    ['2', { remoteAddress: PROXY, xff: `${OWNER}, ${STRANGER}, 10.9.9.9` }, STRANGER],
    ['10.0.0.0/8, 172.16.0.1', { remoteAddress: PROXY, xff: `${OWNER}, ${STRANGER}` }, STRANGER],
    ['10.0.0.0/8', { remoteAddress: STRANGER, xff: `${OWNER}, 10.0.0.3` }, STRANGER],
    ['10.0.0.0/8', { remoteAddress: PROXY, xff: `${OWNER}, ${STRANGER}, 10.0.0.3` }, STRANGER],
  ])('with TRUST_PROXY=%s counts a login from %o as %s', async (setting, from, address) => {
    const t = await start({ env: { TRUST_PROXY: setting } });
    expect((await login(t, 'boss', 'guess', from)).statusCode).toBe(401);
    expect(await countedAddresses(t)).toEqual([address]);
  });
});
