import { describe, expect, it } from 'vitest';
import { TARGET_NOT_SAFE } from '../bounds/safe-integer.ts';
import { GOAL_MESSAGES } from './goals.schema.ts';
import { goalTarget, planGoal } from './goal-creation.ts';

const TODAY = '2026-11-21';

describe('goalTarget', () => {
  it('adds the amount in gain mode and takes the value in total mode', () => {
    expect(goalTarget('gain', 1_000, 500)).toBe(1_500);
    expect(goalTarget('total', 1_000, 5_000)).toBe(5_000);
  });
});

describe('planGoal', () => {
  it('types the goal from the metric and starts it at the current value', () => {
    expect(planGoal({ metric: 'attack', mode: 'gain', value: 10 }, 100, TODAY)).toEqual({
      ok: true,
      goal: { goal_type: 'skill', start_value: 100, target_value: 110 },
    });
    expect(planGoal({ metric: 'zulrah', mode: 'total', value: 500 }, 100, TODAY)).toMatchObject({
      goal: { goal_type: 'boss', target_value: 500 },
    });
    expect(planGoal({ metric: 'clue_scrolls_all', mode: 'gain', value: 1 }, 3, TODAY)).toMatchObject({
      goal: { goal_type: 'activity' },
    });
  });

  it('refuses a gain that would take the target past Number.MAX_SAFE_INTEGER, and takes one reaching it', () => {
    expect(
      planGoal({ metric: 'attack', mode: 'gain', value: Number.MAX_SAFE_INTEGER - 99 }, 100, TODAY),
    ).toEqual({
      ok: false,
      message: TARGET_NOT_SAFE,
    });
    expect(
      planGoal({ metric: 'attack', mode: 'gain', value: Number.MAX_SAFE_INTEGER - 100 }, 100, TODAY),
    ).toMatchObject({ ok: true, goal: { target_value: Number.MAX_SAFE_INTEGER } });
  });

  it("refuses a metric that is not one of WOM's skills, bosses or activities", () => {
    expect(planGoal({ metric: 'ehp', mode: 'gain', value: 1 }, 100, TODAY)).toMatchObject({ ok: false });
  });

  it("names the metric when the character's snapshot lacks it, in the words of its kind", () => {
    expect(planGoal({ metric: 'attack', mode: 'gain', value: 1 }, null, TODAY)).toEqual({
      ok: false,
      message: GOAL_MESSAGES.noExperience('Attack'),
    });
    expect(planGoal({ metric: 'zulrah', mode: 'gain', value: 1 }, null, TODAY)).toEqual({
      ok: false,
      message: GOAL_MESSAGES.noKills('Zulrah'),
    });
    expect(planGoal({ metric: 'clue_scrolls_all', mode: 'gain', value: 1 }, null, TODAY)).toEqual({
      ok: false,
      message: GOAL_MESSAGES.noScore('Clue Scrolls (All)'),
    });
  });

  it('starts a first kill, score or experience from 0', () => {
    expect(planGoal({ metric: 'vorkath', mode: 'gain', value: 50 }, 0, TODAY)).toEqual({
      ok: true,
      goal: { goal_type: 'boss', start_value: 0, target_value: 50 },
    });
    expect(planGoal({ metric: 'clue_scrolls_all', mode: 'total', value: 1 }, 0, TODAY)).toMatchObject({
      ok: true,
      goal: { goal_type: 'activity', start_value: 0, target_value: 1 },
    });
    expect(planGoal({ metric: 'sailing', mode: 'gain', value: 1_000 }, 0, TODAY)).toMatchObject({ ok: true });
  });

  it('refuses a total that does not exceed the current value', () => {
    for (const value of [99, 100]) {
      expect(planGoal({ metric: 'attack', mode: 'total', value }, 100, TODAY)).toEqual({
        ok: false,
        message: GOAL_MESSAGES.targetNotAboveCurrent,
      });
    }
  });

  it('refuses a target date before today, and takes today', () => {
    expect(
      planGoal({ metric: 'attack', mode: 'gain', value: 1, target_date: '2026-11-20' }, 1, TODAY),
    ).toEqual({
      ok: false,
      message: GOAL_MESSAGES.pastTargetDate,
    });
    expect(
      planGoal({ metric: 'attack', mode: 'gain', value: 1, target_date: TODAY }, 1, TODAY),
    ).toMatchObject({
      ok: true,
    });
  });
});
