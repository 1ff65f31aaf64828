import { describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';
import {
  currentValueFrom,
  goalFormError,
  goalInputOf,
  minimumValue,
  type CurrentValue,
  type GoalFormValues,
} from './goal-form.ts';

const TODAY = '2026-11-24';

const values = (overrides: Partial<GoalFormValues> = {}): GoalFormValues => ({
  wom_id: '1',
  metric: 'attack',
  mode: 'gain',
  value: '1000',
  target_date: '',
  public: false,
  ...overrides,
});

const loaded = (value: number | null): CurrentValue => ({ status: 'loaded', value });

describe('goal form checks', () => {
  it.each([
    ['no character', { wom_id: '' }],
    ['no metric', { metric: '' }],
    ['no value', { value: '' }],
  ])('asks for every required field with %s', (_, overrides) => {
    expect(goalFormError(values(overrides), loaded(10), TODAY)).toBe(GOAL_MESSAGES.requiredFields);
  });

  it('says a decimal value must be a whole number, not that a field is missing', () => {
    expect(goalFormError(values({ value: '1.5' }), loaded(10), TODAY)).toBe('Value must be a whole number');
  });

  it('waits for the statistics, and says when they could not be loaded', () => {
    expect(goalFormError(values(), { status: 'pending' }, TODAY)).toBe(GOAL_MESSAGES.statsLoading);
    expect(goalFormError(values(), { status: 'error' }, TODAY)).toBe(GOAL_MESSAGES.statsUnavailable);
  });

  it('names the metric the snapshot lacks, by its kind', () => {
    expect(goalFormError(values(), loaded(null), TODAY)).toBe(GOAL_MESSAGES.noExperience('Attack'));
    expect(goalFormError(values({ metric: 'zulrah' }), loaded(null), TODAY)).toBe(
      GOAL_MESSAGES.noKills('Zulrah'),
    );
    expect(goalFormError(values({ metric: 'clue_scrolls_all' }), loaded(null), TODAY)).toBe(
      GOAL_MESSAGES.noScore('Clue Scrolls (All)'),
    );
  });

  it('takes a goal from 0, a first boss kill or clue', () => {
    expect(goalFormError(values({ metric: 'vorkath' }), loaded(0), TODAY)).toBeNull();
    expect(
      goalFormError(values({ metric: 'clue_scrolls_all', mode: 'total', value: '1' }), loaded(0), TODAY),
    ).toBeNull();
  });

  it('needs a total above the current value', () => {
    expect(goalFormError(values({ mode: 'total', value: '500' }), loaded(500), TODAY)).toBe(
      GOAL_MESSAGES.targetNotAboveCurrent,
    );
    expect(goalFormError(values({ mode: 'total', value: '501' }), loaded(500), TODAY)).toBeNull();
  });

  it('needs a gain above zero', () => {
    expect(goalFormError(values({ value: '0' }), loaded(500), TODAY)).toBe(GOAL_MESSAGES.gainNotPositive);
    expect(goalFormError(values({ value: '-3' }), loaded(500), TODAY)).toBe(GOAL_MESSAGES.gainNotPositive);
  });

  it('takes today as a target date but not yesterday', () => {
    expect(goalFormError(values({ target_date: TODAY }), loaded(500), TODAY)).toBeNull();
    expect(goalFormError(values({ target_date: '2026-11-23' }), loaded(500), TODAY)).toBe(
      GOAL_MESSAGES.pastTargetDate,
    );
  });
});

describe('goal form value minimum', () => {
  it('is 1 in gain mode and one above the current value in total mode', () => {
    expect(minimumValue('gain', loaded(500))).toBe(1);
    expect(minimumValue('total', loaded(500))).toBe(501);
    expect(minimumValue('total', { status: 'pending' })).toBe(1);
  });
});

describe('goal form current value', () => {
  const player = (latestSnapshot: WomPlayerItem['latestSnapshot']): WomPlayerItem => ({
    id: 1,
    displayName: 'Zezima',
    type: 'regular',
    build: 'main',
    exp: 0,
    ehb: 0,
    combatLevel: 126,
    fetchedAt: '2026-11-24T00:00:00.000Z',
    latestSnapshot,
  });
  const snapshot = {
    createdAt: '2026-11-24T00:00:00.000Z',
    data: {
      skills: { attack: { experience: 1234, rank: 5, level: 10 } },
      bosses: { zulrah: { kills: -1, rank: -1 } },
      activities: {},
      computed: {},
    },
  };
  const settled = (data: WomPlayerItem) => ({ isPending: false, isError: false, data });

  it("reads the metric's value from the latest snapshot, an unranked one as 0", () => {
    expect(currentValueFrom(settled(player(snapshot)), 'attack')).toEqual(loaded(1234));
    expect(currentValueFrom(settled(player(snapshot)), 'zulrah')).toEqual(loaded(0));
    expect(currentValueFrom(settled(player(snapshot)), 'vorkath')).toEqual(loaded(null));
  });

  it('cannot read a character without a snapshot or whose statistics failed to load', () => {
    expect(currentValueFrom(settled(player(null)), 'attack')).toEqual({ status: 'error' });
    expect(currentValueFrom({ isPending: false, isError: true, data: undefined }, 'attack')).toEqual({
      status: 'error',
    });
    expect(currentValueFrom({ isPending: true, isError: false, data: undefined }, 'attack')).toEqual({
      status: 'pending',
    });
  });
});

describe('goal form body', () => {
  it('sends the value as a number and no target date as null', () => {
    expect(goalInputOf(values({ value: '250', public: true }))).toEqual({
      wom_id: '1',
      metric: 'attack',
      mode: 'gain',
      value: 250,
      target_date: null,
      public: true,
    });
  });
});
