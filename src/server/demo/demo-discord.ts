import type { Kysely } from 'kysely';
import { DISCORD_KIND_LIST } from '#core/discord/discord-kinds.ts';
import { NO_FILTERS } from '#core/discord/route-filters.ts';
import type { Clock } from '#shared/clock.ts';
import { DEMO_GUILD } from '#stand-ins/discord/demo-guild.ts';
import type { CreatedWebhook, StandInApplication } from '#stand-ins/discord/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { SETTING_KEYS, readSetting, saveSetting } from '../features/clan-settings/clan-settings.ts';
import { recordAudit } from '../features/audit/audit.repository.ts';
import { markNewsOnce } from '../features/discord/discord-outbox.ts';
import { insertRoute, listRoutes } from '../features/discord/discord-routes.repository.ts';
import type { CreateWebhook, DemoDiscordReady } from './demo-discord-messages.ts';
import { startDemoProcess } from './demo-process.ts';

/** The route the first demo start adds, so the Discord tab shows deliveries without a Discord account. */
export const DEMO_ROUTE_NAME = 'Demo channel (stand-in)';

/** Marked once the demo route exists: an admin who deletes it does not see it come back on restart. */
const DEMO_ROUTE_MARK = 'demo:discord-route';

/** Demo mode's Discord stand-in as the app sees it: in its own process, on a loopback port. */
export interface DemoDiscord {
  /** e.g. 'http://127.0.0.1:40123', for DISCORD_API_BASE_URL. */
  readonly url: string;
  /** The application the site is configured as: its id, client secret, bot token and public key. */
  readonly application: StandInApplication;
  createWebhook(options: CreateWebhook): Promise<CreatedWebhook>;
  /** Stops the process; resolves once it has exited. */
  close(): Promise<void>;
}

/**
 * What demo mode needs of a stand-in to point routes at it: where it listens and a new webhook. A
 * stand-in in this process (a test's, which reads what arrived) makes the webhook at once.
 */
export interface DemoStandIn {
  readonly url: string;
  createWebhook(options: CreateWebhook): CreatedWebhook | Promise<CreatedWebhook>;
}

/**
 * Starts demo mode's Discord stand-in as a child process running `entry` (dist/server/demo/
 * demo-discord-process.js beside the bundled server; the TypeScript source under tsx), or nothing
 * when DISCORD_API_BASE_URL names another one (e.g. `npm run discord-stand-in`). Resolves once it
 * listens.
 */
export async function startDemoDiscord(config: Config, entry: URL): Promise<DemoDiscord | null> {
  if (config.discord.apiBaseUrl !== null) return null;
  const standIn = await startDemoProcess<DemoDiscordReady, CreateWebhook, CreatedWebhook>(
    entry,
    "The demo's Discord stand-in",
  );
  return {
    url: standIn.ready.url,
    application: standIn.ready.application,
    createWebhook: (options) => standIn.ask(options),
    close: () => standIn.close(),
  };
}

/**
 * Routes may post to the stand-in: its address serves as DISCORD_API_BASE_URL. Its application and
 * server stand in for the clan's (each unless DISCORD_* names one), so a demo signs people in with
 * Discord, moves roles and answers slash commands offline.
 */
export function withDemoDiscord(
  config: Config,
  standIn: Pick<DemoDiscord, 'url' | 'application'> | null,
): Config {
  if (!standIn) return config;
  const app = config.discord.app;
  return {
    ...config,
    discord: {
      ...config.discord,
      apiBaseUrl: standIn.url,
      app: {
        applicationId: app.applicationId ?? standIn.application.id,
        publicKey: app.publicKey ?? standIn.application.publicKeyHex,
        botToken: app.botToken ?? standIn.application.botToken,
        clientSecret: app.clientSecret ?? standIn.application.clientSecret,
        guildId: app.guildId ?? DEMO_GUILD.id,
        oauthAuthorizeUrl: `${standIn.url}/oauth2/authorize`,
      },
    },
  };
}

/** An address on an earlier start's stand-in: a loopback http address, a port that is gone. */
function onEarlierStandIn(url: URL, standIn: Pick<DemoStandIn, 'url'>): boolean {
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === 'localhost') &&
    url.origin !== new URL(standIn.url).origin
  );
}

/**
 * The stand-in listens on a new port at each start and keeps nothing, so routes on an earlier
 * start's stand-in are moved to this one (it takes any webhook id it has not seen with its token).
 */
async function movePastStandInRoutes(db: Kysely<Database>, standIn: DemoStandIn): Promise<void> {
  for (const route of await listRoutes(db)) {
    const url = new URL(route.url);
    if (!onEarlierStandIn(url, standIn) || !url.pathname.startsWith('/api/webhooks/')) continue;
    await db
      .updateTable('discord_routes')
      .set({ url: `${standIn.url}${url.pathname}` })
      .where('id', '=', route.id)
      .execute();
  }
}

/** The stored "Sign in with Discord" address, moved to this start's stand-in as routes are. */
async function movePastStandInSignIn(db: Kysely<Database>, standIn: DemoStandIn, clock: Clock) {
  const stored = (await readSetting(db, SETTING_KEYS.discordApp)) as
    { oauth_authorize_url?: unknown } | undefined;
  if (typeof stored?.oauth_authorize_url !== 'string') return;
  const url = new URL(stored.oauth_authorize_url);
  if (!onEarlierStandIn(url, standIn)) return;
  await db.transaction().execute(async (trx) => {
    await saveSetting(
      trx,
      SETTING_KEYS.discordApp,
      { ...stored, oauth_authorize_url: `${standIn.url}${url.pathname}` },
      clock.now(),
    );
  });
}

/** On the first demo start, one route carrying every public kind to a stand-in webhook. */
async function seedDemoRoute(db: Kysely<Database>, standIn: DemoStandIn, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await markNewsOnce(trx, DEMO_ROUTE_MARK, now))) return;
    const webhook = await standIn.createWebhook({ name: DEMO_ROUTE_NAME });
    const values = {
      name: DEMO_ROUTE_NAME,
      url: webhook.url,
      webhookId: webhook.id,
      kinds: DISCORD_KIND_LIST.filter((info) => info.audience === 'public').map((info) => info.kind),
      filters: NO_FILTERS,
      enabled: true,
    };
    const id = await insertRoute(trx, values, now.toISOString());
    await recordAudit(trx, {
      actor: { userId: null, label: 'demo mode' },
      action: 'discord.route_create',
      targetType: 'discord_route',
      targetId: id,
      after: { name: values.name, kinds: values.kinds, enabled: values.enabled, filters: values.filters },
      at: now,
    });
  });
}

/**
 * Points demo routes at this start's stand-in and, the first time, adds the demo route, so the
 * demo's syncs show deliveries arriving on the Discord tab.
 */
export async function prepareDemoDiscord(
  db: Kysely<Database>,
  standIn: DemoStandIn,
  clock: Clock,
  log: { info(message: string): void },
): Promise<void> {
  await movePastStandInRoutes(db, standIn);
  await movePastStandInSignIn(db, standIn, clock);
  await seedDemoRoute(db, standIn, clock);
  log.info(`Demo mode: a Discord stand-in listens on ${standIn.url}; demo routes post there`);
}
