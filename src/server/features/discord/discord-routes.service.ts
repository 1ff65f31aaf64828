import { bucketWait } from '#core/discord/delivery-outcome.ts';
import { DISCORD_KIND_LIST } from '#core/discord/discord-kinds.ts';
import { fitToDiscordLimits } from '#core/discord/discord-message.ts';
import {
  DELIVERY_HISTORY_LIMIT,
  MAX_DISCORD_ROUTES,
  type DiscordDelivery,
  type DiscordRoute,
  type DiscordRouteInput,
  type DiscordRouteUpdate,
  type DiscordTestResult,
} from '#core/discord/discord-routes.schema.ts';
import { newsMessage } from '#core/discord/news-messages.ts';
import { NO_FILTERS } from '#core/discord/route-filters.ts';
import { parseWebhookUrl, WEBHOOK_URL_MESSAGE, webhookUrlHint } from '#core/discord/webhook-url.ts';
import { badRequest, notFound } from '../../http/http-error.ts';
import type { AdminRouteDeps } from '../../plugins/admin-guard.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { DiscordUnreachableError, sendToWebhook } from './discord-client.ts';
import {
  blockBucket,
  bucketBlockedUntil,
  GLOBAL_BUCKET,
  listDeliveries,
} from './discord-deliveries.repository.ts';
import {
  countRoutes,
  deleteRoute as deleteStoredRoute,
  findRoute,
  insertRoute,
  listRoutes as listStoredRoutes,
  updateRoute as updateStoredRoute,
  type RouteValues,
  type StoredRoute,
} from './discord-routes.repository.ts';

type Deps = Pick<AdminRouteDeps, 'db' | 'clock' | 'config'>;

const ROUTE_NOT_FOUND = 'Discord route not found';

/** What a browser sees of a route: never its URL. */
function publicRoute(route: StoredRoute): DiscordRoute {
  return {
    id: route.id,
    name: route.name,
    url_hint: webhookUrlHint(route.url),
    kinds: route.kinds,
    filters: route.filters,
    enabled: route.enabled,
    disabled_reason: route.disabledReason,
    last_delivery_at: route.lastDeliveryAt,
  };
}

/** What the audit log keeps of a route: its name and settings, never its URL. */
function audited(values: Pick<RouteValues, 'name' | 'kinds' | 'enabled' | 'filters'>) {
  return { name: values.name, kinds: values.kinds, enabled: values.enabled, filters: values.filters };
}

function webhookOf(deps: Deps, url: string) {
  const webhook = parseWebhookUrl(url, deps.config.discord.apiBaseUrl);
  if (!webhook) throw badRequest(WEBHOOK_URL_MESSAGE);
  return webhook;
}

export function listKinds() {
  return [...DISCORD_KIND_LIST];
}

export async function listRoutes(deps: Deps): Promise<DiscordRoute[]> {
  return (await listStoredRoutes(deps.db)).map(publicRoute);
}

export async function createRoute(
  deps: Deps,
  input: DiscordRouteInput,
  actor: AuditActor,
): Promise<DiscordRoute> {
  const url = input.url.trim();
  const webhook = webhookOf(deps, url);
  const values: RouteValues = {
    name: input.name,
    url,
    webhookId: webhook.id,
    kinds: input.kinds,
    filters: input.filters ?? NO_FILTERS,
    enabled: input.enabled,
  };
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    if ((await countRoutes(trx)) >= MAX_DISCORD_ROUTES) {
      throw badRequest(`A site holds at most ${MAX_DISCORD_ROUTES} Discord routes; delete one first`);
    }
    const created = await insertRoute(trx, values, now.toISOString());
    await recordAudit(trx, {
      actor,
      action: 'discord.route_create',
      targetType: 'discord_route',
      targetId: created,
      after: audited(values),
      at: now,
    });
    return created;
  });
  return publicRoute((await findRoute(deps.db, id)) as StoredRoute);
}

