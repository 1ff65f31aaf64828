import { systemClock, type Clock } from '#shared/clock.ts';
import { listenOrigin } from '#shared/http/listen-origin.ts';
import {
  ApplicationKeys,
  type InteractionSignature,
  type StandInApplication,
  type StandInApplicationOptions,
} from './application.ts';
import type { ApplicationCommand } from './commands.ts';
import { DEMO_FIXTURE } from './demo-guild.ts';
import { DiscordFaults } from './faults.ts';
import {
  GuildStore,
  type DiscordGuildMember,
  type DiscordRole,
  type DiscordUser,
  type NewUser,
  type StandInFixture,
} from './guilds.ts';
import { createStandInServer, type ServerDeps, type StandInRequest } from './http-server.ts';
import { OAuthGrants, type AccessTokenResponse } from './oauth-grants.ts';
import {
  DEFAULT_RATE_LIMIT,
  GLOBAL_REQUESTS_PER_SECOND,
  RateLimitBuckets,
  type DiscordRateLimit,
} from './rate-limit.ts';
import type { ReceivedAttachment } from './request-body.ts';
import { Snowflakes } from './snowflakes.ts';
import {
  WebhookStore,
  type DiscordAttachment,
  type DiscordMessage,
  type ReceivedMessage,
} from './webhooks.ts';

export type {
  AccessTokenResponse,
  ApplicationCommand,
  DiscordAttachment,
  DiscordGuildMember,
  DiscordMessage,
  DiscordRateLimit,
  DiscordRole,
  DiscordUser,
  InteractionSignature,
  NewUser,
  ReceivedAttachment,
  ReceivedMessage,
  StandInApplication,
  StandInApplicationOptions,
  StandInFixture,
  StandInRequest,
};
export { DISCORD_LIMITS } from './limits.ts';
export { STAND_IN_APP } from './application.ts';
export { DEMO_FIXTURE, DEMO_GUILD } from './demo-guild.ts';

export interface DiscordStandInOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Every "now" (buckets, scripted waits, ids, timestamps) uses it; default systemClock. */
  clock?: Clock;
  /**
   * Each bucket (a webhook; a REST route per caller and guild); default 5 requests per 2 s; `false`
   * sends no rate-limit headers and never limits.
   */
  rateLimit?: DiscordRateLimit | false;
  /**
   * Requests a second the bot token may make across all routes, answered with a global 429 beyond
   * it; default Discord's 50, or off when `rateLimit` is false.
   */
  globalRateLimit?: number | false;
  /**
   * Whether a webhook id never created with `createWebhook` is taken on first use with the token it
   * came with (default true, so a demo works with any pasted URL), or answered 404 Unknown Webhook.
   */
  acceptUnknownWebhooks?: boolean;
  /** How many of the latest requests, arrivals and messages are kept; default 10,000 each. */
  requestLog?: number;
  /**
   * Serve the test knobs under /__control (read what arrived, script faults, change guild members,
   * send signed interactions); default false.
   */
  control?: boolean;
  /** Seeds the draws of `setRandomFailures`; default 1, so a soak replays the same failures. */
  seed?: number;
  /** Called for each accepted post or edit, e.g. for the CLI to show what arrived. */
  onReceived?: (message: ReceivedMessage) => void;
  /** Called for each request as it arrives, before it is answered. */
  onRequest?: (request: StandInRequest) => void;
  /** The one Discord application (the site's); default STAND_IN_APP's id, secrets and key. */
  application?: StandInApplicationOptions;
  /** The users and guilds it starts with and `resetState` returns to; default DEMO_FIXTURE. */
  fixture?: StandInFixture;
}

export interface CreatedWebhook {
  id: string;
  token: string;
  /** `{origin}/api/webhooks/{id}/{token}`, the form a Discord webhook URL takes. */
  url: string;
}

