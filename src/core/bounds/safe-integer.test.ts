import { describe, expect, it } from 'vitest';
import { TARGET_NOT_SAFE, safeTarget } from './safe-integer.ts';

describe('safe target', () => {
  const target = safeTarget({ missing: 'Required', belowOne: 'At least 1' });

  it('accepts 1 to Number.MAX_SAFE_INTEGER', () => {
    expect(target.parse(1)).toBe(1);
    expect(target.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses 2^53 and beyond, and fractions, saying the largest it takes', () => {
    expect(TARGET_NOT_SAFE).toBe('Target value must be a whole number no larger than 9,007,199,254,740,991');
    for (const value of [2 ** 53, 1e300, 1.5]) {
      expect(
        target.safeParse(value).error?.issues.map((issue) => issue.message),
        String(value),
      ).toEqual([TARGET_NOT_SAFE]);
    }
  });

  it('keeps the form messages for a missing value and one below 1', () => {
    expect(target.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
    expect(target.safeParse(0).error?.issues[0]?.message).toBe('At least 1');
  });
});
