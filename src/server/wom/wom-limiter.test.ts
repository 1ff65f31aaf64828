import { describe, expect, it } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { WomLimiter } from './wom-limiter.ts';

function limiterWithVirtualTime(perMinute: number) {
  const clock = createManualClock('2026-11-21T12:00:00.000Z');
  const slept: number[] = [];
  const limiter = new WomLimiter(perMinute, clock, async (ms) => {
    slept.push(ms);
    clock.advance(ms);
  });
  const elapsed = () => clock.now().getTime() - Date.parse('2026-11-21T12:00:00.000Z');
  return { limiter, slept, elapsed };
}

describe('WomLimiter', () => {
  it('lets the first requests of a minute through at once', async () => {
    const { limiter, slept } = limiterWithVirtualTime(20);
    for (let i = 0; i < 20; i += 1) await limiter.acquire();
    expect(slept).toEqual([]);
  });

  it('holds the 21st request of a minute until the window has passed (20 a minute without a key)', async () => {
    const { limiter, elapsed } = limiterWithVirtualTime(20);
    for (let i = 0; i < 20; i += 1) await limiter.acquire();
    await limiter.acquire();
    expect(elapsed()).toBe(60_000);
  });

  it('spreads 100 requests a minute with an API key', async () => {
    const { limiter, elapsed } = limiterWithVirtualTime(100);
    for (let i = 0; i < 250; i += 1) await limiter.acquire();
    expect(elapsed()).toBe(120_000);
  });

  it('starts nothing before a Retry-After has passed', async () => {
    const { limiter, elapsed } = limiterWithVirtualTime(20);
    await limiter.acquire();
    limiter.blockFor(7);
    await limiter.acquire();
    expect(elapsed()).toBe(7_000);
  });

  it('serves concurrent callers one at a time, in arrival order', async () => {
    const { limiter } = limiterWithVirtualTime(2);
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => limiter.acquire().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
  });
});