export interface DiscordStandIn {
  /**
   * e.g. 'http://127.0.0.1:40123', for DISCORD_API_BASE_URL: the API under `/api` (`/api/v10/…`),
   * the authorize page at `/oauth2/authorize`.
   */
  readonly url: string;
  /** The application the site is configured as: its id, client secret, bot token and public key. */
  readonly application: StandInApplication;
  /**
   * Every request to a webhook, REST or OAuth2 token route, with the status answered (null while
   * hanging), oldest first.
   */
  readonly requests: readonly StandInRequest[];
  createWebhook(options?: { id?: string; token?: string; name?: string }): CreatedWebhook;
  /** From now on the webhook answers 404 Unknown Webhook, as a webhook deleted in Discord does. */
  deleteWebhook(id: string): void;
  /** Accepted posts and edits, oldest first; only one webhook's when `webhookId` is given. */
  received(webhookId?: string): ReceivedMessage[];
  /** A posted message as Discord holds it after its edits; undefined when unknown or deleted. */
  message(messageId: string): DiscordMessage | undefined;
  /** Forgets what arrived and the request log; webhooks and their messages stay. */
  resetReceived(): void;
  /** The next `count` requests answer 429 and start that wait (on every bucket when `global`). */
  rateLimitNext(count: number, retryAfterSeconds: number, options?: { global?: boolean }): void;
  /**
   * The next `count` requests answer `status`: on a webhook 404 is Unknown Webhook and 401 Invalid
   * Webhook Token; elsewhere Discord's plain answer, e.g. `{"message": "502: Bad Gateway", "code": 0}`.
   */
  failNext(count: number, status: number): void;
  /** The next `count` requests are never answered (until `close`). */
  hangNext(count: number): void;
  /**
   * From now on a share (`rate`, 0..1) of the requests that pass the bucket fail with `status`
   * (default 500; 429 asks for a 1 s wait), drawn from the seed.
   */
  setRandomFailures(rate: number, status?: number): void;
  /** Drops queued faults, random failures and scripted waits, and refills every bucket. */
  resetFaults(): void;
  /**
   * Discord's signature headers for an interaction body: Ed25519 over `timestamp + body`, in hex.
   * The timestamp defaults to the stand-in's clock, in Unix seconds.
   */
  signInteraction(body: string, timestamp?: string): InteractionSignature;
  /** POSTs the interaction as JSON, signed, to the site's interactions endpoint, as Discord does. */
  sendInteraction(url: string, interaction: object): Promise<Response>;
  /** A deferred interaction's reply as its follow-up edits left it; undefined before a deferral. */
  interactionReply(token: string): DiscordMessage | undefined;
  /** A new test user, a member of the default guild (with `roles`) unless `guildMember` is false. */
  addUser(user: NewUser): DiscordUser;
  /** The member's role ids (without @everyone); undefined when the user is not in the guild. */
  memberRoles(guildId: string, userId: string): string[] | undefined;
  /** Sets the member's roles as a Discord admin would, behind the site's back; a known user joins. */
  setMemberRoles(guildId: string, userId: string, roleIds: readonly string[]): void;
  /** The member leaves: from now on the member routes answer 404 Unknown Member. */
  removeMember(guildId: string, userId: string): void;
  /** The role sits above the bot's own from now on: adding or removing it answers 403 (50013). */
  denyRoleChanges(roleId: string): void;
  /** The guild's commands as the last bulk overwrite left them. */
  registeredCommands(guildId: string): ApplicationCommand[];
  /** Back to the fixture: users, members' roles, no commands or refused roles, no OAuth2 grants. */
  resetState(): void;
  /** Drops hanging requests; calling it again waits for the same close. */
  close(): Promise<void>;
}

/** The answer type of a deferred reply: Discord shows "thinking…" until the follow-up edits it. */
const DEFERRED_REPLY = 5;

/** Discord's interactions arrive with this User-Agent. */
const INTERACTIONS_USER_AGENT = 'Discord-Interactions/1.0 (+https://discord.com)';

function globalLimit(options: DiscordStandInOptions, clock: Clock): RateLimitBuckets | null {
  const perSecond =
    options.globalRateLimit ?? (options.rateLimit === false ? false : GLOBAL_REQUESTS_PER_SECOND);
  return perSecond === false ? null : new RateLimitBuckets({ limit: perSecond, windowMs: 1_000 }, clock);
}

/**
 * Starts a local stand-in for the parts of Discord's API the site uses (webhooks, OAuth2 sign-in,
 * guild roles and members, guild commands) and for its interactions, for tests and demo mode.
 */
