import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  InsertQueryNode,
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inertText } from '#core/discord/news-messages.ts';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { WatchListCase } from '#core/player-watch/player-watch.schema.ts';
import { RESET_CONFIRMATION } from '#core/seasons/season.schema.ts';
import { createManualClock, createTestAppOn, type TestApp } from '#test/app.ts';
import { createTestDatabase, testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import { signInRoles } from '#test/roles.ts';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { addMember } from '../claims/claims.testing.ts';
import { PLAYER_WATCH } from '../player-watch/player-watch.service.ts';

const PINGS = '@everyone <@&123>';
/** The name as a message shows it: escaped as markdown, still holding the would-be pings. */
const PINGER = inertText(`Mod ${PINGS}`);

function listCase(accused_rsn: string, fields: Partial<WatchListCase> = {}): WatchListCase {
  return {
    accused_rsn,
    published_date: '2026-03-01T10:00:00Z',
    reason: 'Scamming',
    evidence_rating: 'High',
    quick_find: `https://runewatch.com/cases/${encodeURIComponent(accused_rsn)}`,
    source: 'RuneWatch',
    ...fields,
  };
}

/** Makes the app's inserts into one table fail once armed, inside whatever transaction they are in. */
class FailingInsert implements KyselyPlugin {
  armed = false;
  readonly #matching = new WeakSet<QueryId>();

  constructor(private readonly table: string) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.armed && InsertQueryNode.is(node) && node.into && TableNode.is(node.into)) {
      if (node.into.table.identifier.name === this.table) this.#matching.add(args.queryId);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#matching.has(args.queryId)) throw new Error(`the insert into ${this.table} failed`);
    return args.result;
  }
}

