import { WomLimiter } from '#server/wom/wom-limiter.ts';
import { createManualClock } from './app.ts';

const START = '2026-11-21T12:00:00.000Z';

/**
 * A WOM limiter on virtual time: its waits move a manual clock instead of the test's real one and
 * are recorded, so a test sees how long a caller would have waited without waiting.
 */
export function limiterOnVirtualTime(perMinute: number, reserved?: number) {
  const clock = createManualClock(START);
  const slept: number[] = [];
  const sleep = async (ms: number) => {
    slept.push(ms);
    clock.advance(ms);
  };
  const limiter = new WomLimiter(perMinute, clock, sleep, reserved);
  /** Virtual time spent waiting so far. */
  const elapsed = () => clock.now().getTime() - Date.parse(START);
  return { limiter, slept, sleep, elapsed, clock };
}
