import type { Clock } from '#shared/clock.ts';
import type { DiscordFaults } from './faults.ts';
import { tooManyRequests, type Bucket, type RateLimitBuckets } from './rate-limit.ts';
import type { Reply } from './replies.ts';

/** What stands between a request and its route, as Discord's edge does: faults and rate limits. */
export interface Edge {
  clock: Clock;
  faults: DiscordFaults;
  buckets: RateLimitBuckets;
  /** Each bot token's 50 requests a second; null when limits are off. */
  globalLimit: RateLimitBuckets | null;
}

export interface Passage {
  bucket: Bucket;
  /** The bot token's global window, or null for a request without one (a webhook, OAuth2, a user). */
  global: Bucket | null;
  /** What a scripted failure with this status answers on this route. */
  failure(status: number): Reply;
}

/** A 429 drawn by chance asks for this wait, about what a real bucket's reset takes. */
const RANDOM_RETRY_AFTER_SECONDS = 1;

/** A 429 for a wait until `until`, with the bucket's headers showing it empty. */
function limitedUntil(edge: Edge, bucket: Bucket, waitMs: number, global: boolean): Reply {
  const limited = tooManyRequests(waitMs, global ? 'global' : 'user');
  const until = edge.clock.now().getTime() + waitMs;
  return {
    status: 429,
    body: limited.body,
    headers: { ...edge.buckets.exhausted(bucket, until), ...limited.headers },
  };
}

/** A scripted 429: Discord's answer, and the wait it announces, enforced on later requests. */
function scriptedRateLimit(edge: Edge, bucket: Bucket, retryAfterSeconds: number, global: boolean): Reply {
  edge.faults.block(bucket.key, retryAfterSeconds, global);
  return limitedUntil(edge, bucket, retryAfterSeconds * 1000, global);
}

/**
 * One request, in the order Discord's edge meets it: scripted faults, a scripted 429's wait, the bot
 * token's global limit, the route's bucket, a failure by chance, then the route itself. The bucket's
 * headers go with every answer the bucket saw. Null leaves the request hanging.
 */
export async function throughEdge(
  edge: Edge,
  passage: Passage,
  route: () => Promise<Reply>,
): Promise<Reply | null> {
  const { bucket } = passage;
  const fault = edge.faults.next();
  if (fault?.kind === 'hang') return null;
  if (fault?.kind === 'fail') return { ...passage.failure(fault.status), headers: edge.buckets.peek(bucket) };
  if (fault?.kind === 'rateLimit')
    return scriptedRateLimit(edge, bucket, fault.retryAfterSeconds, fault.global);
  const blocked = edge.faults.waitFor(bucket.key);
  if (blocked.waitMs > 0) return limitedUntil(edge, bucket, blocked.waitMs, blocked.global);
  if (passage.global !== null && edge.globalLimit !== null) {
    const global = edge.globalLimit.take(passage.global);
    // Discord's global 429 names no bucket: only Retry-After and the global flags.
    if (global.waitMs > 0) {
      const limited = tooManyRequests(global.waitMs, 'global');
      return { status: 429, body: limited.body, headers: limited.headers };
    }
  }
  const counted = edge.buckets.take(bucket);
  if (counted.waitMs > 0) {
    const limited = tooManyRequests(counted.waitMs, 'user');
    return { status: 429, body: limited.body, headers: { ...counted.headers, ...limited.headers } };
  }
  const chance = edge.faults.randomFailure();
  if (chance === 429) return scriptedRateLimit(edge, bucket, RANDOM_RETRY_AFTER_SECONDS, false);
  if (chance !== null) return { ...passage.failure(chance), headers: counted.headers };
  const reply = await route();
  return { ...reply, headers: { ...counted.headers, ...reply.headers } };
}
