import { describe, expect, it } from 'vitest';
import { completionAfter, expectedPercent, goalProgressPercent, scheduleLabel } from './goal-progress.ts';

describe('goalProgressPercent', () => {
  it('is the floored share of the way from start to target', () => {
    expect(goalProgressPercent({ start_value: 100, current_value: 150, target_value: 200 })).toBe(50);
    expect(goalProgressPercent({ start_value: 0, current_value: 2, target_value: 3 })).toBe(66);
  });

  it('stays within 0..100 when the value fell below the start or passed the target', () => {
    expect(goalProgressPercent({ start_value: 100, current_value: 90, target_value: 200 })).toBe(0);
    expect(goalProgressPercent({ start_value: 100, current_value: 500, target_value: 200 })).toBe(100);
  });
});

describe('expectedPercent', () => {
  it('is the elapsed share of the time up to the end of the target day', () => {
    const start = '2026-11-01T00:00:00.000Z';
    expect(expectedPercent(start, '2026-11-10', new Date('2026-11-06T00:00:00.000Z'))).toBe(50);
    expect(expectedPercent(start, '2026-11-10', new Date('2026-12-01T00:00:00.000Z'))).toBe(100);
    expect(expectedPercent(start, '2026-11-10', new Date('2026-10-01T00:00:00.000Z'))).toBe(0);
  });
});

describe('scheduleLabel', () => {
  const now = new Date('2026-11-06T00:00:00.000Z');
  const goal = { completed: false, start_date: '2026-11-01T00:00:00.000Z', target_date: '2026-11-10' };

  it("says 'Completed' for a completed goal, whatever its dates", () => {
    expect(scheduleLabel({ ...goal, completed: true, progress_percent: 100 }, now)).toBe('Completed');
    expect(scheduleLabel({ ...goal, completed: true, target_date: null, progress_percent: 100 }, now)).toBe(
      'Completed',
    );
  });

  it('is behind only once progress trails the elapsed share of the time by more than the tolerance', () => {
    // Half the time has passed.
    expect(scheduleLabel({ ...goal, progress_percent: 40 }, now)).toBe('On track');
    expect(scheduleLabel({ ...goal, progress_percent: 39 }, now)).toBe('Behind schedule');
    expect(scheduleLabel({ ...goal, progress_percent: 50 }, now)).toBe('On track');
    expect(scheduleLabel({ ...goal, progress_percent: 60 }, now)).toBe('Ahead of schedule');
  });

  it('is on track at 0% when just set, and through the first part of its time', () => {
    const start = new Date(goal.start_date);
    expect(scheduleLabel({ ...goal, progress_percent: 0 }, start)).toBe('On track');
    // A tenth of the ten days: nothing is expected yet.
    const dayOne = new Date('2026-11-02T00:00:00.000Z');
    expect(scheduleLabel({ ...goal, progress_percent: 0 }, dayOne)).toBe('On track');
    const dayTwo = new Date('2026-11-02T00:00:01.000Z');
    expect(scheduleLabel({ ...goal, progress_percent: 0 }, dayTwo)).toBe('Behind schedule');
  });

  it('is behind once the target day is over and the goal is not completed', () => {
    const after = new Date('2026-11-11T00:00:00.000Z');
    expect(scheduleLabel({ ...goal, progress_percent: 95 }, after)).toBe('Behind schedule');
  });

  it('has no label for an open goal without a target date', () => {
    expect(scheduleLabel({ ...goal, target_date: null, progress_percent: 10 }, now)).toBeNull();
  });
});

describe('completionAfter', () => {
  const open = { completed: false, completed_date: null, target_value: 200 };
  const now = new Date('2026-11-21T12:00:00.000Z');

  it('completes the first time the value reaches the target, dated then', () => {
    expect(completionAfter(open, 199, now)).toEqual({ completed: false, completed_date: null });
    expect(completionAfter(open, 200, now)).toEqual({ completed: true, completed_date: now.toISOString() });
  });

  it('keeps the first completion date, even if the value later drops', () => {
    const done = { completed: true, completed_date: '2026-11-01T00:00:00.000Z', target_value: 200 };
    expect(completionAfter(done, 300, now)).toEqual({ completed: true, completed_date: done.completed_date });
    expect(completionAfter(done, 10, now)).toEqual({ completed: true, completed_date: done.completed_date });
  });
});
