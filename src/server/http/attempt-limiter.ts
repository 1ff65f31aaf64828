import type { Clock } from '../clock.ts';

export interface AttemptLimiter {
  /** Counts an attempt for the key; returns the seconds to wait when the key is over its limit. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

/**
 * A fixed-window counter per key, in memory. Each instance limits on its own; behind a load balancer
 * the effective limit is the per-instance limit times the number of instances, still far below what
 * guessing a password needs.
 */
export function createAttemptLimiter(options: {
  max: number;
  windowMs: number;
  clock: Clock;
}): AttemptLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    hit(key) {
      const now = options.clock.now().getTime();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.startedAt >= options.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || now - current.startedAt >= options.windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return { allowed: true };
      }
      current.count += 1;
      if (current.count <= options.max) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.ceil((current.startedAt + options.windowMs - now) / 1000),
      };
    },
  };
}
