import { createHash } from 'node:crypto';
import type { Clock } from '#shared/clock.ts';

/**
 * A bucket: `limit` requests per `windowMs`, counted from the first request of a window, as
 * Discord's `X-RateLimit-Reset-After` counts down. The reference gives no numbers ("read the
 * headers"); the default is the 5 per 2 s Discord's webhook buckets answer with.
 */
export interface DiscordRateLimit {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: DiscordRateLimit = { limit: 5, windowMs: 2_000 };

/** "All bots can make up to 50 requests per second to our API" (topics/rate-limits, Global Rate Limit). */
export const GLOBAL_REQUESTS_PER_SECOND = 50;

export type RateLimitScope = 'user' | 'global' | 'shared';

export interface RateLimitedBody {
  message: string;
  retry_after: number;
  global: boolean;
}

interface Window {
  startedAt: number;
  used: number;
}

/** Seconds with Discord's three decimals, e.g. "1.250". */
const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

/**
 * Which window a request counts against (`key`: a webhook, or a route with its caller and major
 * parameter) and what `X-RateLimit-Bucket` names it (`name`: the same for a route across guilds, as
 * Discord's bucket header leaves out the top-level resource).
 */
export interface Bucket {
  key: string;
  name: string;
}

/** Discord names buckets with an opaque hash; the stand-in derives one from what the bucket is for. */
export const bucketFor = (key: string, shared: string = key): Bucket => ({
  key,
  name: createHash('sha256').update(shared).digest('hex').slice(0, 32),
});

export class RateLimitBuckets {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rateLimit: DiscordRateLimit | false,
    private readonly clock: Clock,
  ) {
    if (rateLimit !== false && (!(rateLimit.limit >= 1) || !(rateLimit.windowMs > 0)))
      throw new RangeError('rateLimit needs a limit of at least 1 and a positive windowMs');
  }

  /**
   * Counts one request against the bucket: the headers to send, and the milliseconds to
   * wait when the bucket is empty (the request is then refused and not counted).
   */
  take(bucket: Bucket): { headers: Record<string, string>; waitMs: number } {
    const limit = this.rateLimit;
    if (limit === false) return { headers: {}, waitMs: 0 };
    const now = this.clock.now().getTime();
    const window = this.current(bucket.key, limit, now);
    const waitMs = window.used >= limit.limit ? window.startedAt + limit.windowMs - now : 0;
    if (waitMs === 0) window.used += 1;
    return { headers: headers(bucket.name, limit, window, now), waitMs };
  }

  /** The headers of an answer that never reached the bucket (a scripted fault), without counting it. */
  peek(bucket: Bucket): Record<string, string> {
    const limit = this.rateLimit;
    if (limit === false) return {};
    const now = this.clock.now().getTime();
    return headers(bucket.name, limit, this.current(bucket.key, limit, now), now);
  }

  /** Headers for a scripted 429: the bucket looks empty until `untilMs`. */
  exhausted(bucket: Bucket, untilMs: number): Record<string, string> {
    const limit = this.rateLimit;
    if (limit === false) return {};
    const window = { startedAt: untilMs - limit.windowMs, used: limit.limit };
    return headers(bucket.name, limit, window, this.clock.now().getTime());
  }

  reset(): void {
    this.windows.clear();
  }

  private current(key: string, limit: DiscordRateLimit, now: number): Window {
    const window = this.windows.get(key);
    if (window !== undefined && now < window.startedAt + limit.windowMs) return window;
    const fresh = { startedAt: now, used: 0 };
    this.windows.set(key, fresh);
    return fresh;
  }
}

function headers(name: string, limit: DiscordRateLimit, window: Window, now: number): Record<string, string> {
  const resetAt = window.startedAt + limit.windowMs;
  return {
    'X-RateLimit-Limit': String(limit.limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit.limit - window.used)),
    'X-RateLimit-Reset': seconds(resetAt),
    'X-RateLimit-Reset-After': seconds(resetAt - now),
    'X-RateLimit-Bucket': name,
  };
}

/** Discord's 429: `Retry-After` in whole seconds (rounded up), the exact wait in the body. */
export function tooManyRequests(
  waitMs: number,
  scope: RateLimitScope,
): { body: RateLimitedBody; headers: Record<string, string> } {
  const global = scope === 'global';
  const headers: Record<string, string> = {
    'Retry-After': String(Math.ceil(waitMs / 1000)),
    'X-RateLimit-Scope': scope,
  };
  if (global) headers['X-RateLimit-Global'] = 'true';
  return {
    body: { message: 'You are being rate limited.', retry_after: Number((waitMs / 1000).toFixed(3)), global },
    headers,
  };
}
