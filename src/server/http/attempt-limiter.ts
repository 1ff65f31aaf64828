import type { Clock } from '../clock.ts';

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface AttemptLimiter {
  /** Counts an attempt for the key; returns the seconds to wait when the key is over its limit. */
  hit(key: string): AttemptVerdict;
  /** Takes back one attempt counted by `hit`, for an attempt that turned out not to be a failure. */
  forgive(key: string): void;
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
    forgive(key) {
      const current = windows.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
  };
}

export type TakenAttempt = { allowed: true; forgive(): void } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against every limit before the attempt runs, so parallel guesses cannot all
 * pass the check before the first failure is recorded. When any limit refuses, no limit keeps the
 * attempt and the longest wait is returned; an attempt that did not fail is handed back through
 * `forgive`, so only failures use up a window.
 */
export function takeAttempt(limits: Array<{ limiter: AttemptLimiter; key: string }>): TakenAttempt {
  const verdicts = limits.map(({ limiter, key }) => limiter.hit(key));
  const forgive = () => limits.forEach(({ limiter, key }) => limiter.forgive(key));
  const waits = verdicts.flatMap((verdict) => (verdict.allowed ? [] : [verdict.retryAfterSeconds]));
  if (waits.length === 0) return { allowed: true, forgive };
  forgive();
  return { allowed: false, retryAfterSeconds: Math.max(...waits) };
}
