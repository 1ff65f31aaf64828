import { describe, expect, it } from 'vitest';
import { runDuration } from './run-duration.ts';

const start = '2026-11-25T18:00:00.000Z';

describe('runDuration', () => {
  it('shows seconds, then minutes and seconds, then hours and minutes', () => {
    expect(runDuration(start, '2026-11-25T18:00:00.400Z')).toBe('0 s');
    expect(runDuration(start, '2026-11-25T18:00:45.000Z')).toBe('45 s');
    expect(runDuration(start, '2026-11-25T18:03:05.000Z')).toBe('3 min 05 s');
    expect(runDuration(start, '2026-11-25T20:01:30.000Z')).toBe('2 h 01 min');
  });

  it('has no duration for a run still going or with unreadable times', () => {
    expect(runDuration(start, null)).toBeNull();
    expect(runDuration('nonsense', '2026-11-25T18:00:45.000Z')).toBeNull();
    expect(runDuration(start, '2026-11-25T17:00:00.000Z')).toBeNull();
  });
});
