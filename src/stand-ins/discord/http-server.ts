import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { refusalPage } from './authorize-page.ts';
import { CONTROL_PREFIX, controlReply, type StandInControls } from './control-routes.ts';
import { throughEdge, type Edge, type Passage } from './edge.ts';
import { DISCORD_ERROR_CODES, messageError } from './limits.ts';
import { AUTHORIZE_PATH, serveAuthorize, type OAuthDeps } from './oauth.ts';
import { bucketFor } from './rate-limit.ts';
import { discordError, plainError, send, sendPage, type Reply } from './replies.ts';
import { BodyError, readJson, readMessage } from './request-body.ts';
import {
  callerOf,
  decodeSegment,
  matchRoute,
  type Caller,
  type MatchedRoute,
  type RestDeps,
} from './rest-routes.ts';
import type { Webhook, WebhookStore } from './webhooks.ts';

/** Every request that reached a webhook or REST route, answered or not; never a token. */
export interface StandInRequest {
  method: string;
  /**
   * Discord's route, its parameters named, e.g. `/guilds/{guild.id}/members/{user.id}/roles/{role.id}`
   * or `/webhooks/{webhook.id}/{webhook.token}`.
   */
  route: string;
  /** The path after `/api/vN`, e.g. `/guilds/123/roles`; a webhook's token shows as `{webhook.token}`. */
  path: string;
  /** The webhook the request was for; null on the other routes. */
  webhookId: string | null;
  messageId: string | null;
  /** `X-Audit-Log-Reason`, decoded, when the request carried one. */
  auditLogReason?: string;
  /** ISO-8601, from the stand-in's clock. */
  at: string;
  /** The status answered; null while a hanging request is left unanswered. */
  status: number | null;
}

export interface ServerDeps extends Edge, RestDeps, OAuthDeps {
  store: WebhookStore;
  requests: StandInRequest[];
  /** How many of the latest requests `requests` keeps. */
  requestLog: number;
  /** Told of each request as it arrives, before it is answered (a test's moment to pull a plug). */
  onRequest?: ((request: StandInRequest) => void) | undefined;
  /** The test knobs under /__control, when the stand-in was started with them. */
  controls: StandInControls | null;
}

interface WebhookPath {
  id: string;
  token: string;
  messageId: string | null;
}

/** `/api/webhooks/{id}/{token}` with an optional `/v10`-style version, and `/messages/{id}` after it. */
const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)(?:\/messages\/([^/]+))?\/?$/;

const unknownWebhook = (): Reply => discordError(404, 'Unknown Webhook', DISCORD_ERROR_CODES.unknownWebhook);
const invalidToken = (): Reply =>
  discordError(401, 'Invalid Webhook Token', DISCORD_ERROR_CODES.invalidWebhookToken);
const unknownMessage = (): Reply => discordError(404, 'Unknown Message', DISCORD_ERROR_CODES.unknownMessage);

/** A scripted 404 or 401 on a webhook is what a deleted webhook or a wrong token answers. */
function webhookFailure(status: number): Reply {
  if (status === 404) return unknownWebhook();
  if (status === 401) return invalidToken();
  return plainError(status);
}

const refusedBody = (error: BodyError): Reply => ({ status: error.status, body: error.body });

/** A body Discord refuses before it reads the request (bad JSON, too large) is answered, not thrown. */
const refusingBadBodies = (reply: Promise<Reply>): Promise<Reply> =>
  reply.catch((error: unknown) => {
    if (error instanceof BodyError) return refusedBody(error);
    throw error;
  });

const isTrue = (value: string | null): boolean => value !== null && /^(true|1)$/i.test(value);

