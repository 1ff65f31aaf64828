import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Clock } from '../clock.ts';
import { CONTROL_PREFIX, controlReply, type StandInControls } from './control-routes.ts';
import type { DiscordFaults } from './faults.ts';
import { DISCORD_ERROR_CODES, messageError, type DiscordErrorBody } from './limits.ts';
import { tooManyRequests, type WebhookBuckets } from './rate-limit.ts';
import { BodyError, readJson, readMessage } from './request-body.ts';
import type { Webhook, WebhookStore } from './webhooks.ts';

/** Every request that reached a webhook path, answered or not; never the token. */
export interface StandInRequest {
  method: string;
  webhookId: string;
  messageId: string | null;
  /** ISO-8601, from the stand-in's clock. */
  at: string;
  /** The status answered; null while a hanging request is left unanswered. */
  status: number | null;
}

export interface ServerDeps {
  clock: Clock;
  store: WebhookStore;
  buckets: WebhookBuckets;
  faults: DiscordFaults;
  requests: StandInRequest[];
  /** How many of the latest requests `requests` keeps. */
  requestLog: number;
  /** The test knobs under /__control, when the stand-in was started with them. */
  controls: StandInControls | null;
}

interface WebhookPath {
  id: string;
  token: string;
  messageId: string | null;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** `/api/webhooks/{id}/{token}` with an optional `/v10`-style version, and `/messages/{id}` after it. */
const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)(?:\/messages\/([^/]+))?\/?$/;

const discordError = (status: number, message: string, code: number): Reply => ({
  status,
  body: { message, code } satisfies DiscordErrorBody,
});

/** Discord's answer for a status without a specific error, e.g. `{"message": "502: Bad Gateway", "code": 0}`. */
const plainError = (status: number): Reply =>
  discordError(status, `${status}: ${STATUS_CODES[status] ?? 'Error'}`, 0);

const unknownWebhook = (): Reply => discordError(404, 'Unknown Webhook', DISCORD_ERROR_CODES.unknownWebhook);
const invalidToken = (): Reply =>
  discordError(401, 'Invalid Webhook Token', DISCORD_ERROR_CODES.invalidWebhookToken);
const unknownMessage = (): Reply => discordError(404, 'Unknown Message', DISCORD_ERROR_CODES.unknownMessage);

function scriptedFailure(status: number): Reply {
  if (status === 404) return unknownWebhook();
  if (status === 401) return invalidToken();
  return plainError(status);
}

/** A 429 drawn by chance asks for this wait, about what a real bucket's reset takes. */
const RANDOM_RETRY_AFTER_SECONDS = 1;

/** A scripted 429: Discord's answer, and the wait it announces, enforced on later requests. */
function scriptedRateLimit(
  deps: ServerDeps,
  bucket: string,
  retryAfterSeconds: number,
  global: boolean,
): Reply {
  const until = deps.faults.block(bucket, retryAfterSeconds, global);
  const limited = tooManyRequests(retryAfterSeconds * 1000, global ? 'global' : 'user');
  return {
    status: 429,
    body: limited.body,
    headers: { ...deps.buckets.exhausted(bucket, until), ...limited.headers },
  };
}

const refusedBody = (error: BodyError): Reply => ({ status: error.status, body: error.body });

const isTrue = (value: string | null): boolean => value !== null && /^(true|1)$/i.test(value);

async function webhookReply(
  deps: ServerDeps,
  request: IncomingMessage,
  url: URL,
  webhook: Webhook,
  messageId: string | null,
): Promise<Reply> {
  const method = request.method ?? 'GET';
  const threadId = url.searchParams.get('thread_id');
  if (messageId === null) {
    if (method !== 'POST') return plainError(405);
    const { fields, attachments } = await readMessage(request);
    const error = messageError(fields, fields, attachments.length);
    if (error !== null) return { status: 400, body: error };
    const message = deps.store.post(webhook, fields, threadId, attachments);
    return isTrue(url.searchParams.get('wait'))
      ? { status: 200, body: message }
      : { status: 204, body: null };
  }
  if (method === 'PATCH') {
    const { fields, attachments } = await readMessage(request);
    const merged = deps.store.fieldsAfterEdit(webhook, messageId, fields);
    if (merged === undefined) return unknownMessage();
    const error = messageError(fields, merged, deps.store.attachmentCount(messageId) + attachments.length);
    if (error !== null) return { status: 400, body: error };
    return { status: 200, body: deps.store.edit(webhook, messageId, fields, threadId, attachments) };
  }
  if (method === 'GET') {
    const message = deps.store.message(messageId);
    return message === undefined || message.webhook_id !== webhook.id
      ? unknownMessage()
      : { status: 200, body: message };
  }
  if (method === 'DELETE')
    return deps.store.remove(webhook, messageId) ? { status: 204, body: null } : unknownMessage();
  return plainError(405);
}

