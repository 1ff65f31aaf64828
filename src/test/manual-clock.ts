import type { Clock } from '#shared/clock.ts';

/** A clock that stands still until a test moves it; for the stand-ins' tests and the gateway's. */
export interface ManualClock extends Clock {
  set(at: string | number): void;
  advance(ms: number): void;
}

export function manualClock(start: string | number): ManualClock {
  let current = typeof start === 'number' ? start : Date.parse(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = typeof at === 'number' ? at : Date.parse(at);
    },
    advance(ms) {
      current += ms;
    },
  };
}
