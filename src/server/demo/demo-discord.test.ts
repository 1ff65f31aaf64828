import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscordDelivery, DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import { createTestApp, testConfig, type TestApp } from '#test/app.ts';
import { testDialects } from '#test/databases.ts';
import { signInRoles, type SignedInRoles } from '#test/roles.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { announce } from '../features/discord/discord-outbox.ts';
import type { FromDemoDiscord } from './demo-discord-messages.ts';
import {
  DEMO_ROUTE_NAME,
  prepareDemoDiscord,
  startDemoDiscord,
  withDemoDiscord,
  type DemoDiscord,
} from './demo-discord.ts';

/** The stand-in process's source, run under tsx as `npm run dev` runs it. */
const ENTRY = new URL('./demo-discord-process.ts', import.meta.url);

const joined = (name: string, womId: string) => ({
  kind: 'member_joined' as const,
  members: [{ wom_id: womId, name }],
});

async function startDemoStandIn(): Promise<DemoDiscord> {
  const standIn = await startDemoDiscord(testConfig(), ENTRY);
  if (!standIn) throw new Error('demo mode started no Discord stand-in');
  return standIn;
}

/** The stand-in demo mode runs, started in this process so a test reads what arrived. */
const startStandIn = (): Promise<DiscordStandIn> => startDiscordStandIn();

describe("demo mode's Discord stand-in", () => {
  it('serves as DISCORD_API_BASE_URL, and is not started when that names another one', async () => {
    const standIn = await startDemoStandIn();
    try {
      expect(withDemoDiscord(testConfig(), standIn).discord.apiBaseUrl).toBe(standIn.url);
      expect(withDemoDiscord(testConfig(), null).discord.apiBaseUrl).toBeNull();
      expect(
        await startDemoDiscord(testConfig({ DISCORD_API_BASE_URL: 'http://127.0.0.1:9' }), ENTRY),
      ).toBeNull();
    } finally {
      await standIn.close();
    }
  });
});

describe("demo mode's Discord process", () => {
  it("makes the demo route's webhook, which takes posts", async () => {
    const standIn = await startDemoStandIn();
    try {
      const webhook = await standIn.createWebhook({ name: DEMO_ROUTE_NAME });
      expect(new URL(webhook.url).origin).toBe(standIn.url);
      const posted = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'Hello from the demo' }),
      });
      expect(posted.ok).toBe(true);
    } finally {
      await standIn.close();
    }
  });

  it('stops on close: its port no longer answers, and asking it fails', async () => {
    const standIn = await startDemoStandIn();
    expect((await fetch(`${standIn.url}/oauth2/authorize`)).status).toBeLessThan(500);
    await standIn.close();
    await expect(fetch(`${standIn.url}/oauth2/authorize`)).rejects.toThrow();
    await expect(standIn.createWebhook({ name: DEMO_ROUTE_NAME })).rejects.toThrow(
      /stopped before it answered/,
    );
  });

  it('exits when the app that started it goes away and its IPC channel closes', async () => {
    const child = fork(fileURLToPath(ENTRY), ['{}'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [ready] = (await once(child, 'message')) as [FromDemoDiscord];
    expect(ready.type).toBe('ready');
    const exited = once(child, 'exit');
    child.disconnect();
    expect(await exited).toEqual([0, null]);
  });
});

