import type { SoakLog } from './soak-log.ts';
import type { Answer, RequestKind } from './soak-outcomes.ts';

/** Longer than any answer the app should take with WOM slow (its own WOM timeout is 30 s). */
const REQUEST_TIMEOUT_MS = 90_000;

/** One browser: its own client address (the app trusts one proxy hop) and, once signed in, its session. */
export interface Visitor {
  address: string;
  cookie: string | null;
}

export interface Call {
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answered {
  /** A success for its kind: neither an expected refusal nor an error. */
  ok: boolean;
  status: number | null;
  headers: Headers | null;
  json: unknown;
}

function sessionCookieOf(headers: Headers): string | null {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('clan_session='));
  return line ? (line.split(';')[0] ?? null) : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFields(json: unknown): { code: string | null; message: string | null } {
  const body = (json ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof body.code === 'string' ? body.code : null,
    message: typeof body.message === 'string' ? body.message : null,
  };
}

/** The fetch options for `call` as `visitor`, with the same-origin header the CSRF guard asks of writes. */
function requestInit(base: string, visitor: Visitor, call: Call): RequestInit {
  const method = call.method ?? 'GET';
  const headers: Record<string, string> = {
    'x-forwarded-for': visitor.address,
    'accept-encoding': 'br, gzip',
    ...call.headers,
  };
  if (visitor.cookie) headers.cookie = visitor.cookie;
  if (method !== 'GET') {
    headers.origin = base;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
  }
  return {
    method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  };
}

function keepSession(visitor: Visitor, response: Response): void {
  const cookie = sessionCookieOf(response.headers);
  if (cookie) visitor.cookie = cookie;
}

/** Sends one request as `visitor`, records it in `log` under `kind`, and keeps any session it sets. */
export async function send(
  base: string,
  log: SoakLog,
  kind: RequestKind,
  visitor: Visitor,
  call: Call,
): Promise<Answered> {
  const what = `${call.method ?? 'GET'} ${call.path}`;
  const started = performance.now();
  let answer: Answer;
  let response: Response | null = null;
  let json: unknown = null;
  try {
    response = await fetch(`${base}${call.path}`, requestInit(base, visitor, call));
    json = await readJson(response);
    answer = { status: response.status, ...errorFields(json) };
    keepSession(visitor, response);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    answer = { status: null, failure: cause ?? (error as Error).name };
  }
  const ok = log.record(kind, what, performance.now() - started, answer);
  return { ok, status: answer.status, headers: response?.headers ?? null, json };
}

/** For setting up, outside the measured traffic: the status and JSON of one request, keeping its session. */
export async function answerTo(
  base: string,
  visitor: Visitor,
  call: Call,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}${call.path}`, requestInit(base, visitor, call));
  const json = await readJson(response);
  keepSession(visitor, response);
  return { status: response.status, json };
}

/** For setting up: the answer's JSON, or a throw unless it is `status`. */
export async function expect<T>(base: string, visitor: Visitor, call: Call, status: number): Promise<T> {
  const answer = await answerTo(base, visitor, call);
  if (answer.status !== status)
    throw new Error(`${call.method ?? 'GET'} ${call.path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
}
