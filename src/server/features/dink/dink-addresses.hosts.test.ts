import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { unknownHostMessage } from '../../http/site-origin.ts';
import { addMember } from '../claims/claims.testing.ts';
import { claimCharacter } from '../goals/goals.testing.ts';
import { connectDink } from './dink.testing.ts';

const TOKEN_PATH = '/api/dink/[A-Za-z0-9_-]{43}';

for (const dialect of testDialects) {
  describe(`${dialect}: the hosts Dink addresses are made on`, () => {
    let t: TestApp | undefined;
    let roles: SignedInRoles;
    afterEach(async () => t?.close());

    async function start(env: Record<string, string> = {}): Promise<TestApp> {
      t = await createTestApp(dialect, { env });
      roles = await signInRoles(t);
      await addMember(t, '42', 'Wise Rune');
      await claimCharacter(t, roles.userId, '42');
      return t;
    }

    const connect = (app: TestApp, headers: Record<string, string>) =>
      app.app.inject({
        method: 'POST',
        url: '/api/me/characters/42/dink',
        headers: { ...roles.headers('user'), ...headers },
      });

    it('refuses a forged Host with 400, making no address, and serves no config on it', async () => {
      const app = await start();
      const forged = await connect(app, { host: 'evil.example' });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: unknownHostMessage('evil.example'),
      });
      expect(await app.database.db.selectFrom('dink_links').selectAll().execute()).toEqual([]);

      const { token } = await connectDink(app, '42', roles.headers('user'));
      const config = await app.app.inject({
        url: `/api/dink/${token}/config`,
        headers: { host: 'evil.example:3000' },
      });
      expect(config.statusCode).toBe(400);
      expect(config.json().message).toBe(unknownHostMessage('evil.example:3000'));
      // A forwarded host counts only from a proxy TRUST_PROXY believes, which this site has none of.
      const forwarded = await app.app.inject({
        url: `/api/dink/${token}/config`,
        headers: { 'x-forwarded-for': '203.0.113.5', 'x-forwarded-host': 'evil.example' },
      });
      expect(forwarded.json().lootWebhook).toBe(`http://localhost/api/dink/${token}`);
    });

    it('makes addresses on the loopback names and the listening address, at any port', async () => {
      const app = await start({ HOST: '10.1.2.3' });
      for (const host of ['localhost:8080', '127.0.0.1:3000', '[::1]:3000', '10.1.2.3:3000']) {
        const response = await connect(app, { host });
        expect(response.statusCode, host).toBe(201);
        expect(response.json().url).toMatch(
          new RegExp(`^http://${host.replace(/[[\]]/g, '\\$&')}${TOKEN_PATH}$`),
        );
      }
    });

    it('makes addresses on the names ALLOWED_HOSTS lists, a name at any port and a name:port at that one', async () => {
      const app = await start({ ALLOWED_HOSTS: 'Clan.Example, lan.example:8080' });
      expect((await connect(app, { host: 'clan.example:8443' })).json().url).toMatch(
        new RegExp(`^http://clan\\.example:8443${TOKEN_PATH}$`),
      );
      expect((await connect(app, { host: 'lan.example:8080' })).statusCode).toBe(201);
      expect((await connect(app, { host: 'lan.example:9090' })).statusCode).toBe(400);
      expect((await connect(app, { host: 'evil.example' })).statusCode).toBe(400);
    });

    it('makes addresses on PUBLIC_URL whatever Host a request names', async () => {
      const app = await start({ PUBLIC_URL: 'https://clan.example' });
      const response = await connect(app, { host: 'evil.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json().url).toMatch(new RegExp(`^https://clan\\.example${TOKEN_PATH}$`));
    });

    it('makes addresses on the host a trusted proxy forwarded, and refuses it from a proxy not trusted', async () => {
      const proxied = {
        host: 'internal:3000',
        'x-forwarded-for': '203.0.113.5',
        'x-forwarded-host': 'clan.example',
        'x-forwarded-proto': 'https',
      };
      const trusted = await start({ TRUST_PROXY: 'loopback' });
      const response = await connect(trusted, proxied);
      expect(response.statusCode).toBe(201);
      expect(response.json().url).toMatch(new RegExp(`^https://clan\\.example${TOKEN_PATH}$`));
      await trusted.close();

      // The test's requests come from 127.0.0.1, which is not in 10.0.0.0/8: its headers are not believed.
      const untrusted = await start({ TRUST_PROXY: '10.0.0.0/8' });
      const refused = await connect(untrusted, proxied);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(unknownHostMessage('internal:3000'));
    });
  });
}