export async function startDiscordStandIn(options: DiscordStandInOptions = {}): Promise<DiscordStandIn> {
  const clock = options.clock ?? systemClock;
  const ids = new Snowflakes(clock);
  const keys = new ApplicationKeys(options.application);
  const application = keys.application;
  const store = new WebhookStore(
    clock,
    ids,
    options.acceptUnknownWebhooks ?? true,
    options.onReceived ?? null,
    options.requestLog ?? 10_000,
  );
  const guilds = new GuildStore(clock, ids, options.fixture ?? DEMO_FIXTURE, {
    id: application.id,
    name: application.name,
  });
  const grants = new OAuthGrants(clock);
  const buckets = new RateLimitBuckets(options.rateLimit ?? DEFAULT_RATE_LIMIT, clock);
  const faults = new DiscordFaults(clock, options.seed ?? 1);
  const deps: ServerDeps = {
    clock,
    store,
    buckets,
    globalLimit: globalLimit(options, clock),
    faults,
    application,
    guilds,
    grants,
    ids,
    requests: [],
    requestLog: options.requestLog ?? 10_000,
    onRequest: options.onRequest,
    controls: null,
  };
  const server = createStandInServer(deps);
  const origin = await listenOrigin(server, options.host ?? '127.0.0.1', options.port ?? 0);

  let closed: Promise<void> | undefined;
  const closeServer = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Hanging requests and fetch's kept-alive connections would otherwise hold close() open.
      server.closeAllConnections();
    });

  const signInteraction = (body: string, timestamp?: string) =>
    keys.sign(body, timestamp ?? String(Math.floor(clock.now().getTime() / 1000)));

  const standIn: DiscordStandIn = {
    url: origin,
    application,
    requests: deps.requests,
    createWebhook(webhookOptions) {
      const webhook = store.create(webhookOptions);
      return {
        id: webhook.id,
        token: webhook.token,
        url: `${origin}/api/webhooks/${webhook.id}/${webhook.token}`,
      };
    },
    deleteWebhook: (id) => store.delete(id),
    received: (webhookId) =>
      store.received.filter((message) => webhookId === undefined || message.webhookId === webhookId),
    message: (messageId) => store.message(messageId),
    resetReceived() {
      store.clearReceived();
      deps.requests.length = 0;
    },
    rateLimitNext: (count, retryAfterSeconds, limitOptions = {}) =>
      faults.enqueue(count, { kind: 'rateLimit', retryAfterSeconds, global: limitOptions.global ?? false }),
    failNext: (count, status) => faults.enqueue(count, { kind: 'fail', status }),
    hangNext: (count) => faults.enqueue(count, { kind: 'hang' }),
    setRandomFailures: (rate, status = 500) => faults.setRandomFailures({ rate, status }),
    resetFaults() {
      faults.reset();
      buckets.reset();
      deps.globalLimit?.reset();
    },
    signInteraction,
    async sendInteraction(url, interaction) {
      // As Discord does, each interaction carries its application and a token for its reply's edits.
      const sent = { application_id: keys.application.id, token: `stand-in-${ids.next()}`, ...interaction };
      const body = JSON.stringify(sent);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': INTERACTIONS_USER_AGENT,
          ...signInteraction(body),
        },
        body,
      });
      const answer = (await response
        .clone()
        .json()
        .catch(() => null)) as {
        type?: unknown;
        data?: { flags?: unknown };
      } | null;
      if (answer?.type === DEFERRED_REPLY) {
        const flags = typeof answer.data?.flags === 'number' ? answer.data.flags : 0;
        store.openInteraction(sent.application_id, sent.token, flags);
      }
      return response;
    },
    interactionReply(token) {
      return store.interactionReply(token);
    },
    addUser: (user) => guilds.addUser(user),
    memberRoles: (guildId, userId) => guilds.memberRoles(guildId, userId),
    setMemberRoles: (guildId, userId, roleIds) => guilds.setMemberRoles(guildId, userId, roleIds),
    removeMember: (guildId, userId) => guilds.removeMember(guildId, userId),
    denyRoleChanges: (roleId) => guilds.denyRoleChanges(roleId),
    registeredCommands(guildId) {
      const commands = guilds.commands(guildId);
      if (commands === undefined) throw new RangeError(`Unknown guild ${guildId}`);
      return structuredClone(commands);
    },
    resetState() {
      guilds.reset();
      grants.reset();
    },
    close: () => (closed ??= closeServer()),
  };
  if (options.control === true) deps.controls = standIn;
  return standIn;
}