async function webhookReply(
  deps: ServerDeps,
  request: IncomingMessage,
  url: URL,
  webhook: Webhook,
  named: string | null,
): Promise<Reply> {
  const messageId = named === null ? null : deps.store.messageIdOf(webhook, named);
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

function webhookRoute(deps: ServerDeps, request: IncomingMessage, url: URL, path: WebhookPath) {
  const passage: Passage = {
    bucket: bucketFor(`${path.id}/${path.token}`),
    global: null,
    failure: webhookFailure,
  };
  return throughEdge(deps, passage, async () => {
    const webhook = deps.store.lookup(path.id, path.token);
    if (webhook === 'unknown') return unknownWebhook();
    if (webhook === 'bad-token') return invalidToken();
    return refusingBadBodies(webhookReply(deps, request, url, webhook, path.messageId));
  });
}

/** Limits are per bot or user: who the bucket counts for. */
const callerKey = (caller: Caller): string =>
  caller.kind === 'bot' ? 'bot' : caller.kind === 'user' ? `user:${caller.userId}` : 'anonymous';

function restRoute(deps: ServerDeps, request: IncomingMessage, matched: MatchedRoute) {
  const { route, params } = matched;
  const caller = callerOf(request, deps);
  const endpoint = `${route.method} ${route.route}`;
  const major = route.major === null ? '' : (params.get(route.major) ?? '');
  const passage: Passage = {
    bucket: bucketFor(`${callerKey(caller)} ${endpoint} ${major}`, endpoint),
    global: caller.kind === 'bot' ? bucketFor('bot') : null,
    failure: plainError,
  };
  const call = { request, caller, param: (name: string) => params.get(name) ?? '' };
  return throughEdge(deps, passage, () => refusingBadBodies(Promise.resolve(route.handle(call, deps))));
}

/** Discord asks for the reason URL-encoded, so it may carry any text. */
function auditLogReason(request: IncomingMessage): string | undefined {
  const header = request.headers['x-audit-log-reason'];
  return typeof header === 'string' ? decodeSegment(header) : undefined;
}

function record(deps: ServerDeps, request: IncomingMessage, entry: Omit<StandInRequest, 'at' | 'status'>) {
  const recorded: StandInRequest = {
    ...entry,
    at: deps.clock.now().toISOString(),
    status: null,
  };
  const reason = auditLogReason(request);
  if (reason !== undefined) recorded.auditLogReason = reason;
  deps.requests.push(recorded);
  if (deps.requests.length > deps.requestLog) deps.requests.shift();
  deps.onRequest?.(recorded);
  return recorded;
}

function answer(response: ServerResponse, entry: StandInRequest, reply: Promise<Reply | null>): void {
  reply.then(
    (answered) => {
      if (answered === null) return;
      entry.status = answered.status;
      send(response, answered);
    },
    () => {
      entry.status = 500;
      if (!response.headersSent) send(response, plainError(500));
      else response.destroy();
    },
  );
}

function serveControl(
  controls: StandInControls,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) {
  // Before the faults and the request log: a stand-in made to fail must still take its reset.
  const control = async () => {
    const body = request.method === 'POST' ? await readJson(request) : {};
    return controlReply(controls, request.method ?? 'GET', url, body);
  };
  control().then(
    (reply) => send(response, reply),
    (error: unknown) => send(response, error instanceof BodyError ? refusedBody(error) : plainError(500)),
  );
}

/**
 * Discord's API over node:http: webhooks, the REST routes the site calls and the OAuth2 token routes
 * (recorded, through the faults and the buckets), the authorize page, and the test knobs.
 */
export function createStandInServer(deps: ServerDeps): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://discord.local');
    const method = request.method ?? 'GET';
    const controls = deps.controls;
    if (controls !== null && url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      serveControl(controls, request, response, url);
      return;
    }
    if (AUTHORIZE_PATH.test(url.pathname)) {
      serveAuthorize(deps, request, response, url).catch(() => {
        if (!response.headersSent) sendPage(response, 500, refusalPage('The stand-in failed.'));
        else response.destroy();
      });
      return;
    }
    const webhook = WEBHOOK_PATH.exec(url.pathname);
    if (webhook !== null) {
      const [, id = '', token = '', messageId] = webhook;
      const path: WebhookPath = {
        id: decodeSegment(id),
        token: decodeSegment(token),
        messageId: messageId === undefined ? null : decodeSegment(messageId),
      };
      const messagePart = path.messageId === null ? '' : '/messages/{message.id}';
      const entry = record(deps, request, {
        method,
        route: `/webhooks/{webhook.id}/{webhook.token}${messagePart}`,
        path: `/webhooks/${path.id}/{webhook.token}${path.messageId === null ? '' : `/messages/${path.messageId}`}`,
        webhookId: path.id,
        messageId: path.messageId,
      });
      answer(response, entry, webhookRoute(deps, request, url, path));
      return;
    }
    const matched = matchRoute(method, url.pathname);
    if (matched === null) {
      send(response, plainError(404));
      return;
    }
    if (matched === 'method-not-allowed') {
      send(response, plainError(405));
      return;
    }
    const entry = record(deps, request, {
      method,
      route: matched.route.route,
      path: matched.path,
      webhookId: null,
      messageId: null,
    });
    answer(response, entry, restRoute(deps, request, matched));
  });
}
