import type { Clock } from '#shared/clock.ts';

/** The system clock moved by an offset; demo mode uses it to replay a month of history once. */
export class ShiftableClock implements Clock {
  offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}
