import { STATUS_CODES } from 'node:http';
import type { Clock } from '#shared/clock.ts';
import { createRng, type Rng } from '#core/random.ts';
import { RateLimiter, tooManyRequests, type Caller, type RateLimit } from './rate-limit.ts';
import { JSON_TYPE, jsonReply, type Reply } from './replies.ts';

export interface SimulatorFaults {
  latencyMs: number;
  errorRate: number;
  /** The whole API is unreachable: a proxy's HTML 503 for every request. */
  down: boolean;
  /** The API is up but the Jagex hiscores are not: player updates answer WOM's own 503 (§2.11). */
  hiscoresDown: boolean;
}

export type FailureBody = 'json' | 'html' | 'truncated' | 'empty';

type Queued =
  | { kind: 'fail'; remaining: number; status: number; body: FailureBody }
  | { kind: 'rateLimit'; remaining: number; retryAfterSeconds: number };

const NO_FAULTS: SimulatorFaults = { latencyMs: 0, errorRate: 0, down: false, hiscoresDown: false };

const INVALID_KEY_MESSAGE =
  'Invalid API Key. Please check https://docs.wiseoldman.net/#rate-limits--api-keys';
const HTML_TYPE = 'text/html; charset=utf-8';

/** "Bad Gateway" becomes "Bad gateway.", the legacy error style. */
function sentence(status: number): string {
  const text = STATUS_CODES[status] ?? 'Unexpected error';
  return `${text.charAt(0)}${text.slice(1).toLowerCase()}.`;
}

function htmlPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

function failure(status: number, body: FailureBody): Reply {
  const json = JSON.stringify({ code: 'UNEXPECTED_ERROR', message: sentence(status) });
  switch (body) {
    case 'json':
      return { status, body: json, contentType: JSON_TYPE, headers: {} };
    case 'html':
      return { status, body: htmlPage(status), contentType: HTML_TYPE, headers: {} };
    case 'truncated':
      // A connection cut mid-body: valid JSON up to a point, then nothing.
      return {
        status,
        body: json.slice(0, Math.floor(json.length / 2)),
        contentType: JSON_TYPE,
        headers: {},
      };
    case 'empty':
      return { status, body: '', contentType: null, headers: {} };
  }
}

export interface FaultOptions {
  seed: number;
  clock: Clock;
  apiKeys: readonly string[] | null;
  rateLimit: RateLimit;
}

/**
 * Everything that can go wrong before a request reaches the API, in the order the real stack would
 * hit it: an outage page, injected failures, the API key check, the rate limiter, random 500s.
 */
export class FaultInjector {
  private faults: SimulatorFaults = { ...NO_FAULTS };
  private queue: Queued[] = [];
  private readonly random: Rng;
  private readonly limiter: RateLimiter;

  constructor(private readonly options: FaultOptions) {
    this.random = createRng(options.seed, 'faults');
    this.limiter = new RateLimiter(options.rateLimit, options.clock);
  }

  get latencyMs(): number {
    return this.faults.latencyMs;
  }

  get hiscoresDown(): boolean {
    return this.faults.hiscoresDown;
  }

  set(faults: Partial<SimulatorFaults>): void {
    this.faults = { ...this.faults, ...faults };
  }

  reset(): void {
    this.faults = { ...NO_FAULTS };
    this.queue = [];
  }

  failNext(count: number, status: number, body: FailureBody): void {
    if (count > 0) this.queue.push({ kind: 'fail', remaining: count, status, body });
  }

  rateLimitNext(count: number, retryAfterSeconds: number): void {
    if (count > 0) this.queue.push({ kind: 'rateLimit', remaining: count, retryAfterSeconds });
  }

  /**
   * A reply that replaces the API's, or null to let the request through with these extra headers.
   * Only WOM's own API counts against its limit (`limited`); the player-watch list is another site's.
   */
  intercept(caller: Caller, limited: boolean): { reply: Reply | null; headers: Record<string, string> } {
    if (this.faults.down) {
      return {
        reply: { status: 503, body: htmlPage(503), contentType: HTML_TYPE, headers: {} },
        headers: {},
      };
    }
    const queued = this.queue[0];
    if (queued !== undefined) {
      queued.remaining -= 1;
      if (queued.remaining <= 0) this.queue.shift();
      const reply =
        queued.kind === 'fail'
          ? failure(queued.status, queued.body)
          : tooManyRequests(this.limiter.limitFor(caller), queued.retryAfterSeconds);
      return { reply, headers: {} };
    }
    const keys = this.options.apiKeys;
    if (caller.apiKey !== null && keys !== null && !keys.includes(caller.apiKey)) {
      return { reply: jsonReply(403, { message: INVALID_KEY_MESSAGE }), headers: {} };
    }
    const counted = limited ? this.limiter.count(caller) : { reply: null, headers: {} };
    if (counted.reply !== null) return counted;
    if (this.faults.errorRate > 0 && this.random.next() < this.faults.errorRate) {
      return {
        reply: jsonReply(500, { code: 'UNEXPECTED_ERROR', message: 'Internal server error.' }),
        headers: counted.headers,
      };
    }
    return counted;
  }
}
