import type { Clock } from '../clock.ts';

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const WINDOW_MS = 60_000;

/**
 * Client-side pacing for WOM's fixed 60-second window (reference/wom-api.md §4.1): at most
 * `perMinute` requests start in any 60 s, and after a 429 nothing starts until its Retry-After has
 * passed. One limiter per process; every WOM call goes through it, in arrival order.
 */
export class WomLimiter {
  readonly #starts: number[] = [];
  #blockedUntil = 0;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    readonly perMinute: number,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  /** Resolves when the caller may send its request, and counts it. */
  acquire(): Promise<void> {
    const turn = this.#queue.then(() => this.#waitForSlot());
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  now(): Date {
    return this.clock.now();
  }

  /** WOM said to wait: no request starts before `seconds` from now. */
  blockFor(seconds: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.clock.now().getTime() + seconds * 1000);
  }

  async #waitForSlot(): Promise<void> {
    for (;;) {
      const now = this.clock.now().getTime();
      while (this.#starts.length > 0 && this.#starts[0]! <= now - WINDOW_MS) this.#starts.shift();
      const waitForBlock = this.#blockedUntil - now;
      const waitForWindow = this.#starts.length >= this.perMinute ? this.#starts[0]! + WINDOW_MS - now : 0;
      const wait = Math.max(waitForBlock, waitForWindow);
      if (wait <= 0) {
        this.#starts.push(now);
        return;
      }
      await this.sleep(wait);
    }
  }
}