for (const dialect of testDialects) {
  describe(`${dialect}: demo mode's Discord route`, () => {
    const standIns: DiscordStandIn[] = [];
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      for (const standIn of standIns.splice(0)) await standIn.close();
    });

    async function start(): Promise<{ t: TestApp; roles: SignedInRoles; standIn: DiscordStandIn }> {
      const standIn = await startStandIn();
      standIns.push(standIn);
      t = await createTestApp(dialect, { env: { DISCORD_API_BASE_URL: standIn.url } });
      return { t, roles: await signInRoles(t), standIn };
    }

    it('adds one route carrying the public kinds on the first start, and news posted to it arrives', async () => {
      const { t, roles, standIn } = await start();
      const log = { info: vi.fn() };
      await prepareDemoDiscord(t.database.db, standIn, t.clock, log);
      expect(log.info).toHaveBeenCalledWith(
        `Demo mode: a Discord stand-in listens on ${standIn.url}; demo routes post there`,
      );

      const routes = (await roles.as('admin', { method: 'GET', url: '/api/admin/discord/routes' })).json<
        DiscordRoute[]
      >();
      expect(routes).toHaveLength(1);
      const [route] = routes;
      expect(route).toMatchObject({ name: DEMO_ROUTE_NAME, enabled: true, disabled_reason: null });
      expect(route?.kinds).toContain('member_joined');
      expect(route?.kinds).toContain('achievements');
      expect(route?.kinds).not.toContain('player_watch');
      expect(route?.kinds).not.toContain('claim_requests');

      await t.database.db
        .transaction()
        .execute((trx) => announce(trx, joined('Zezima', '101'), t.clock.now()));
      expect((await t.deliver()).outcome).toBe('succeeded');
      expect(standIn.received()).toHaveLength(1);
      const deliveries = (
        await roles.as('admin', { method: 'GET', url: '/api/admin/discord/deliveries' })
      ).json<DiscordDelivery[]>();
      expect(deliveries).toMatchObject([{ route_id: route?.id, status: 'delivered', discord_status: 200 }]);
    });

    it('does not add the route again on a later start, even after the admin deleted it', async () => {
      const { t, roles, standIn } = await start();
      await prepareDemoDiscord(t.database.db, standIn, t.clock, { info: vi.fn() });
      await prepareDemoDiscord(t.database.db, standIn, t.clock, { info: vi.fn() });
      const list = async () =>
        (await roles.as('admin', { method: 'GET', url: '/api/admin/discord/routes' })).json<DiscordRoute[]>();
      const [route] = await list();
      expect(await list()).toHaveLength(1);

      const deleted = await roles.as('admin', {
        method: 'DELETE',
        url: `/api/admin/discord/routes/${route?.id}`,
      });
      expect(deleted.statusCode).toBe(204);
      await prepareDemoDiscord(t.database.db, standIn, t.clock, { info: vi.fn() });
      expect(await list()).toEqual([]);
    });

    it("signs people in through a restarted demo's stand-in, whose application and server it uses", async () => {
      const first = await startStandIn();
      standIns.push(first);
      const config = withDemoDiscord(testConfig(), first).discord;
      t = await createTestApp(dialect, {
        env: {
          DISCORD_API_BASE_URL: first.url,
          DISCORD_APPLICATION_ID: config.app.applicationId ?? '',
          DISCORD_CLIENT_SECRET: config.app.clientSecret ?? '',
          DISCORD_BOT_TOKEN: config.app.botToken ?? '',
          DISCORD_GUILD_ID: config.app.guildId ?? '',
          DISCORD_PUBLIC_KEY: config.app.publicKey ?? '',
          DISCORD_OAUTH_AUTHORIZE_URL: config.app.oauthAuthorizeUrl,
        },
      });
      expect(config.app).toMatchObject({ guildId: DEMO_GUILD.id, applicationId: first.application.id });
      await first.close();
      const second = await startStandIn();
      standIns.push(second);
      await prepareDemoDiscord(t.database.db, second, t.clock, { info: vi.fn() });
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/discord/start' });
      expect(new URL(String(start.headers.location)).origin).toBe(second.url);
    });

    it("moves the route to a restarted demo's stand-in, whose new port it posts to", async () => {
      const { t, standIn: first } = await start();
      await prepareDemoDiscord(t.database.db, first, t.clock, { info: vi.fn() });
      await first.close();

      const second = await startStandIn();
      standIns.push(second);
      await prepareDemoDiscord(t.database.db, second, t.clock, { info: vi.fn() });
      await t.database.db.transaction().execute((trx) => announce(trx, joined('Lynx', '102'), t.clock.now()));
      await t.deliver();
      expect(second.received()).toHaveLength(1);
      const routes = await t.database.db.selectFrom('discord_routes').select('url').execute();
      expect(routes.map((route) => new URL(route.url).origin)).toEqual([second.url]);
    });
  });
}
