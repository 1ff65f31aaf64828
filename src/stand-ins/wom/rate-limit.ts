import type { Clock } from '#shared/clock.ts';
import { jsonReply, type Reply } from './replies.ts';
import type { RateLimitedHeaders, RateLimitHeaders } from './wom-shapes.ts';

/** Requests per 60 s window, without an API key and with one; `false` turns the limiter off. */
export type RateLimit = { withoutKey: number; withKey: number } | false;

/** WOM's own limits (wom-api.md §4.1): a registered key allows five times the keyless 20. */
export const WOM_RATE_LIMIT = { withoutKey: 20, withKey: 100 } as const;

/**
 * The limit a simulator gets when its caller does not choose one: WOM's, skipped under a NODE_ENV
 * of `development` or `test` exactly as the real server skips its limiter (§4.1), so the test runner
 * sees what a WOM started by a developer would.
 */
export function defaultRateLimit(nodeEnv: string | undefined): RateLimit {
  return nodeEnv === 'development' || nodeEnv === 'test' ? false : { ...WOM_RATE_LIMIT };
}

export const RATE_LIMIT_MESSAGE =
  'Too Many Requests. Please check https://docs.wiseoldman.net/#rate-limits--api-keys.';

/** The 429 as the recorded server sends it: a body with no `code`, and these four headers. */
export function tooManyRequests(limit: number, resetSeconds: number): Reply {
  const seconds = String(Math.max(0, resetSeconds));
  const headers: RateLimitedHeaders = {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': '0',
    'ratelimit-reset': seconds,
    'retry-after': seconds,
  };
  return jsonReply(429, { message: RATE_LIMIT_MESSAGE }, { ...headers });
}

export interface Caller {
  apiKey: string | null;
  address: string;
}

const WINDOW_MS = 60_000;

/** WOM's fixed 60 s window per API key, or per address without one (§4.1). */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limits: RateLimit,
    private readonly clock: Clock,
  ) {}

  limitFor(caller: Caller): number {
    const limits = this.limits || WOM_RATE_LIMIT;
    return caller.apiKey === null ? limits.withoutKey : limits.withKey;
  }

  /**
   * Counts one request: a 429 to answer instead once the window is spent, otherwise the headers every
   * counted answer carries. With the limiter off, WOM counts nothing and sends no headers.
   */
  count(caller: Caller): { reply: Reply | null; headers: Record<string, string> } {
    if (this.limits === false) return { reply: null, headers: {} };
    const now = this.clock.now().getTime();
    const key = caller.apiKey === null ? `ip:${caller.address}` : `key:${caller.apiKey}`;
    let window = this.windows.get(key);
    // A clock moved back (demo mode replaying history) starts a window too, or it would never end.
    if (window === undefined || now < window.startedAt || now - window.startedAt >= WINDOW_MS) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const limit = this.limitFor(caller);
    const reset = Math.ceil((window.startedAt + WINDOW_MS - now) / 1000);
    if (window.count > limit) return { reply: tooManyRequests(limit, reset), headers: {} };
    const headers: RateLimitHeaders = {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(limit - window.count),
      'ratelimit-reset': String(reset),
    };
    return { reply: null, headers: { ...headers } };
  }
}
