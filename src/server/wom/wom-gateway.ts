import type { z } from 'zod';
import { WomError } from './wom-error.ts';
import { realSleep, type Sleep, type WomLimiter } from './wom-limiter.ts';
import {
  womAchievementsSchema,
  womBulkHiscoresSchema,
  womCompetitionDetailsSchema,
  womCompetitionsSchema,
  womCreatedCompetitionSchema,
  womErrorBodySchema,
  womGroupDetailsSchema,
  womGroupStatisticsSchema,
  womPlayerDetailsSchema,
  womSnapshotsSchema,
  type WomCompetitionRequest,
} from './wom.schemas.ts';

/**
 * Whose request it is: scheduled work (the sync) waits for the limiter; a visitor's request is sent
 * only from the budget the sync leaves, or not at all (WomLimiter).
 */
export type WomPriority = 'scheduled' | 'visitor';

export interface WomGatewayOptions {
  /** e.g. https://api.wiseoldman.net/v2 (no trailing slash needed). */
  baseUrl: string;
  apiKey: string | null;
  userAgent: string;
  limiter: WomLimiter;
  timeoutMs?: number;
  /** Attempts per call, counting the first; 429s, 5xx, timeouts and network errors are retried. */
  maxAttempts?: number;
  /** First retry delay for 5xx, timeouts and network errors; doubles each time. */
  backoffMs?: number;
  sleep?: Sleep;
  /** Default 'scheduled'; `forVisitors()` gives the same gateway at 'visitor' priority. */
  priority?: WomPriority;
  /** Told of every 429 and how long WOM asked to wait, so an operator sees why a sync is slow. */
  log?: { warn(message: string): void };
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date); null when absent. */
export function parseRetryAfter(header: string | null, now: Date): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** WOM's rate-limit headers on an answer (`ratelimit-reset` in seconds); null when it sent none. */
export interface WomRateLimit {
  limit: number | null;
  remaining: number | null;
  reset: number | null;
}

/** What one probed request got (WomGateway.probe). */
export interface WomProbe<T> {
  path: string;
  /** The HTTP status, or null when nothing came back (network failure, timeout). */
  status: number | null;
  /** The body had the shape the site reads. */
  parsed: boolean;
  value: T | null;
  rateLimit: WomRateLimit | null;
  error: string | null;
}

function rateLimitOf(headers: Headers): WomRateLimit | null {
  const read = (name: string) => {
    const value = headers.get(name);
    return value === null || value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value);
  };
  const rateLimit = {
    limit: read('ratelimit-limit'),
    remaining: read('ratelimit-remaining'),
    reset: read('ratelimit-reset'),
  };
  return Object.values(rateLimit).every((value) => value === null) ? null : rateLimit;
}

