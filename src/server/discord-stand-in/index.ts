import { systemClock, type Clock } from '../clock.ts';
import { DiscordFaults } from './faults.ts';
import { createStandInServer, type ServerDeps, type StandInRequest } from './http-server.ts';
import { DEFAULT_RATE_LIMIT, WebhookBuckets, type DiscordRateLimit } from './rate-limit.ts';
import type { ReceivedAttachment } from './request-body.ts';
import {
  Snowflakes,
  WebhookStore,
  type DiscordAttachment,
  type DiscordMessage,
  type ReceivedMessage,
} from './webhooks.ts';
import { listenOrigin } from '../http/listen-origin.ts';

export type {
  DiscordAttachment,
  DiscordMessage,
  DiscordRateLimit,
  ReceivedAttachment,
  ReceivedMessage,
  StandInRequest,
};
export { DISCORD_LIMITS } from './limits.ts';

export interface DiscordStandInOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Every "now" (buckets, scripted waits, ids, timestamps) uses it; default systemClock. */
  clock?: Clock;
  /** Each webhook's bucket; default 5 requests per 2 s; `false` sends no rate-limit headers and never limits. */
  rateLimit?: DiscordRateLimit | false;
  /**
   * Whether a webhook id never created with `createWebhook` is taken on first use with the token it
   * came with (default true, so a demo works with any pasted URL), or answered 404 Unknown Webhook.
   */
  acceptUnknownWebhooks?: boolean;
  /** How many of the latest requests, arrivals and messages are kept; default 10,000 each. */
  requestLog?: number;
  /** Serve the test knobs under /__control (read what arrived, script faults); default false. */
  control?: boolean;
  /** Seeds the draws of `setRandomFailures`; default 1, so a soak replays the same failures. */
  seed?: number;
  /** Called for each accepted post or edit, e.g. for the CLI to show what arrived. */
  onReceived?: (message: ReceivedMessage) => void;
}

export interface CreatedWebhook {
  id: string;
  token: string;
  /** `{origin}/api/webhooks/{id}/{token}`, the form a Discord webhook URL takes. */
  url: string;
}

export interface DiscordStandIn {
  /** e.g. 'http://127.0.0.1:40123', for DISCORD_API_BASE_URL; webhooks live under `/api/webhooks/`. */
  readonly url: string;
  /** Every request to a webhook path, with the status answered (null while hanging), oldest first. */
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
  /** The next `count` requests answer `status` (404 Unknown Webhook, 401 Invalid Webhook Token, 5xx). */
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
  /** Drops hanging requests; calling it again waits for the same close. */
  close(): Promise<void>;
}

/** Starts a local stand-in for Discord's webhook API, for tests and demo mode. */
export async function startDiscordStandIn(options: DiscordStandInOptions = {}): Promise<DiscordStandIn> {
  const clock = options.clock ?? systemClock;
  const store = new WebhookStore(
    clock,
    new Snowflakes(clock),
    options.acceptUnknownWebhooks ?? true,
    options.onReceived ?? null,
    options.requestLog ?? 10_000,
  );
  const buckets = new WebhookBuckets(options.rateLimit ?? DEFAULT_RATE_LIMIT, clock);
  const faults = new DiscordFaults(clock, options.seed ?? 1);
  const deps: ServerDeps = {
    clock,
    store,
    buckets,
    faults,
    requests: [],
    requestLog: options.requestLog ?? 10_000,
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

  const standIn: DiscordStandIn = {
    url: origin,
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
    },
    close: () => (closed ??= closeServer()),
  };
  if (options.control === true) deps.controls = standIn;
  return standIn;
}
