import { afterEach, describe, expect, it } from 'vitest';
import { call } from '#test/http-call.ts';
import { manualClock, type ManualClock } from '#test/manual-clock.ts';
import { startDiscordStandIn, type DiscordStandIn, type DiscordStandInOptions } from './index.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;

interface RateLimitedJson {
  message: string;
  retry_after: number;
  global: boolean;
}

describe("the stand-in's rate limits", () => {
  let standIn: DiscordStandIn;
  let clock: ManualClock;
  const start = async (options: DiscordStandInOptions = {}) => {
    clock = manualClock(NOW);
    standIn = await startDiscordStandIn({ clock, ...options });
    return standIn;
  };
  afterEach(() => standIn.close());

  const post = (url: string, content = 'Zezima reached 99 Woodcutting') =>
    call<RateLimitedJson>(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
    });
  const rateLimitHeaders = (headers: Headers) => ({
    limit: headers.get('x-ratelimit-limit'),
    remaining: headers.get('x-ratelimit-remaining'),
    reset: headers.get('x-ratelimit-reset'),
    resetAfter: headers.get('x-ratelimit-reset-after'),
  });

  it('counts each webhook down in the five X-RateLimit headers, then answers 429 with Retry-After', async () => {
    await start();
    const { url } = standIn.createWebhook();
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(url);
      expect(response.status).toBe(204);
      remaining.push(response.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    clock.advance(500);
    const limited = await post(url);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 1.5, global: false });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(rateLimitHeaders(limited.headers)).toEqual({
      limit: '5',
      remaining: '0',
      reset: (NOW_SECONDS + 2).toFixed(3),
      resetAfter: '1.500',
    });
    expect(limited.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
    // The refused request did not arrive.
    expect(standIn.received()).toHaveLength(5);
  });

  it('refills the bucket when its window has passed, on the manual clock', async () => {
    await start({ rateLimit: { limit: 2, windowMs: 10_000 } });
    const { url } = standIn.createWebhook();
    await post(url);
    await post(url);
    clock.advance(9_999);
    const early = await post(url);
    expect([early.status, early.body.retry_after, early.headers.get('retry-after')]).toEqual([
      429,
      0.001,
      '1',
    ]);
    clock.advance(1);
    const refilled = await post(url);
    expect(refilled.status).toBe(204);
    expect(rateLimitHeaders(refilled.headers)).toEqual({
      limit: '2',
      remaining: '1',
      reset: (NOW_SECONDS + 20).toFixed(3),
      resetAfter: '10.000',
    });
  });

  it('gives each webhook (id and token) its own bucket', async () => {
    await start({ rateLimit: { limit: 1, windowMs: 2_000 } });
    const first = standIn.createWebhook();
    const second = standIn.createWebhook();
    expect((await post(first.url)).status).toBe(204);
    expect((await post(first.url)).status).toBe(429);
    const other = await post(second.url);
    expect(other.status).toBe(204);
    expect(other.headers.get('x-ratelimit-bucket')).not.toBe(
      (await post(first.url)).headers.get('x-ratelimit-bucket'),
    );
  });

  it('sends the headers on refusals too (a 404 for a deleted webhook, a 400)', async () => {
    await start();
    const { id, url } = standIn.createWebhook();
    const invalid = await post(url, '');
    expect([invalid.status, invalid.headers.get('x-ratelimit-remaining')]).toEqual([400, '4']);
    standIn.deleteWebhook(id);
    const gone = await post(url);
    expect([gone.status, gone.headers.get('x-ratelimit-remaining')]).toEqual([404, '3']);
  });

  it('answers a scripted 429 with its Retry-After, and keeps refusing that webhook until it has passed', async () => {
    await start();
    const limitedHook = standIn.createWebhook();
    const otherHook = standIn.createWebhook();
    standIn.rateLimitNext(1, 5);
    const limited = await post(limitedHook.url);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 5, global: false });
    expect(rateLimitHeaders(limited.headers)).toMatchObject({ remaining: '0', resetAfter: '5.000' });

    clock.advance(4_000);
    const tooEarly = await post(limitedHook.url);
    expect([tooEarly.status, tooEarly.body.retry_after, tooEarly.headers.get('retry-after')]).toEqual([
      429,
      1,
      '1',
    ]);
    // Only that webhook waits: a scripted 429 that is not global is its bucket's.
    expect((await post(otherHook.url)).status).toBe(204);

    clock.advance(1_000);
    expect((await post(limitedHook.url)).status).toBe(204);
    expect(standIn.received(limitedHook.id)).toHaveLength(1);
    expect(standIn.requests.map((request) => request.status)).toEqual([429, 429, 204, 204]);
  });

  it('makes a global 429 hold back every webhook', async () => {
    await start();
    const first = standIn.createWebhook();
    const second = standIn.createWebhook();
    standIn.rateLimitNext(1, 2.5, { global: true });
    const limited = await post(first.url);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 2.5, global: true });
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('x-ratelimit-global')).toBe('true');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('global');
    const other = await post(second.url);
    expect([other.status, other.body.global]).toEqual([429, true]);
    clock.advance(2_500);
    expect((await post(second.url)).status).toBe(204);
  });

  it('answers the next N requests 429 when told to, then lets requests through', async () => {
    await start();
    const { url } = standIn.createWebhook();
    standIn.rateLimitNext(2, 1);
    expect((await post(url)).status).toBe(429);
    clock.advance(1_000);
    expect((await post(url)).status).toBe(429);
    clock.advance(1_000);
    expect((await post(url)).status).toBe(204);
  });

  it('sends no rate-limit headers and never limits when turned off', async () => {
    await start({ rateLimit: false });
    const { url } = standIn.createWebhook();
    for (let i = 0; i < 20; i += 1) expect((await post(url)).status).toBe(204);
    expect((await post(url)).headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('refills every bucket and drops scripted waits on resetFaults', async () => {
    await start({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const { url } = standIn.createWebhook();
    await post(url);
    standIn.rateLimitNext(3, 30);
    expect((await post(url)).status).toBe(429);
    standIn.resetFaults();
    expect((await post(url)).status).toBe(204);
  });
});