for (const dialect of testDialects) {
  describe(`${dialect}: Discord news from admins`, () => {
    let t: DiscordTestApp;
    let listServer: Server | undefined;
    let published: WatchListCase[] = [];

    beforeEach(async () => {
      published = [];
      const server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(published));
      });
      listServer = server;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const listUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/list.json`;
      t = await createDiscordTestApp(dialect, { env: { PLAYER_WATCH_URL: listUrl } });
      await addMember(t, '101', 'Zezima', { womrole: 'ruby', siege_score: 40 });
      await addMember(t, '102', `Mod ${PINGS}`, { womrole: 'opal', siege_score: 55 });
      await addMember(t, '103', 'Woox', { womrole: 'opal', siege_score: 0 });
    });
    afterEach(async () => {
      await t.close();
      await new Promise((resolve) => listServer?.close(resolve));
    });

    const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.roles.as('admin', { method, url, ...(payload ? { payload } : {}) });
    const queued = () => t.database.db.selectFrom('discord_deliveries').select('kind').execute();

    it('tells the rank routes of a rank an admin sets, by the rank button or the member form', async () => {
      const ranks = await t.addRoute(['rank_changed']);
      const others = await t.addRoute(['member_joined', 'season_reset', 'player_watch', 'claim_requests']);

      const set = await asAdmin('POST', '/api/admin/members/101/rank', { role: 'Deputy Owner' });
      expect(set.statusCode, set.body).toBe(200);
      // The same rank again writes nothing, so says nothing.
      expect(
        (await asAdmin('POST', '/api/admin/members/101/rank', { role: 'deputy_owner' })).statusCode,
      ).toBe(200);
      const member = (await asAdmin('GET', '/api/admin/members')).json<AdminMember[]>();
      const woox = member.find((m) => m.wom_id === '103')!;
      const saved = await asAdmin('PATCH', '/api/admin/members/103', {
        womrole: 'sapphire',
        expected_updated_at: woox.updated_at,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await t.deliverAll();

      // Both within a minute: one message.
      expect(t.texts(ranks.webhookId)).toEqual([
        [
          '2 rank changes',
          '[Zezima](https://clan.example/members/101): Ruby → **Deputy Owner** (set by an admin)',
          '[Woox](https://clan.example/members/103): Opal → **Sapphire** (set by an admin)',
        ].join('\n'),
      ]);
      expect(t.standIn.received(others.webhookId)).toEqual([]);
    });

    it('posts a rank set on a member whose name would ping, pinging nobody', async () => {
      const { webhookId } = await t.addRoute(['rank_changed']);
      expect((await asAdmin('POST', '/api/admin/members/102/rank', { role: 'ruby' })).statusCode).toBe(200);
      await t.deliverAll();
      const [message] = t.standIn.received(webhookId);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(message?.body.embeds).toEqual([
        expect.objectContaining({ description: expect.stringContaining(`[${PINGER}]`) }),
      ]);
    });

    it('posts the closed season’s final standings when an admin resets the scores', async () => {
      const resets = await t.addRoute(['season_reset']);
      const others = await t.addRoute(['rank_changed', 'competition_ended']);
      const response = await asAdmin('POST', '/api/admin/siege-scores/reset', {
        confirmation: RESET_CONFIRMATION,
      });
      expect(response.statusCode, response.body).toBe(200);
      await t.deliver();

      expect(t.texts(resets.webhookId)).toEqual([
        [
          'Season 1 is over: siege scores are reset',
          `🥇 [${PINGER}](https://clan.example/members/102) — 55 pts`,
          '🥈 [Zezima](https://clan.example/members/101) — 40 pts',
        ].join('\n'),
      ]);
      const [message] = t.standIn.received(resets.webhookId);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(t.standIn.received(others.webhookId)).toEqual([]);
    });

    it('gives members tied at the end of a season one medal, and names everyone tied at 10th', async () => {
      const resets = await t.addRoute(['season_reset']);
      await addMember(t, '104', 'Tied First', { siege_score: 55 });
      for (const [index, score] of [30, 29, 28, 27, 26, 25, 20, 20, 20, 5].entries()) {
        await addMember(t, String(200 + index), `Member ${index}`, { siege_score: score });
      }
      const response = await asAdmin('POST', '/api/admin/siege-scores/reset', {
        confirmation: RESET_CONFIRMATION,
      });
      expect(response.statusCode, response.body).toBe(200);
      await t.deliver();

      const [post] = t.texts(resets.webhookId);
      const places = post
        ?.split('\n')
        .slice(1)
        .map((line) => line.split(' ')[0]);
      expect(places).toEqual(['🥇', '🥇', '🥉', '4.', '5.', '6.', '7.', '8.', '9.', '10.', '10.', '10.']);
    });

    it('tells the admins’ route of new player-watch reports on current members, once per report', async () => {
      await addMember(t, '104', 'Gone Guy', { left_at: '2026-06-01T00:00:00.000Z' });
      const watch = await t.addRoute(['player_watch']);
      const others = await t.addRoute(['rank_changed', 'claim_requests']);
      const list = [listCase('Zezima'), listCase('Gone Guy'), listCase('Stranger')];

      const upload = () => asAdmin('POST', '/api/admin/player-watch/import', list);
      expect((await upload()).statusCode).toBe(200);
      expect((await upload()).statusCode).toBe(200);
      await t.deliver();
      expect(t.texts(watch.webhookId)).toEqual([
        'Player watch: 1 new report\n[Zezima](https://clan.example/members/101): Scamming',
      ]);

      // The scheduled download of the same list plus one new case tells of the new one only.
      published = [...list, listCase(`Mod ${PINGS}`, { reason: 'Phishing' })];
      const run = await t.jobs.start(PLAYER_WATCH, null);
      if (run.status === 'busy') throw new Error('a download is already running');
      expect((await run.done).outcome).toBe('succeeded');
      const again = await t.jobs.start(PLAYER_WATCH, null);
      if (again.status === 'busy') throw new Error('a download is already running');
      expect((await again.done).outcome).toBe('succeeded');
      await t.deliver();

      expect(t.texts(watch.webhookId)).toEqual([
        'Player watch: 1 new report\n[Zezima](https://clan.example/members/101): Scamming',
        `Player watch: 1 new report\n[${PINGER}](https://clan.example/members/102): Phishing`,
      ]);
      expect(t.standIn.received(watch.webhookId).map((m) => m.body.allowed_mentions)).toEqual([
        { parse: [] },
        { parse: [] },
      ]);
      expect(t.standIn.received(others.webhookId)).toEqual([]);
      expect(await queued()).toHaveLength(2);
    });
  });

  describe(`${dialect}: a reset that fails`, () => {
    let standIn: DiscordStandIn;
    let app: TestApp;

    afterEach(async () => {
      await app.close();
      await standIn.close();
    });

    it('announces nothing', async () => {
      const clock = createManualClock();
      standIn = await startDiscordStandIn({ clock });
      const database = await createTestDatabase(dialect);
      const failing = new FailingInsert('audit_log');
      app = await createTestAppOn(
        { ...database, db: database.db.withPlugin(failing) },
        { clock, env: { DISCORD_API_BASE_URL: standIn.url, PUBLIC_URL: 'https://clan.example' } },
      );
      const roles = await signInRoles(app);
      await addMember(app, '101', 'Zezima', { siege_score: 40 });
      const webhook = standIn.createWebhook();
      const created = await roles.as('admin', {
        method: 'POST',
        url: '/api/admin/discord/routes',
        payload: { name: 'Resets', url: webhook.url, kinds: ['season_reset'], enabled: true },
      });
      expect(created.statusCode, created.body).toBe(201);

      // The reset's last write fails, after its news was queued in the same transaction.
      failing.armed = true;
      const response = await roles.as('admin', {
        method: 'POST',
        url: '/api/admin/siege-scores/reset',
        payload: { confirmation: RESET_CONFIRMATION },
      });
      failing.armed = false;
      expect(response.statusCode).toBe(500);
      await app.deliver();

      expect(standIn.received(webhook.id)).toEqual([]);
      expect(await database.db.selectFrom('discord_deliveries').select('id').execute()).toEqual([]);
      const seasons = await database.db.selectFrom('seasons').select('name').execute();
      expect(seasons.map((season) => season.name)).toEqual(['Season 1']);
    });
  });
}
