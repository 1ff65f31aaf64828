import { describe, expect, it } from 'vitest';
import { createManualClock } from '#test/app.ts';
import { createAttemptLimiter, takeAttempt } from './attempt-limiter.ts';

const MINUTE = 60_000;

function limiterOf(max: number) {
  const clock = createManualClock();
  return { clock, limiter: createAttemptLimiter({ max, windowMs: 15 * MINUTE, clock }) };
}

describe('createAttemptLimiter', () => {
  it('refuses the attempt after max, with the seconds left in the window, and allows again after it', () => {
    const { clock, limiter } = limiterOf(2);
    expect(limiter.hit('k')).toEqual({ allowed: true });
    clock.advance(5 * MINUTE);
    expect(limiter.hit('k')).toEqual({ allowed: true });
    expect(limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect(limiter.hit('other')).toEqual({ allowed: true });
    clock.advance(10 * MINUTE);
    expect(limiter.hit('k')).toEqual({ allowed: true });
  });

  it('does not count a forgiven attempt', () => {
    const { limiter } = limiterOf(2);
    for (let i = 0; i < 5; i += 1) {
      expect(limiter.hit('k')).toEqual({ allowed: true });
      limiter.forgive('k');
    }
    expect(limiter.hit('k')).toEqual({ allowed: true });
    expect(limiter.hit('k')).toEqual({ allowed: true });
    expect(limiter.hit('k').allowed).toBe(false);
  });
});

describe('takeAttempt', () => {
  it('refuses with the longest wait when any limit is used up, and charges none of them', () => {
    const ip = limiterOf(5);
    const user = limiterOf(1);
    const both = () =>
      takeAttempt([
        { limiter: ip.limiter, key: '10.0.0.1' },
        { limiter: user.limiter, key: 'zezima' },
      ]);
    expect(both().allowed).toBe(true);
    for (let i = 0; i < 3; i += 1) expect(both()).toEqual({ allowed: false, retryAfterSeconds: 900 });
    // The address was charged once, for the attempt that was let through.
    for (let i = 0; i < 4; i += 1) expect(ip.limiter.hit('10.0.0.1').allowed).toBe(true);
    expect(ip.limiter.hit('10.0.0.1').allowed).toBe(false);
  });

  it('hands an attempt back to every limit through forgive', () => {
    const ip = limiterOf(1);
    const user = limiterOf(1);
    for (let i = 0; i < 3; i += 1) {
      const attempt = takeAttempt([
        { limiter: ip.limiter, key: 'a' },
        { limiter: user.limiter, key: 'u' },
      ]);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) attempt.forgive();
    }
  });
});
