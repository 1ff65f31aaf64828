import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  bucketWait,
  deliveryOutcome,
  MAX_ATTEMPTS,
  networkFailure,
  type DiscordAnswer,
} from './delivery-outcome.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

function answer(status: number, body: unknown = null, headers: Record<string, string> = {}): DiscordAnswer {
  return { status, body, headers };
}

describe('deliveryOutcome', () => {
  it('delivers on a 2xx, keeping the message id when Discord sent one', () => {
    expect(deliveryOutcome(answer(200, { id: '42', content: '' }), 1, NOW)).toEqual({
      result: 'delivered',
      messageId: '42',
    });
    expect(deliveryOutcome(answer(204), 1, NOW)).toEqual({ result: 'delivered', messageId: null });
  });

  it('retries a 429 after its Retry-After header when the body says nothing', () => {
    expect(deliveryOutcome(answer(429, null, { 'retry-after': '5' }), 1, NOW)).toMatchObject({
      result: 'retry',
      retryAt: later(5_000),
    });
  });

  it("prefers the body's fractional retry_after, rounded up to the millisecond", () => {
    const limited = answer(
      429,
      { message: 'You are being rate limited.', retry_after: 1.2345, global: false },
      {
        'retry-after': '2',
      },
    );
    expect(deliveryOutcome(limited, 1, NOW)).toEqual({
      result: 'retry',
      retryAt: later(1_235),
      reason: '429 You are being rate limited.',
    });
  });

  it('waits a second on a 429 that names no wait', () => {
    expect(deliveryOutcome(answer(429), 3, NOW)).toMatchObject({ result: 'retry', retryAt: later(1_000) });
  });

  it('never gives up on a 429: it is a wait, not a failure', () => {
    expect(deliveryOutcome(answer(429, { retry_after: 2 }), MAX_ATTEMPTS + 5, NOW).result).toBe('retry');
  });

  it.each([401, 403, 404])('stops the route on a %i', (status) => {
    expect(deliveryOutcome(answer(status, { message: 'Unknown Webhook', code: 10015 }), 1, NOW)).toEqual({
      result: 'stop_route',
      reason: `${status} Unknown Webhook`,
    });
    expect(deliveryOutcome(answer(status), 1, NOW)).toEqual({
      result: 'stop_route',
      reason: `HTTP ${status}`,
    });
  });

  it('tells a deleted message (404, code 10008) from a deleted webhook', () => {
    expect(deliveryOutcome(answer(404, { message: 'Unknown Message', code: 10008 }), 1, NOW)).toEqual({
      result: 'message_gone',
    });
  });

  it.each([400, 413, 405])('fails a message Discord refuses for good (%i)', (status) => {
    const refused = answer(status, { message: 'Invalid Form Body', code: 50035 });
    expect(deliveryOutcome(refused, 1, NOW)).toEqual({
      result: 'failed',
      reason: `${status} Invalid Form Body`,
    });
  });

  it('retries a 5xx with a growing backoff, then fails after MAX_ATTEMPTS', () => {
    const waits: number[] = [];
    for (let attempts = 1; attempts < MAX_ATTEMPTS; attempts += 1) {
      const outcome = deliveryOutcome(answer(attempts % 2 ? 502 : 500), attempts, NOW);
      expect(outcome.result).toBe('retry');
      if (outcome.result === 'retry') waits.push(outcome.retryAt.getTime() - NOW.getTime());
    }
    expect(waits[0]).toBe(5_000);
    waits.slice(1).forEach((wait, index) => expect(wait).toBeGreaterThanOrEqual(waits[index] as number));
    expect(waits.at(-1)).toBeGreaterThan(waits[0] as number);
    expect(Math.max(...waits)).toBeLessThanOrEqual(15 * 60_000);
    expect(deliveryOutcome(answer(503), MAX_ATTEMPTS, NOW)).toEqual({
      result: 'failed',
      reason: `HTTP 503 (gave up after ${MAX_ATTEMPTS} tries)`,
    });
  });

  it('treats a network failure like a 5xx', () => {
    expect(networkFailure('Discord did not answer in time', 1, NOW)).toEqual({
      result: 'retry',
      retryAt: later(backoffMs(1)),
      reason: 'Discord did not answer in time',
    });
    expect(networkFailure('Could not reach Discord', MAX_ATTEMPTS, NOW).result).toBe('failed');
  });
});

describe('backoffMs', () => {
  it('doubles from 5 s and stops growing at 15 min', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(15 * 60_000);
  });
});

describe('bucketWait', () => {
  it('rests a webhook until its bucket resets when no request is left', () => {
    const spent = answer(
      200,
      { id: '1' },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.5' },
    );
    expect(bucketWait(spent, NOW)).toEqual({ until: later(1_500), global: false });
  });

  it('lets a webhook go on while requests remain, or when no reset is given', () => {
    const left = { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset-after': '1.5' };
    expect(bucketWait(answer(200, null, left), NOW)).toBeNull();
    expect(bucketWait(answer(200, null, { 'x-ratelimit-remaining': '0' }), NOW)).toBeNull();
    expect(bucketWait(answer(200), NOW)).toBeNull();
  });

  it('rests every webhook on a global 429, from the body or the header', () => {
    expect(bucketWait(answer(429, { retry_after: 0.5, global: true }), NOW)).toEqual({
      until: later(500),
      global: true,
    });
    expect(bucketWait(answer(429, null, { 'retry-after': '3', 'x-ratelimit-global': 'true' }), NOW)).toEqual({
      until: later(3_000),
      global: true,
    });
  });

  it('rests one webhook on a 429 that is not global', () => {
    expect(bucketWait(answer(429, { retry_after: 5, global: false }), NOW)).toEqual({
      until: later(5_000),
      global: false,
    });
  });

  it('ignores a wait that is not a number of seconds', () => {
    expect(bucketWait(answer(429, { retry_after: 'soon' }, { 'retry-after': '-2' }), NOW)).toEqual({
      until: later(1_000),
      global: false,
    });
  });
});
