import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Clock } from '#shared/clock.ts';
import { competitionCreateRoutes } from './competition-create.ts';
import { competitionRoutes } from './competition-routes.ts';
import { CONTROL_PREFIX, controlReply, type SimulatorControls } from './control-routes.ts';
import type { FaultInjector } from './faults.ts';
import { groupRoutes } from './group-routes.ts';
import { playerRoutes } from './player-routes.ts';
import { snapshotRoutes } from './snapshot-routes.ts';
import { endpointNotFound, jsonReply, legacyError, WomError, type Reply } from './replies.ts';
import { matchRoute, type Route } from './router.ts';
import { applyScheduledRenames, type World } from './world.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  userAgent: string | null;
  apiKey: string | null;
  at: string;
}

export interface ServerDeps {
  world: World;
  clock: Clock;
  faults: FaultInjector;
  requests: RecordedRequest[];
  /** How many of the latest requests `requests` keeps. */
  requestLog: number;
  /** The test knobs under /__control, when the simulator was started with them. */
  controls?: SimulatorControls | null;
}

const API_PREFIX = '/v2';
const PLAYER_WATCH_PATH = '/player-watch.json';
const MAX_BODY_BYTES = 1024 * 1024;
const routes: Route[] = [
  ...groupRoutes,
  ...snapshotRoutes,
  ...playerRoutes,
  ...competitionRoutes,
  ...competitionCreateRoutes,
];

const header = (request: IncomingMessage, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : (value?.[0] ?? null);
};

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw legacyError(413, 'Request entity too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The client always sends a JSON body on POST, `{}` when empty (§1.3). */
function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw legacyError(400, 'Invalid JSON body.');
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {};
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function send(response: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): void {
  const body = Buffer.from(reply.body, 'utf8');
  const headers: Record<string, string | number> = {
    'Access-Control-Allow-Origin': '*',
    ...extraHeaders,
    ...reply.headers,
    'Content-Length': body.length,
  };
  if (reply.contentType !== null) headers['Content-Type'] = reply.contentType;
  response.writeHead(reply.status, headers);
  response.end(body);
}

function internalError(): Reply {
  return jsonReply(500, { code: 'UNEXPECTED_ERROR', message: 'Internal server error.' });
}

async function answer(deps: ServerDeps, request: IncomingMessage, url: URL, apiPath: string): Promise<Reply> {
  const now = deps.clock.now().getTime();
  applyScheduledRenames(deps.world, now);
  if (url.pathname === PLAYER_WATCH_PATH && request.method === 'GET')
    return jsonReply(200, deps.world.watchList);
  // Express routing is not strict about one trailing slash.
  const trimmed = apiPath.length > 1 && apiPath.endsWith('/') ? apiPath.slice(0, -1) : apiPath;
  const segments = trimmed.split('/').slice(1).map(decode);
  const match = matchRoute(routes, request.method ?? 'GET', segments);
  if (match === null) return endpointNotFound().toReply();
  const body = request.method === 'POST' ? parseBody(await readBody(request)) : {};
  return match.route.handler({
    world: deps.world,
    now,
    params: match.params,
    query: url.searchParams,
    body,
    hiscoresDown: deps.faults.hiscoresDown,
  });
}

/**
 * The path the routes see: WOM's server mounts them at `/` and the public service adds `/v2` in
 * front, so both forms reach the same route, as a self-hosted WOM and api.wiseoldman.net do.
 */
function apiPathOf(pathname: string): string {
  if (pathname === API_PREFIX) return '/';
  return pathname.startsWith(`${API_PREFIX}/`) ? pathname.slice(API_PREFIX.length) : pathname;
}

/** The WOM API over node:http: record, delay, inject faults, then route. */
export function createSimulatorServer(deps: ServerDeps): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://simulator.local');
    const apiPath = apiPathOf(url.pathname);
    const controls = deps.controls;
    if (controls && url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      // Before the faults and the request log: a simulator made to fail must still take its reset.
      const control = async () => {
        const body = request.method === 'POST' ? parseBody(await readBody(request)) : {};
        return controlReply(controls, request.method ?? 'GET', url.pathname, body);
      };
      control().then(
        (reply) => send(response, reply, {}),
        (error: unknown) => send(response, error instanceof WomError ? error.toReply() : internalError(), {}),
      );
      return;
    }
    const apiKey = header(request, 'x-api-key');
    deps.requests.push({
      method: request.method ?? 'GET',
      path: apiPath.split('/').map(decode).join('/'),
      query: url.search.startsWith('?') ? url.search.slice(1) : url.search,
      userAgent: header(request, 'x-user-agent') ?? header(request, 'user-agent'),
      apiKey,
      at: deps.clock.now().toISOString(),
    });
    if (deps.requests.length > deps.requestLog) deps.requests.shift();

    const run = async () => {
      const latency = deps.faults.latencyMs;
      if (latency > 0) await delay(latency);
      const { reply: fault, headers } = deps.faults.intercept(
        { apiKey, address: request.socket.remoteAddress ?? 'unknown' },
        url.pathname !== PLAYER_WATCH_PATH,
      );
      if (fault !== null) {
        send(response, fault, headers);
        return;
      }
      let reply: Reply;
      try {
        reply = await answer(deps, request, url, apiPath);
      } catch (error) {
        reply = error instanceof WomError ? error.toReply() : internalError();
      }
      send(response, reply, headers);
    };
    run().catch(() => {
      if (!response.headersSent) send(response, internalError(), {});
      else response.destroy();
    });
  });
}
