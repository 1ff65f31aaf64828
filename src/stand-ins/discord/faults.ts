import type { Clock } from '#shared/clock.ts';
import { createRng, type Rng } from '#core/random.ts';

/** What a scripted answer does instead of Discord's real one. */
export type ScriptedFault =
  | { kind: 'fail'; status: number }
  | { kind: 'rateLimit'; retryAfterSeconds: number; global: boolean }
  | { kind: 'hang' };

interface Queued {
  fault: ScriptedFault;
  remaining: number;
}

/** A share of requests, drawn from the seed, that fail with `status` (a soak's flaky Discord). */
export interface RandomFailures {
  rate: number;
  status: number;
}

const checkStatus = (status: number) => {
  if (!(Number.isInteger(status) && status >= 400 && status <= 599))
    throw new RangeError(`status must be an HTTP error status, got ${status}`);
};

/**
 * Scripted faults for the next requests, and the waits a scripted 429 imposes: Discord keeps
 * refusing a bucket (every bucket, when global) until its `Retry-After` has passed, so a sender that
 * ignores it is refused again rather than let through.
 */
export class DiscordFaults {
  private queue: Queued[] = [];
  private readonly blockedUntil = new Map<string, number>();
  private globalBlockedUntil = 0;
  private randomFailures: RandomFailures = { rate: 0, status: 500 };
  private readonly random: Rng;

  constructor(
    private readonly clock: Clock,
    seed: number,
  ) {
    this.random = createRng(seed, 'discord-faults');
  }

  setRandomFailures(failures: RandomFailures): void {
    if (!(failures.rate >= 0 && failures.rate <= 1))
      throw new RangeError(`rate must be from 0 to 1, got ${failures.rate}`);
    checkStatus(failures.status);
    this.randomFailures = { ...failures };
  }

  /** The status this request fails with by chance, or null; draws only while a rate is set. */
  randomFailure(): number | null {
    const { rate, status } = this.randomFailures;
    return rate > 0 && this.random.next() < rate ? status : null;
  }

  enqueue(count: number, fault: ScriptedFault): void {
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`count must be a positive integer, got ${count}`);
    if (fault.kind === 'rateLimit' && !(fault.retryAfterSeconds > 0))
      throw new RangeError(`retryAfterSeconds must be positive, got ${fault.retryAfterSeconds}`);
    if (
      fault.kind === 'fail' &&
      !(Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599)
    )
      throw new RangeError(`status must be an HTTP error status, got ${fault.status}`);
    this.queue.push({ fault, remaining: count });
  }

  /** The next scripted fault, used up by this request; null when none is queued. */
  next(): ScriptedFault | null {
    const queued = this.queue[0];
    if (queued === undefined) return null;
    queued.remaining -= 1;
    if (queued.remaining <= 0) this.queue.shift();
    return queued.fault;
  }

  /** Starts the wait a scripted 429 announced; returns when it ends (epoch ms). */
  block(bucket: string, retryAfterSeconds: number, global: boolean): number {
    const until = this.clock.now().getTime() + retryAfterSeconds * 1000;
    if (global) this.globalBlockedUntil = until;
    else this.blockedUntil.set(bucket, until);
    return until;
  }

  /** Milliseconds left of a scripted wait on this bucket, and whether it is the global one. */
  waitFor(bucket: string): { waitMs: number; global: boolean } {
    const now = this.clock.now().getTime();
    const globalWait = this.globalBlockedUntil - now;
    if (globalWait > 0) return { waitMs: globalWait, global: true };
    return { waitMs: Math.max(0, (this.blockedUntil.get(bucket) ?? 0) - now), global: false };
  }

  reset(): void {
    this.queue = [];
    this.blockedUntil.clear();
    this.globalBlockedUntil = 0;
    this.randomFailures = { rate: 0, status: 500 };
  }
}
