import { describe, expect, it } from 'vitest';
import { inStandingsOrder, isRaceRunning, raceLeader, raceProgressPercent } from './race-progress.ts';

describe('raceProgressPercent', () => {
  it('is the share of the span from start to target covered so far, floored', () => {
    expect(raceProgressPercent({ start_value: 1_000, current_value: 1_333, target_value: 2_000 })).toBe(33);
    expect(raceProgressPercent({ start_value: 0, current_value: 999, target_value: 1_000 })).toBe(99);
  });

  it('is 0 when the target equals the start, whatever the current value', () => {
    expect(raceProgressPercent({ start_value: 500, current_value: 900, target_value: 500 })).toBe(0);
    expect(raceProgressPercent({ start_value: 0, current_value: 0, target_value: 0 })).toBe(0);
  });

  it('is capped at 100 once the target is passed', () => {
    expect(raceProgressPercent({ start_value: 100, current_value: 5_000, target_value: 200 })).toBe(100);
    expect(raceProgressPercent({ start_value: 100, current_value: 200, target_value: 200 })).toBe(100);
  });

  it('never goes below 0', () => {
    expect(raceProgressPercent({ start_value: 100, current_value: 50, target_value: 200 })).toBe(0);
    expect(raceProgressPercent({ start_value: 100, current_value: 150, target_value: 50 })).toBe(0);
  });
});

describe('inStandingsOrder', () => {
  it('puts the highest progress first and keeps the order participants were added in on a tie', () => {
    const standings = inStandingsOrder([
      { id: 1, progress_percent: 20 },
      { id: 2, progress_percent: 80 },
      { id: 4, progress_percent: 50 },
      { id: 3, progress_percent: 50 },
    ]);
    expect(standings.map((p) => p.id)).toEqual([2, 3, 4, 1]);
  });
});

describe('isRaceRunning', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');

  it('runs without an end date or before its end', () => {
    expect(isRaceRunning(null, now)).toBe(true);
    expect(isRaceRunning('2026-11-21T12:00:01.000Z', now)).toBe(true);
  });

  it('has ended at its end date and after', () => {
    expect(isRaceRunning('2026-11-21T12:00:00.000Z', now)).toBe(false);
    expect(isRaceRunning('2026-11-20T00:00:00.000Z', now)).toBe(false);
  });
});

describe('raceLeader', () => {
  const participant = (id: number, start: number, current: number, target: number) => ({
    id,
    start_value: start,
    current_value: current,
    target_value: target,
    progress_percent: raceProgressPercent({
      start_value: start,
      current_value: current,
      target_value: target,
    }),
  });

  it('names nobody while no participant has moved past their start', () => {
    expect(raceLeader([participant(1, 100, 100, 200), participant(2, 50, 50, 60)])).toBeNull();
    expect(raceLeader([])).toBeNull();
  });

  it('names the furthest along among those who have progressed, even below 1%', () => {
    expect(raceLeader([participant(1, 100, 100, 200), participant(2, 0, 1, 1000)])?.id).toBe(2);
    expect(raceLeader([participant(1, 100, 150, 200), participant(2, 0, 900, 1000)])?.id).toBe(2);
  });
});
