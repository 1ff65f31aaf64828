import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscordRoute, DiscordTestResult } from '#core/discord/discord-routes.schema.ts';
import { WEBHOOK_URL_MESSAGE } from '#core/discord/webhook-url.ts';
import { testDialects } from '#test/databases.ts';
import { createDiscordTestApp, type DiscordTestApp } from '#test/discord.ts';
import type * as DiscordClient from './discord-client.ts';
import { announce } from './discord-outbox.ts';

/** How long a test request may hang here: Discord's 10 s would make the hang test slow. */
const TEST_TIMEOUT_MS = 1_000;

vi.mock('./discord-client.ts', async (importOriginal) => {
  const client = await importOriginal<typeof DiscordClient>();
  return {
    ...client,
    sendToWebhook: (request: Parameters<typeof client.sendToWebhook>[0]) =>
      client.sendToWebhook({ timeoutMs: TEST_TIMEOUT_MS, ...request }),
  };
});

const ROUTES = '/api/admin/discord/routes';
const joined = (name: string, womId = '101') => ({
  kind: 'member_joined' as const,
  members: [{ wom_id: womId, name }],
});

for (const dialect of testDialects) {
  describe(`${dialect}: Discord routes API`, () => {
    let t: DiscordTestApp;

    beforeEach(async () => {
      t = await createDiscordTestApp(dialect);
    });
    afterEach(async () => t.close());

    const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.roles.as('admin', { method, url, ...(payload ? { payload } : {}) });
    const list = async () => (await admin('GET', ROUTES)).json<DiscordRoute[]>();
    const routeInput = (url: string, changes: object = {}) => ({
      name: 'Clan news',
      url,
      kinds: ['member_joined'],
      enabled: true,
      ...changes,
    });
    const queue = (news: Parameters<typeof announce>[1]) =>
      t.database.db.transaction().execute((trx) => announce(trx, news, t.clock.now()));
    const auditRows = () =>
      t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', 'like', 'discord.%')
        .orderBy('id')
        .execute();
    const sendTest = async (id: number) => {
      const response = await admin('POST', `${ROUTES}/${id}/test`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DiscordTestResult>();
    };
    const requestsTo = (webhookId: string) => t.standIn.requests.filter((r) => r.webhookId === webhookId);

    it('creates, lists, updates and deletes a route, auditing each without its URL', async () => {
      const webhook = t.standIn.createWebhook();
      const created = await admin(
        'POST',
        ROUTES,
        routeInput(webhook.url, { kinds: ['member_joined', 'achievements'] }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const route = created.json<DiscordRoute>();
      expect(route).toEqual({
        id: route.id,
        name: 'Clan news',
        url_hint: `…/webhooks/${webhook.id.slice(0, 4)}…/****`,
        kinds: ['member_joined', 'achievements'],
        filters: { achievements: 'any', competition_types: [] },
        enabled: true,
        disabled_reason: null,
        last_delivery_at: null,
      });
      expect(await list()).toEqual([route]);

      const updated = await admin('PUT', `${ROUTES}/${route.id}`, {
        name: 'Admin channel',
        kinds: ['player_watch'],
        enabled: false,
        filters: { achievements: '99', competition_types: [] },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        name: 'Admin channel',
        kinds: ['player_watch'],
        enabled: false,
        filters: { achievements: '99', competition_types: [] },
        url_hint: route.url_hint,
      });
      expect(await list()).toEqual([updated.json()]);

      const deleted = await admin('DELETE', `${ROUTES}/${route.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(await list()).toEqual([]);
      expect((await admin('DELETE', `${ROUTES}/${route.id}`)).statusCode).toBe(404);
      expect((await admin('PUT', `${ROUTES}/${route.id}`, routeInput(webhook.url))).statusCode).toBe(404);

      const audit = await auditRows();
      expect(audit.map((row) => row.action)).toEqual([
        'discord.route_create',
        'discord.route_update',
        'discord.route_delete',
      ]);
      expect(JSON.stringify(audit)).not.toContain(webhook.token);
    });

    it('keeps routes to admins', async () => {
      const webhook = t.standIn.createWebhook();
      for (const role of ['anonymous', 'user'] as const) {
        const response = await t.roles.as(role, {
          method: 'POST',
          url: ROUTES,
          payload: routeInput(webhook.url),
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(401);
        expect(response.statusCode).toBeLessThanOrEqual(403);
        expect((await t.roles.as(role, { method: 'GET', url: ROUTES })).statusCode).toBeGreaterThanOrEqual(
          401,
        );
      }
      expect(await list()).toEqual([]);
    });

    const badUrls = [
      'http://discord.com/api/webhooks/1/token',
      'https://discord.com.evil.net/api/webhooks/1/token',
      'https://evil.com/discord.com/api/webhooks/1/token',
      'https://discord.com@evil.com/api/webhooks/1/token',
      'https://162.159.128.233/api/webhooks/1/token',
      'https://localhost/api/webhooks/1/token',
      'https://discord.com:8443/api/webhooks/1/token',
      'https://discord.com/api/webhooks/1/token?wait=false',
      'https://discord.com/api/webhooks/1/token#x',
      'https://discord.com/api/users/@me',
      'https://discord.com/api/webhooks/1',
      // Internal addresses: the stand-in's host on another port (a database), or its control routes.
      'http://127.0.0.1:5432/api/webhooks/1/x',
      'http://169.254.169.254/api/webhooks/1/x',
      'not a url',
    ];

    it('refuses every URL that is not a webhook, with the same clear message and nothing written', async () => {
      const webhook = t.standIn.createWebhook();
      const created = (await admin('POST', ROUTES, routeInput(webhook.url))).json<DiscordRoute>();
      const auditBefore = await auditRows();
      const urls = [...badUrls, `${t.standIn.url}/__control/received`];
      for (const url of urls) {
        const posted = await admin('POST', ROUTES, routeInput(url, { name: 'Bad' }));
        expect([posted.statusCode, posted.json()], url).toEqual([
          400,
          { code: 'VALIDATION_ERROR', message: WEBHOOK_URL_MESSAGE },
        ]);
        const put = await admin('PUT', `${ROUTES}/${created.id}`, routeInput(url, { name: 'Changed' }));
        expect([put.statusCode, put.json().message], url).toEqual([400, WEBHOOK_URL_MESSAGE]);
      }
      expect(await list()).toEqual([created]);
      expect(await auditRows()).toEqual(auditBefore);
      // The stored URL still works: a queued message reaches the same webhook.
      await queue(joined('Zezima'));
      await t.deliver();
      expect(t.standIn.received(webhook.id)).toHaveLength(1);
    });

    it('refuses unknown kinds, a missing name and unknown fields, writing nothing', async () => {
      const webhook = t.standIn.createWebhook();
      for (const input of [
        routeInput(webhook.url, { kinds: ['member_joined', 'member_exploded'] }),
        routeInput(webhook.url, { kinds: ['test'] }),
        routeInput(webhook.url, { name: '   ' }),
        routeInput(webhook.url, { filters: { achievements: '98', competition_types: [] } }),
        { ...routeInput(webhook.url), secret: true },
      ]) {
        const response = await admin('POST', ROUTES, input);
        expect(response.statusCode, JSON.stringify(input)).toBe(400);
        expect(response.body).not.toContain(webhook.token);
      }
      expect(await list()).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it('holds at most 25 routes', async () => {
      for (let index = 0; index < 25; index += 1) await t.addRoute(['member_joined']);
      const refused = await admin('POST', ROUTES, routeInput(t.standIn.createWebhook().url));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/at most 25 Discord routes/);
      expect(await list()).toHaveLength(25);
      expect((await auditRows()).filter((row) => row.action === 'discord.route_create')).toHaveLength(25);
    });

    it('keeps the stored URL when a change omits it', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      const response = await admin('PUT', `${ROUTES}/${route.id}`, {
        name: 'Renamed',
        kinds: ['member_joined', 'member_left'],
        enabled: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DiscordRoute>().url_hint).toBe(route.url_hint);
      await queue(joined('Zezima'));
      await t.deliver();
      expect(t.texts(webhookId).join('\n')).toContain('Zezima');
      const audit = (await auditRows()).at(-1);
      expect(audit?.action).toBe('discord.route_update');
      expect(audit?.after).toMatch(/"url_changed":\s*false/);
    });

    it('moves a route to a new URL, which clears a stop', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      t.standIn.deleteWebhook(webhookId);
      await queue(joined('Lost'));
      await t.deliver();
      expect((await list())[0]?.disabled_reason).toMatch(/404/);

      const moved = t.standIn.createWebhook();
      const response = await admin('PUT', `${ROUTES}/${route.id}`, routeInput(moved.url));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DiscordRoute>()).toMatchObject({
        disabled_reason: null,
        url_hint: `…/webhooks/${moved.id.slice(0, 4)}…/****`,
      });
      expect((await auditRows()).at(-1)?.after).toMatch(/"url_changed":\s*true/);

      await queue(joined('Zezima'));
      await t.deliver();
      expect(t.texts(moved.id).join('\n')).toContain('Zezima');
      expect(requestsTo(webhookId)).toHaveLength(1);
    });

    it('never sends a route URL or its token back, nor writes it where others read', async () => {
      const { route, webhookId, url } = await t.addRoute(['member_joined', 'achievements']);
      const token = url.split('/').at(-1) as string;
      const moved = t.standIn.createWebhook();
      const bodies: { request: string; response: LightMyRequestResponse }[] = [];
      const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
        bodies.push({ request: `${method} ${path}`, response: await admin(method, path, payload) });
      };

      await call('GET', ROUTES);
      await call('PUT', `${ROUTES}/${route.id}`, routeInput(url, { name: 'Same URL' }));
      await call('POST', `${ROUTES}/${route.id}/test`);
      await queue(joined('Zezima'));
      await t.deliver();
      await call('GET', '/api/admin/discord/deliveries');
      await call('GET', `/api/admin/discord/deliveries?route_id=${route.id}`);
      await call('POST', ROUTES, routeInput(`${url}/extra`));
      await call('POST', ROUTES, routeInput(`${url}${'x'.repeat(600)}`));
      await call('PUT', `${ROUTES}/${route.id}`, routeInput(moved.url));
      await call('GET', '/api/admin/audit');
      await call('GET', '/api/admin/members/export.csv');
      await call('GET', '/api/admin/inactivity/export.csv');
      await call('GET', '/api/docs');
      await call('DELETE', `${ROUTES}/${route.id}`);
      await call('GET', '/api/admin/audit');

      expect(t.standIn.received(webhookId).length).toBeGreaterThan(0);
      for (const { request, response } of bodies) expect(response.statusCode, request).toBeLessThan(500);
      const answered = (request: string) => bodies.filter((b) => b.request === request).at(-1)?.response;
      expect(answered('GET /api/docs')?.body).toContain('/api/admin/discord/routes/{id}/test');
      expect(answered('GET /api/admin/members/export.csv')?.statusCode).toBe(200);
      expect(answered(`GET /api/admin/discord/deliveries?route_id=${route.id}`)?.json()).toHaveLength(1);
      const audit = answered('GET /api/admin/audit');
      expect(audit?.statusCode).toBe(200);
      expect(audit?.body).toContain('discord.route_delete');
      for (const { request, response } of bodies) {
        for (const secret of [token, moved.token, `webhooks/${webhookId}/`, `webhooks/${moved.id}/`]) {
          expect(response.body, request).not.toContain(secret);
        }
      }
      const stored = JSON.stringify([
        await auditRows(),
        await t.database.db.selectFrom('discord_deliveries').selectAll().execute(),
      ]);
      expect(stored).not.toContain(token);
      expect(stored).not.toContain(moved.token);
    });

    it('posts a test message and shows Discord’s answer', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined'], { name: 'News *channel*' });
      expect(await sendTest(route.id)).toEqual({
        ok: true,
        discord_status: 200,
        message: 'Discord accepted the test message.',
      });
      const [message] = t.standIn.received(webhookId);
      expect(message?.body.allowed_mentions).toEqual({ parse: [] });
      expect(t.texts(webhookId)).toEqual([expect.stringContaining('Test message')]);
      expect(t.texts(webhookId)[0]).toContain('News \\*channel\\*');
      expect((await admin('POST', `${ROUTES}/99999/test`)).statusCode).toBe(404);
    });

    it('posts a test to a URL pasted with an empty query or fragment, waiting for the message', async () => {
      for (const suffix of ['?', '#', '/']) {
        const webhook = t.standIn.createWebhook();
        const route = (
          await admin('POST', ROUTES, routeInput(`${webhook.url}${suffix}`))
        ).json<DiscordRoute>();
        // 200 with the message, not the 204 a post without `?wait=true` gets.
        expect(await sendTest(route.id), suffix).toMatchObject({ ok: true, discord_status: 200 });
        expect(t.standIn.received(webhook.id), suffix).toHaveLength(1);
      }
    });

    it('shows a deleted webhook’s 404 on a test', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      t.standIn.deleteWebhook(webhookId);
      expect(await sendTest(route.id)).toEqual({
        ok: false,
        discord_status: 404,
        message: 'Discord answered 404: Unknown Webhook',
      });
    });

    it('gives up on a test Discord never answers, within the client timeout', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      t.standIn.hangNext(1);
      const started = performance.now();
      expect(await sendTest(route.id)).toEqual({
        ok: false,
        discord_status: null,
        message: 'Discord did not answer in time',
      });
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(TEST_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(TEST_TIMEOUT_MS + 4_000);
      expect(requestsTo(webhookId).map((r) => r.status)).toEqual([null]);
    });

    it('never sends more test messages than the webhook’s bucket allows, pressed one after another', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      const results: DiscordTestResult[] = [];
      for (let press = 0; press < 12; press += 1) results.push(await sendTest(route.id));
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.at(-1)).toMatchObject({ ok: false, discord_status: null, message: /try again in 2 s/ });
      expect(requestsTo(webhookId).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

      t.clock.advance(2_000);
      expect((await sendTest(route.id)).ok).toBe(true);
    });

    it('never sends more test messages than the webhook’s bucket allows, pressed all at once', async () => {
      const { route, webhookId } = await t.addRoute(['member_joined']);
      const results = await Promise.all(Array.from({ length: 12 }, () => sendTest(route.id)));
      expect(requestsTo(webhookId).filter((r) => r.status === 429)).toEqual([]);
      expect(requestsTo(webhookId).length).toBeLessThanOrEqual(5);
      expect(results.filter((r) => r.ok).length).toBe(requestsTo(webhookId).length);
    });
  });
}
