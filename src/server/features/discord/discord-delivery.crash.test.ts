import { afterEach, describe, expect, it } from 'vitest';
import { parseWebhookUrl } from '#core/discord/webhook-url.ts';
import { createTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import {
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
  until,
  type ServerProcess,
} from '#test/server-process.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { announce } from './discord-outbox.ts';
import { insertRoute } from './discord-routes.repository.ts';

const MESSAGES = 30;
const ADMIN = { username: 'discordadmin', password: 'discord-test-password' };
/** The post after which the first server is killed: Discord has it, the server has not recorded it. */
const KILL_AT = 12;

/** The member name a received message announces. */
function announced(body: Record<string, unknown>): string {
  const [embed] = body.embeds as { description: string }[];
  return /\[([^\]]+)\]/.exec(embed!.description)![1]!;
}

/** What an admin does with routes over HTTP, refused and accepted, so their log lines exist. */
async function touchRoutesOverHttp(base: string, url: string): Promise<void> {
  const cookie = await signInOverHttp(base, ADMIN);
  const post = (body: unknown) =>
    fetch(`${base}/api/admin/discord/routes`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const route = { name: 'Off', kinds: ['member_left'], enabled: false };
  expect((await post({ ...route, url: url.replace('/api/', '/internal/') })).status).toBe(400);
  expect((await post({ ...route, url, kinds: ['no_such_kind'] })).status).toBe(400);
  expect((await post({ ...route, url })).status).toBe(201);
  expect((await fetch(`${base}/api/admin/discord/routes`, { headers: { cookie } })).status).toBe(200);
}

for (const dialect of testDialects) {
  describe(`${dialect}: a server killed while it delivers Discord news`, () => {
    let database: TestDatabase | undefined;
    let standIn: DiscordStandIn | undefined;
    const servers: ServerProcess[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
      await standIn?.close();
      await database?.destroy();
    });

    it('loses nothing: every message arrives, the one in flight at most once more', async () => {
      let onPost: () => void = () => undefined;
      standIn = await startDiscordStandIn({ onReceived: () => onPost() });
      database = await createTestDatabase(dialect);
      const webhook = standIn.createWebhook();
      const now = new Date();
      await database.db.transaction().execute(async (trx) => {
        const id = parseWebhookUrl(webhook.url, standIn!.url)!.id;
        await insertRoute(
          trx,
          {
            name: 'Clan news',
            url: webhook.url,
            webhookId: id,
            kinds: ['member_joined'],
            filters: { achievements: 'any', competition_types: [] },
            enabled: true,
          },
          now.toISOString(),
        );
        for (let n = 1; n <= MESSAGES; n += 1) {
          await announce(
            trx,
            { kind: 'member_joined', members: [{ wom_id: String(n), name: `Member${n}` }] },
            now,
          );
        }
      });
      const env = {
        DATABASE_URL: database.url,
        // A group on an address where nothing listens: the WOM sync fails, which this test ignores.
        WOM_GROUP_ID: '1',
        WOM_BASE_URL: 'http://127.0.0.1:9/v2',
        DISCORD_API_BASE_URL: standIn.url,
        DISCORD_DELIVERY_INTERVAL_SECONDS: '1',
        JOB_LEASE_SECONDS: '2',
        // Every line the server writes, so the test can look for the webhook's secret in them.
        LOG_LEVEL: 'trace',
        LOG_FORMAT: 'json',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      };
      const first = await startServerProcess(env);
      servers.push(first);
      await touchRoutesOverHttp(first.base, webhook.url);
      const killed = new Promise<void>((resolve) => {
        onPost = () => {
          if (standIn!.received().length !== KILL_AT) return;
          // Synchronously, before the stand-in answers: the server never learns Discord took it.
          first.child.kill('SIGKILL');
          resolve();
        };
      });
      await killed;
      await stopServerProcess(first, 'SIGKILL');
      onPost = () => undefined;
      const receivedBeforeRestart = standIn.received().length;
      expect(receivedBeforeRestart).toBe(KILL_AT);

      const second = await startServerProcess(env);
      servers.push(second);
      await until('every message is delivered', async () => {
        const row = await database!.db
          .selectFrom('discord_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'delivered')
          .executeTakeFirstOrThrow();
        return Number(row.count) === MESSAGES;
      });

      const names = standIn.received().map((message) => announced(message.body));
      const expected = Array.from({ length: MESSAGES }, (_, i) => `Member${i + 1}`);
      expect([...new Set(names)].sort()).toEqual([...expected].sort());
      // At most the one message in flight at the kill arrives twice, and the order holds otherwise.
      expect(names.length).toBeLessThanOrEqual(MESSAGES + 1);
      expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual(
        names.length > MESSAGES ? [`Member${KILL_AT}`] : [],
      );
      await stopServerProcess(second, 'SIGTERM');
      // The URL is a secret: no log line of either process holds its token.
      expect(first.output()).toContain('Clan site ready');
      for (const server of [first, second]) expect(server.output()).not.toContain(webhook.token);
    }, 120_000);
  });
}