/**
 * One webhook request, in the order Discord's edge meets it: scripted faults, a scripted 429's wait,
 * the webhook's bucket, then the webhook itself. Null leaves the request hanging.
 */
async function answer(
  deps: ServerDeps,
  request: IncomingMessage,
  url: URL,
  { id, token, messageId }: WebhookPath,
): Promise<Reply | null> {
  const bucket = `${id}/${token}`;
  const fault = deps.faults.next();
  if (fault?.kind === 'hang') return null;
  if (fault?.kind === 'fail') return { ...scriptedFailure(fault.status), headers: deps.buckets.peek(bucket) };
  if (fault?.kind === 'rateLimit')
    return scriptedRateLimit(deps, bucket, fault.retryAfterSeconds, fault.global);
  const blocked = deps.faults.waitFor(bucket);
  if (blocked.waitMs > 0) {
    const limited = tooManyRequests(blocked.waitMs, blocked.global ? 'global' : 'user');
    const until = deps.clock.now().getTime() + blocked.waitMs;
    return {
      status: 429,
      body: limited.body,
      headers: { ...deps.buckets.exhausted(bucket, until), ...limited.headers },
    };
  }
  const counted = deps.buckets.take(bucket);
  if (counted.waitMs > 0) {
    const limited = tooManyRequests(counted.waitMs, 'user');
    return { status: 429, body: limited.body, headers: { ...counted.headers, ...limited.headers } };
  }
  const chance = deps.faults.randomFailure();
  if (chance === 429) return scriptedRateLimit(deps, bucket, RANDOM_RETRY_AFTER_SECONDS, false);
  if (chance !== null) return { ...scriptedFailure(chance), headers: counted.headers };
  const webhook = deps.store.lookup(id, token);
  const reply =
    webhook === 'unknown'
      ? unknownWebhook()
      : webhook === 'bad-token'
        ? invalidToken()
        : await webhookReply(deps, request, url, webhook, messageId).catch((error: unknown) => {
            if (error instanceof BodyError) return refusedBody(error);
            throw error;
          });
  return { ...reply, headers: { ...counted.headers, ...reply.headers } };
}

function send(response: ServerResponse, reply: Reply): void {
  const body = reply.status === 204 ? Buffer.alloc(0) : Buffer.from(JSON.stringify(reply.body), 'utf8');
  const headers: Record<string, string | number> = { ...reply.headers, 'Content-Length': body.length };
  if (reply.status !== 204) headers['Content-Type'] = 'application/json';
  response.writeHead(reply.status, headers);
  response.end(body);
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Discord's webhook API over node:http: record, inject faults, count the bucket, then answer. */
export function createStandInServer(deps: ServerDeps): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://discord.local');
    const controls = deps.controls;
    if (controls !== null && url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      // Before the faults and the request log: a stand-in made to fail must still take its reset.
      const control = async () => {
        const body = request.method === 'POST' ? await readJson(request) : {};
        return controlReply(controls, request.method ?? 'GET', url, body);
      };
      control().then(
        (reply) => send(response, reply),
        (error: unknown) => send(response, error instanceof BodyError ? refusedBody(error) : plainError(500)),
      );
      return;
    }
    const match = WEBHOOK_PATH.exec(url.pathname);
    if (match === null) {
      send(response, plainError(404));
      return;
    }
    const [, id = '', token = '', messageId] = match;
    const path: WebhookPath = {
      id: decode(id),
      token: decode(token),
      messageId: messageId === undefined ? null : decode(messageId),
    };
    const entry: StandInRequest = {
      method: request.method ?? 'GET',
      webhookId: path.id,
      messageId: path.messageId,
      at: deps.clock.now().toISOString(),
      status: null,
    };
    deps.requests.push(entry);
    if (deps.requests.length > deps.requestLog) deps.requests.shift();
    answer(deps, request, url, path).then(
      (reply) => {
        if (reply === null) return;
        entry.status = reply.status;
        send(response, reply);
      },
      () => {
        entry.status = 500;
        if (!response.headersSent) send(response, plainError(500));
        else response.destroy();
      },
    );
  });
}
