import { describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { testRace } from '../race-test-data.ts';
import { raceFormSchema, raceFormValues, todayUtc, type RaceFormValues } from './race-form-values.ts';

const filled = (overrides: Partial<RaceFormValues> = {}): RaceFormValues => ({
  title: 'Race',
  description: '',
  public: false,
  end_date: '',
  participants: [{ wom_id: '3', metric: 'fishing', mode: 'total', target_value: '10' }],
  ...overrides,
});

const messagesOf = (values: RaceFormValues, today = '2026-11-24') => {
  const result = raceFormSchema(today).safeParse(values);
  return result.success ? [] : result.error.issues.map(({ message }) => message);
};

describe('race form values', () => {
  it('accepts an end date of today and refuses yesterday', () => {
    expect(messagesOf(filled({ end_date: '2026-11-24' }))).toEqual([]);
    expect(messagesOf(filled({ end_date: '2026-11-23' }))).toEqual(['The end date cannot be in the past']);
  });

  it('asks for complete rows before it looks at their targets', () => {
    expect(
      messagesOf(filled({ participants: [{ wom_id: '3', metric: '', mode: 'total', target_value: '0' }] })),
    ).toEqual(['All participant details must be complete']);
    expect(
      messagesOf(
        filled({ participants: [{ wom_id: '3', metric: 'zulrah', mode: 'total', target_value: '1.5' }] }),
      ),
    ).toEqual(['Value must be a whole number']);
    expect(messagesOf(filled({ participants: [] }))).toEqual(['A race needs at least one participant']);
  });

  it("says a decimal target must be a whole number, in the goals' words, before its size is looked at", () => {
    const row = (mode: 'gain' | 'total', target_value: string) =>
      filled({ participants: [{ wom_id: '3', metric: 'fishing', mode, target_value }] });
    expect(messagesOf(row('total', '1500.5'))).toEqual([GOAL_MESSAGES.wholeNumber]);
    expect(messagesOf(row('gain', '0.5'))).toEqual(['Value must be a whole number']);
    expect(messagesOf(row('gain', '0'))).toEqual(['Target value must be at least 1']);
    expect(messagesOf(row('total', '-3'))).toEqual(['Target value must be at least 1']);
    expect(messagesOf(row('total', '1500'))).toEqual([]);
  });

  it("refuses a total at or below where the participant starts, but not a gain, with the goal rule's words", () => {
    const at = (value: number) => () => value;
    const row = (mode: 'gain' | 'total', target_value: string) =>
      filled({ participants: [{ wom_id: '3', metric: 'fishing', mode, target_value }] });
    const check = (values: RaceFormValues, baseline: number | null) => {
      const result = raceFormSchema('2026-11-24', () => baseline).safeParse(values);
      return result.success ? [] : result.error.issues.map(({ message }) => message);
    };
    expect(check(row('total', '1000'), 1_000)).toEqual(['Target value must be greater than current value']);
    expect(check(row('total', '999'), 1_000)).toEqual(['Target value must be greater than current value']);
    expect(check(row('total', '1001'), 1_000)).toEqual([]);
    expect(check(row('gain', '5'), 1_000)).toEqual([]);
    expect(check(row('total', '5'), null)).toEqual([]);
    expect(raceFormSchema('2026-11-24', at(1_000)).parse(row('gain', '5')).participants).toEqual([
      { wom_id: '3', metric: 'fishing', mode: 'gain', target_value: 5 },
    ]);
  });

  it('refuses a character chosen twice on one metric, by its name, but not on another metric', () => {
    const row = (wom_id: string, metric: string) => ({
      wom_id,
      metric,
      mode: 'gain' as const,
      target_value: '5',
    });
    const check = (participants: RaceFormValues['participants']) => {
      const result = raceFormSchema(
        '2026-11-24',
        () => null,
        (womId) => `Player ${womId}`,
      ).safeParse(filled({ participants }));
      return result.success ? [] : result.error.issues.map(({ message }) => message);
    };
    expect(check([row('3', 'fishing'), row('2', 'zulrah'), row('3', 'fishing')])).toEqual([
      'Player 3 is in the race twice for Fishing: a character races once on each metric',
    ]);
    expect(check([row('3', 'fishing'), row('3', 'cooking'), row('2', 'fishing')])).toEqual([]);
  });

  it('sends a blank description and end date as null, and the end date as the end of that UTC day', () => {
    expect(raceFormSchema('2026-11-24').parse(filled({ description: '   ' })).description).toBeNull();
    expect(raceFormSchema('2026-11-24').parse(filled()).end_date).toBeNull();
    expect(raceFormSchema('2026-11-24').parse(filled({ end_date: '2026-12-01' })).end_date).toBe(
      '2026-12-01T23:59:59.999Z',
    );
  });

  it("starts from the race's own values when editing, and the end date's UTC day", () => {
    expect(raceFormValues(testRace()).end_date).toBe('2099-12-31');
    expect(raceFormValues().participants).toEqual([
      { wom_id: '', metric: '', mode: 'total', target_value: '' },
    ]);
    expect(todayUtc(new Date('2026-11-24T23:30:00-05:00'))).toBe('2026-11-25');
  });
});
