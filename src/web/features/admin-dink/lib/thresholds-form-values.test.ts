import { describe, expect, it } from 'vitest';
import { DEFAULT_DINK_THRESHOLDS } from '#core/dink/dink.schema.ts';
import { parseThresholds, thresholdsFormValues } from './thresholds-form-values.ts';

describe('thresholds form values', () => {
  it('shows large amounts with separators and reads them back', () => {
    const values = thresholdsFormValues(DEFAULT_DINK_THRESHOLDS);
    expect(values).toEqual({ min_loot_value: '1,000,000', min_level: '99', min_xp_milestone: '50,000,000' });
    expect(parseThresholds(values)).toEqual({ thresholds: DEFAULT_DINK_THRESHOLDS, errors: null });
  });

  it('reads numbers typed with spaces or underscores', () => {
    expect(
      parseThresholds({ min_loot_value: ' 5 000 000 ', min_level: '1', min_xp_milestone: '200_000_000' }),
    ).toEqual({
      thresholds: { min_loot_value: 5_000_000, min_level: 1, min_xp_milestone: 200_000_000 },
      errors: null,
    });
  });

  it("refuses blanks, fractions, negatives and numbers outside the contract's bounds", () => {
    expect(parseThresholds({ min_loot_value: '', min_level: '0', min_xp_milestone: '1.5' })).toEqual({
      thresholds: null,
      errors: {
        min_loot_value: 'Enter a whole number from 0 to 2,147,483,647',
        min_level: 'Enter a whole number from 1 to 127',
        min_xp_milestone: 'Enter a whole number from 0 to 200,000,000',
      },
    });
    expect(
      parseThresholds({ min_loot_value: '-1', min_level: '128', min_xp_milestone: '200,000,001' }).errors,
    ).toEqual({
      min_loot_value: 'Enter a whole number from 0 to 2,147,483,647',
      min_level: 'Enter a whole number from 1 to 127',
      min_xp_milestone: 'Enter a whole number from 0 to 200,000,000',
    });
  });
});
