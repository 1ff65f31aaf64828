import { describe, expect, it } from 'vitest';
import { pollDelayMs, retryDelayMs } from './poll-delay.ts';

describe('retryDelayMs', () => {
  it('waits 1, 2, 5, then 10 s after each failure in a row, staying at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelayMs)).toEqual([
      1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000,
    ]);
  });
});

describe('pollDelayMs', () => {
  it('asks every second while a run is running and every 10 s otherwise', () => {
    expect(pollDelayMs({ running: true, failures: 0 })).toBe(1000);
    expect(pollDelayMs({ running: false, failures: 0 })).toBe(10_000);
  });

  it('backs off while requests fail, whether or not a run was running', () => {
    expect(pollDelayMs({ running: false, failures: 1 })).toBe(1000);
    expect(pollDelayMs({ running: true, failures: 3 })).toBe(5000);
    expect(pollDelayMs({ running: true, failures: 4 })).toBe(10_000);
  });
});
