import type { Clock } from '#shared/clock.ts';

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const WINDOW_MS = 60_000;

/**
 * Client-side pacing for WOM's fixed 60-second window (reference/wom-api.md §4.1): at most
 * `perMinute` requests start in any 60 s, and after a 429 nothing starts until its Retry-After has
 * passed. One limiter per process, shared by two kinds of callers:
 *
 * - scheduled work (the sync) calls `acquire` and waits its turn, in arrival order;
 * - visitors' refreshes call `tryAcquireSpare`, which never waits: it takes a slot only when one is
 *   free now, no scheduled call is waiting, and `reserved` slots of the window stay free.
 *
 * So visitors never hold more than `perMinute - reserved` starts of any 60 s, and a sync that makes
 * at most `reserved` requests a minute is never slowed by them, however many arrive.
 */
export class WomLimiter {
  readonly #starts: number[] = [];
  #blockedUntil = 0;
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;

  constructor(
    readonly perMinute: number,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
    /** Slots of each window that only scheduled work may take: half, unless told otherwise. */
    readonly reserved: number = Math.ceil(perMinute / 2),
  ) {
    if (!Number.isInteger(reserved) || reserved < 0 || reserved > perMinute) {
      throw new RangeError(`reserved must be an integer from 0 to ${perMinute}, got ${reserved}`);
    }
  }

  /** Resolves when scheduled work may send its request, and counts it. */
  acquire(): Promise<void> {
    this.#waiting += 1;
    const turn = this.#queue
      .then(() => this.#waitForSlot())
      .finally(() => {
        this.#waiting -= 1;
      });
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Counts a visitor's request and returns true if it may be sent now without waiting, without
   * going ahead of waiting scheduled work and without touching the reserve; otherwise false, and
   * the request must not be sent.
   */
  tryAcquireSpare(): boolean {
    if (this.#waiting > 0) return false;
    const now = this.clock.now().getTime();
    if (now < this.#blockedUntil) return false;
    this.#forgetBefore(now);
    if (this.#starts.length + 1 > this.perMinute - this.reserved) return false;
    this.#starts.push(now);
    return true;
  }

  now(): Date {
    return this.clock.now();
  }

  /** WOM said to wait: no request starts before `seconds` from now. */
  blockFor(seconds: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.clock.now().getTime() + seconds * 1000);
  }

  /** Drops the starts that left the window ending at `now`. */
  #forgetBefore(now: number): void {
    while (this.#starts.length > 0 && this.#starts[0]! <= now - WINDOW_MS) this.#starts.shift();
  }

  async #waitForSlot(): Promise<void> {
    for (;;) {
      const now = this.clock.now().getTime();
      this.#forgetBefore(now);
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