export async function updateRoute(
  deps: Deps,
  id: number,
  input: DiscordRouteUpdate,
  actor: AuditActor,
): Promise<DiscordRoute> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const stored = await findRoute(trx, id);
    if (!stored) throw notFound(ROUTE_NOT_FOUND);
    const url = input.url?.trim() ?? stored.url;
    const values: RouteValues = {
      name: input.name,
      url,
      webhookId: webhookOf(deps, url).id,
      kinds: input.kinds,
      filters: input.filters ?? stored.filters,
      enabled: input.enabled,
    };
    await updateStoredRoute(trx, id, values, now.toISOString());
    await recordAudit(trx, {
      actor,
      action: 'discord.route_update',
      targetType: 'discord_route',
      targetId: id,
      before: audited(stored),
      after: { ...audited(values), url_changed: url !== stored.url },
      at: now,
    });
  });
  return publicRoute((await findRoute(deps.db, id)) as StoredRoute);
}

export async function deleteRoute(deps: Deps, id: number, actor: AuditActor): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const stored = await findRoute(trx, id);
    if (!stored) throw notFound(ROUTE_NOT_FOUND);
    await deleteStoredRoute(trx, id);
    await recordAudit(trx, {
      actor,
      action: 'discord.route_delete',
      targetType: 'discord_route',
      targetId: id,
      before: audited(stored),
      at: now,
    });
  });
}

function answerText(status: number, body: unknown): string {
  const message =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).message : undefined;
  if (status >= 200 && status < 300) return 'Discord accepted the test message.';
  return typeof message === 'string'
    ? `Discord answered ${status}: ${message}`
    : `Discord answered ${status}`;
}

/** The latest test on each webhook, in this process: a press waits for the one before it. */
const testsByWebhook = new Map<string, Promise<unknown>>();

/**
 * Runs `work` after every earlier test on the same webhook, so presses at once (a double click,
 * two admins) each see the bucket the one before left, instead of all passing an open bucket.
 */
function afterEarlierTests<T>(webhookId: string, work: () => Promise<T>): Promise<T> {
  const next = (testsByWebhook.get(webhookId) ?? Promise.resolve()).then(work);
  const settled = next.catch(() => undefined);
  testsByWebhook.set(webhookId, settled);
  void settled.then(() => {
    if (testsByWebhook.get(webhookId) === settled) testsByWebhook.delete(webhookId);
  });
  return next;
}

/**
 * Posts a test message at once (not through the outbox) and reports Discord's answer. It respects
 * the webhook's rate limit like every delivery, so pressing it repeatedly cannot get the site banned.
 */
export async function testRoute(deps: Deps, id: number): Promise<DiscordTestResult> {
  const route = await findRoute(deps.db, id);
  if (!route) throw notFound(ROUTE_NOT_FOUND);
  return afterEarlierTests(route.webhookId, () => sendTest(deps, route));
}

async function sendTest(deps: Deps, route: StoredRoute): Promise<DiscordTestResult> {
  const now = deps.clock.now();
  const blocked = await bucketBlockedUntil(deps.db, [route.webhookId, GLOBAL_BUCKET], now.toISOString());
  if (blocked) {
    const seconds = Math.max(1, Math.ceil((Date.parse(blocked) - now.getTime()) / 1000));
    return {
      ok: false,
      discord_status: null,
      message: `Discord asked the site to wait; try again in ${seconds} s`,
    };
  }
  const message = fitToDiscordLimits(
    newsMessage({ kind: 'test', route: route.name }, deps.config.discord.siteUrl),
  );
  try {
    const answer = await sendToWebhook({ url: route.url, message });
    const wait = bucketWait(answer, deps.clock.now());
    if (wait)
      await blockBucket(deps.db, wait.global ? GLOBAL_BUCKET : route.webhookId, wait.until.toISOString());
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, discord_status: answer.status, message: answerText(answer.status, answer.body) };
  } catch (error) {
    if (!(error instanceof DiscordUnreachableError)) throw error;
    return { ok: false, discord_status: null, message: error.message };
  }
}

export async function recentDeliveries(deps: Deps, routeId: number | undefined): Promise<DiscordDelivery[]> {
  return listDeliveries(deps.db, routeId, DELIVERY_HISTORY_LIMIT);
}
