import { describe, expect, it } from 'vitest';
import { limiterOnVirtualTime } from '#test/virtual-limiter.ts';
import type { WomLimiter } from './wom-limiter.ts';

/** How many of `tries` visitor requests the limiter lets through now. */
function visitorsLetThrough(limiter: WomLimiter, tries: number): number {
  let granted = 0;
  for (let i = 0; i < tries; i += 1) if (limiter.tryAcquireSpare()) granted += 1;
  return granted;
}

describe('WomLimiter', () => {
  it('lets the first requests of a minute through at once', async () => {
    const { limiter, slept } = limiterOnVirtualTime(20);
    for (let i = 0; i < 20; i += 1) await limiter.acquire();
    expect(slept).toEqual([]);
  });

  it('holds the 21st request of a minute until the window has passed (20 a minute without a key)', async () => {
    const { limiter, elapsed } = limiterOnVirtualTime(20);
    for (let i = 0; i < 20; i += 1) await limiter.acquire();
    await limiter.acquire();
    expect(elapsed()).toBe(60_000);
  });

  it('spreads 100 requests a minute with an API key', async () => {
    const { limiter, elapsed } = limiterOnVirtualTime(100);
    for (let i = 0; i < 250; i += 1) await limiter.acquire();
    expect(elapsed()).toBe(120_000);
  });

  it('starts nothing before a Retry-After has passed', async () => {
    const { limiter, elapsed } = limiterOnVirtualTime(20);
    await limiter.acquire();
    limiter.blockFor(7);
    await limiter.acquire();
    expect(elapsed()).toBe(7_000);
  });

  it('serves concurrent callers one at a time, in arrival order', async () => {
    const { limiter } = limiterOnVirtualTime(2);
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => limiter.acquire().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
  });
});

describe('WomLimiter with visitors', () => {
  it('keeps half of each minute for the sync by default: 10 of 20 without a key, 50 of 100 with one', () => {
    expect(limiterOnVirtualTime(20).limiter.reserved).toBe(10);
    expect(limiterOnVirtualTime(100).limiter.reserved).toBe(50);
  });

  it('lets a burst of 200 visitors have only what the reserve leaves, refusing the rest without waiting', () => {
    const { limiter, slept } = limiterOnVirtualTime(20);
    expect(visitorsLetThrough(limiter, 200)).toBe(10);
    expect(slept).toEqual([]);
  });

  it('never delays a sync acquisition after a burst of 200 visitors', async () => {
    const { limiter, slept, elapsed } = limiterOnVirtualTime(20);
    visitorsLetThrough(limiter, 200);
    for (let i = 0; i < 10; i += 1) await limiter.acquire();
    expect(slept).toEqual([]);
    expect(elapsed()).toBe(0);
  });

  it('never delays a sync whose requests are interleaved with 200 visitors', async () => {
    const { limiter, slept } = limiterOnVirtualTime(20);
    let visitors = 0;
    for (let i = 0; i < 10; i += 1) {
      visitors += visitorsLetThrough(limiter, 20);
      await limiter.acquire();
    }
    expect(visitors).toBe(10);
    expect(slept).toEqual([]);
  });

  it('refuses visitors once the sync has used the spare slots of the window', async () => {
    const { limiter } = limiterOnVirtualTime(20);
    for (let i = 0; i < 4; i += 1) await limiter.acquire();
    expect(visitorsLetThrough(limiter, 200)).toBe(6);
    for (let i = 0; i < 6; i += 1) await limiter.acquire();
    expect(visitorsLetThrough(limiter, 200)).toBe(0);
  });

  it('counts visitor requests against the window, which the sync only meets beyond its reserve', async () => {
    const { limiter, slept, elapsed } = limiterOnVirtualTime(20);
    visitorsLetThrough(limiter, 200);
    for (let i = 0; i < 10; i += 1) await limiter.acquire();
    await limiter.acquire();
    expect(slept).toEqual([60_000]);
    expect(elapsed()).toBe(60_000);
  });

  it('gives visitors the spare slots again once their starts have left the window', () => {
    const { limiter, clock } = limiterOnVirtualTime(20);
    expect(visitorsLetThrough(limiter, 200)).toBe(10);
    clock.advance(59_999);
    expect(visitorsLetThrough(limiter, 1)).toBe(0);
    clock.advance(1);
    expect(visitorsLetThrough(limiter, 200)).toBe(10);
  });

  it('refuses visitors while a Retry-After holds, and lets them through after it', () => {
    const { limiter, clock } = limiterOnVirtualTime(20);
    limiter.blockFor(7);
    expect(visitorsLetThrough(limiter, 1)).toBe(0);
    clock.advance(7_000);
    expect(visitorsLetThrough(limiter, 1)).toBe(1);
  });

  it('does not let a visitor take the slot that a waiting sync acquisition is about to get', async () => {
    const { limiter, slept } = limiterOnVirtualTime(2, 0);
    await limiter.acquire();
    const waiting = limiter.acquire();
    expect(limiter.tryAcquireSpare()).toBe(false);
    await waiting;
    expect(slept).toEqual([]);
  });

  it('refuses visitors while the sync waits for the window, and serves the sync first', async () => {
    const { limiter, slept, elapsed } = limiterOnVirtualTime(4, 2);
    for (let i = 0; i < 4; i += 1) await limiter.acquire();
    const order: string[] = [];
    const sync = limiter.acquire().then(() => order.push('sync'));
    if (limiter.tryAcquireSpare()) order.push('visitor');
    await sync;
    if (limiter.tryAcquireSpare()) order.push('visitor');
    expect(order).toEqual(['sync', 'visitor']);
    expect(slept).toEqual([60_000]);
    expect(elapsed()).toBe(60_000);
  });

  it('gives visitors nothing when the whole minute is reserved', () => {
    const { limiter } = limiterOnVirtualTime(20, 20);
    expect(visitorsLetThrough(limiter, 200)).toBe(0);
  });

  it('rejects a reserve larger than the minute', () => {
    expect(() => limiterOnVirtualTime(20, 21)).toThrow(RangeError);
  });
});
