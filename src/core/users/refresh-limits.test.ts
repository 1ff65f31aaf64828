import { describe, expect, it } from 'vitest';
import type { AttemptCount } from '../auth/attempt-limits.ts';
import { decideRaceRefresh, decideSyncProgress } from './refresh-limits.ts';

function count(kept: number, running = 1, secondsLeft = 60): AttemptCount {
  return { failures: kept, attempts: kept + running, secondsLeft };
}

describe('decideRaceRefresh', () => {
  it('allows one refresh of a race a minute, and refuses a second until the minute ends', () => {
    expect(decideRaceRefresh({ race: count(0), account: count(0) })).toEqual({ allowed: true });
    expect(decideRaceRefresh({ race: count(1, 1, 42), account: count(1) })).toEqual({
      allowed: false,
      retryAfterSeconds: 42,
    });
  });

  it('allows five refreshes a minute across races, and refuses the sixth', () => {
    expect(decideRaceRefresh({ race: count(0), account: count(4) }).allowed).toBe(true);
    expect(decideRaceRefresh({ race: count(0), account: count(5, 1, 30) })).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
  });

  it('counts running refreshes, so parallel ones of one race let one through', () => {
    expect(decideRaceRefresh({ race: count(0, 2), account: count(0, 2) }).allowed).toBe(false);
  });
});

describe('decideSyncProgress', () => {
  it('allows three syncs a minute and refuses the fourth until the minute ends', () => {
    expect(decideSyncProgress({ account: count(2) })).toEqual({ allowed: true });
    expect(decideSyncProgress({ account: count(3, 1, 15) })).toEqual({
      allowed: false,
      retryAfterSeconds: 15,
    });
  });
});