/** The body as JSON of the expected shape, or the WomError that says what was wrong with it. */
function parseBody<S extends z.ZodType>(path: string, text: string, schema: S): z.output<S> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new WomError({ kind: 'invalid-body' }, 'WOM answered with a body that is not JSON', path, {
      cause: error,
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown';
    throw new WomError({ kind: 'invalid-body' }, `WOM's answer had an unexpected shape (${where})`, path, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * The only code that talks to WOM. It paces requests through the shared limiter (the sync's
 * first, visitors' only from what is left), identifies the site with a user agent (and the API key
 * when there is one), honours Retry-After, times out, turns every non-2xx status and every body
 * that is not the expected JSON into a WomError, and parses each payload. It uses fetch directly
 * rather than @wise-old-man/utils's client, which hides response headers and resolves `undefined`
 * for some error statuses (docs/decisions/005-wom-gateway.md).
 */
export class WomGateway {
  #requests = 0;
  readonly #options: Required<Omit<WomGatewayOptions, 'log'>> & Pick<WomGatewayOptions, 'log'>;

  constructor(options: WomGatewayOptions) {
    this.#options = {
      timeoutMs: 30_000,
      maxAttempts: 3,
      backoffMs: 1_000,
      sleep: realSleep,
      priority: 'scheduled',
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
    };
  }

  /** The WOM address requests go to, e.g. https://api.wiseoldman.net/v2. */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** HTTP requests this gateway has sent, retries included. */
  get requestsMade(): number {
    return this.#requests;
  }

  /** The same gateway (settings and limiter) with its own request count, e.g. for one sync run. */
  withFreshCount(): WomGateway {
    return new WomGateway(this.#options);
  }

  /**
   * The same gateway for requests a visitor caused: each is sent only if the limiter has a slot
   * free now beyond the sync's reserve, and otherwise fails at once with a `budget` WomError.
   */
  forVisitors(): WomGateway {
    return new WomGateway({ ...this.#options, priority: 'visitor' });
  }

  /**
   * The same gateway sending each request once, without retries: for an admin waiting on a form,
   * who is better told at once that WOM did not answer than kept waiting through the backoff.
   */
  once(): WomGateway {
    return new WomGateway({ ...this.#options, maxAttempts: 1 });
  }

  getGroupDetails(groupId: number) {
    return this.#get(`/groups/${groupId}`, womGroupDetailsSchema);
  }

  getGroupStatistics(groupId: number) {
    return this.#get(`/groups/${groupId}/statistics`, womGroupStatisticsSchema);
  }

  getGroupAchievements(groupId: number, page: { limit: number; offset: number }) {
    return this.#get(
      `/groups/${groupId}/achievements?limit=${page.limit}&offset=${page.offset}`,
      womAchievementsSchema,
    );
  }

  getGroupCompetitions(groupId: number) {
    return this.#get(`/groups/${groupId}/competitions`, womCompetitionsSchema);
  }

  getGroupBulkHiscores(groupId: number) {
    return this.#get(`/groups/${groupId}/bulk-hiscores`, womBulkHiscoresSchema);
  }

  getCompetitionDetails(competitionId: number) {
    return this.#get(`/competitions/${competitionId}`, womCompetitionDetailsSchema);
  }

  getPlayerDetailsById(playerId: number) {
    return this.#get(`/players/id/${playerId}`, womPlayerDetailsSchema);
  }

  /** The player's snapshots taken within the window, newest first; at most `limit` (WOM allows 200). */
  getPlayerSnapshots(username: string, window: { startDate: Date; endDate: Date; limit: number }) {
    const query = new URLSearchParams({
      startDate: window.startDate.toISOString(),
      endDate: window.endDate.toISOString(),
      limit: String(window.limit),
    });
    return this.#get(
      `/players/${encodeURIComponent(username)}/snapshots?${query.toString()}`,
      womSnapshotsSchema,
    );
  }

  /**
   * Creates a competition of the group (issue 30). Sent once, never retried: a create that timed out
   * may have been made, and a second one would make it twice; the sync adopts whatever WOM made.
   */
  async createCompetition(request: WomCompetitionRequest) {
    const path = '/competitions';
    const { response, text } = await this.#send(path, { method: 'POST', body: request });
    if (!response.ok) throw this.#httpError(path, response, text);
    return parseBody(path, text, womCreatedCompetitionSchema);
  }

  async #get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const { maxAttempts, backoffMs, sleep } = this.#options;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#attempt(path, schema);
      } catch (error) {
        if (!(error instanceof WomError) || !error.retryable || attempt >= maxAttempts) throw error;
        // A 429 already blocked the limiter for its Retry-After; other failures back off here.
        if (error.status !== 429) await sleep(backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  async #attempt<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const { response, text } = await this.#send(path);
    if (!response.ok) throw this.#httpError(path, response, text);
    return parseBody(path, text, schema);
  }

  /**
   * One request answered as it came, for an admin's connection check: its status, WOM's rate-limit
   * headers and whether the body has the shape the site reads. It never throws for what WOM
   * answered (a 429 still holds the limiter for its Retry-After).
   */
  async probe<S extends z.ZodType>(path: string, schema: S): Promise<WomProbe<z.output<S>>> {
    const failed = (status: number | null, rateLimit: WomRateLimit | null, error: unknown) => ({
      path,
      status,
      parsed: false,
      value: null,
      rateLimit,
      error: error instanceof Error ? error.message : String(error),
    });
    let sent: { response: Response; text: string };
    try {
      sent = await this.#send(path);
    } catch (error) {
      return failed(null, null, error);
    }
    const { response, text } = sent;
    const rateLimit = rateLimitOf(response.headers);
    if (!response.ok) return failed(response.status, rateLimit, this.#httpError(path, response, text));
    try {
      const value = parseBody(path, text, schema);
      return { path, status: response.status, parsed: true, value, rateLimit, error: null };
    } catch (error) {
      return failed(response.status, rateLimit, error);
    }
  }

  /** Waits for the limiter (or refuses a visitor's request when no budget is spare), then sends. */
  async #send(
    path: string,
    write?: { method: 'POST'; body: unknown },
  ): Promise<{ response: Response; text: string }> {
    const { baseUrl, apiKey, userAgent, limiter, timeoutMs, priority } = this.#options;
    if (priority === 'scheduled') {
      await limiter.acquire();
    } else if (!limiter.tryAcquireSpare()) {
      throw new WomError(
        { kind: 'budget' },
        "WOM's request budget is kept for the clan sync right now; nothing was sent",
        path,
      );
    }
    this.#requests += 1;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: write?.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'user-agent': userAgent,
          'x-user-agent': userAgent,
          ...(apiKey ? { 'x-api-key': apiKey } : {}),
          ...(write ? { 'content-type': 'application/json' } : {}),
        },
        ...(write ? { body: JSON.stringify(write.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { response, text: await response.text() };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new WomError(
        { kind: timedOut ? 'timeout' : 'network' },
        timedOut ? `WOM did not answer within ${timeoutMs} ms` : `Could not reach WOM: ${String(error)}`,
        path,
        { cause: error },
      );
    }
  }

  #httpError(path: string, response: Response, text: string): WomError {
    let code: string | null = null;
    let message = `WOM answered ${response.status}`;
    try {
      const body = womErrorBodySchema.safeParse(JSON.parse(text));
      if (body.success) {
        code = body.data.code ?? null;
        message = `WOM answered ${response.status}: ${body.data.message}`;
      }
    } catch {
      // An HTML error page from a proxy: the status says enough.
    }
    if (response.status === 429) {
      const seconds = parseRetryAfter(response.headers.get('retry-after'), this.#options.limiter.now()) ?? 60;
      this.#options.limiter.blockFor(seconds);
      const asked = response.headers.get('retry-after');
      this.#options.log?.warn(
        `WOM rate limit reached on ${path}: waiting ${seconds} s (Retry-After: ${asked ?? 'none, 60 s assumed'})`,
      );
    }
    return new WomError({ kind: 'http', status: response.status, code }, message, path);
  }
}
