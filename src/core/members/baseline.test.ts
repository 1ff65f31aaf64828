import { describe, expect, it } from 'vitest';
import { baselineFromFirstMeasurement, isMeasured, type StoredBaseline } from './baseline.ts';

const unmeasured: StoredBaseline = { current_xp: 0, current_lvl: 0, first_xp: 0, first_lvl: 0 };
const measured: StoredBaseline = {
  current_xp: 12_000_000,
  current_lvl: 1500,
  first_xp: 10_000_000,
  first_lvl: 1450,
};

describe('baselineFromFirstMeasurement', () => {
  it('takes the first real XP and level as the baseline of a member WOM never measured', () => {
    expect(baselineFromFirstMeasurement(unmeasured, { current_xp: 55_000_000, current_lvl: 1800 })).toEqual({
      first_xp: 55_000_000,
      first_lvl: 1800,
    });
  });

  it('keeps waiting while WOM still reports no XP and no level', () => {
    expect(baselineFromFirstMeasurement(unmeasured, { current_xp: 0, current_lvl: null })).toEqual({});
  });

  it('sets the XP baseline even when the level is not known yet, and the level once it is', () => {
    expect(baselineFromFirstMeasurement(unmeasured, { current_xp: 4_000, current_lvl: null })).toEqual({
      first_xp: 4_000,
    });
    const xpOnly = { ...unmeasured, current_xp: 4_000, first_xp: 4_000 };
    expect(baselineFromFirstMeasurement(xpOnly, { current_xp: 5_000, current_lvl: 40 })).toEqual({
      first_lvl: 40,
    });
  });

  it('never moves a measured baseline, so clan XP keeps counting from joining', () => {
    expect(baselineFromFirstMeasurement(measured, { current_xp: 90_000_000, current_lvl: 2000 })).toEqual({});
  });

  it('does not take a stored 0 XP as unmeasured once the baseline holds real XP', () => {
    // A baseline of real XP with the current value lost is bad data, not a new member.
    const odd = { ...measured, current_xp: 0 };
    expect(baselineFromFirstMeasurement(odd, { current_xp: 13_000_000, current_lvl: 1510 })).toEqual({});
  });
});

describe('isMeasured', () => {
  it('reads 0 XP as WOM never having measured the player, any XP as measured', () => {
    expect(isMeasured({ current_xp: 0 })).toBe(false);
    expect(isMeasured({ current_xp: 1_154 })).toBe(true);
  });
});
