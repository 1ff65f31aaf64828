import { describe, expect, it } from 'vitest';
import { INT32_TOO_LARGE, MAX_INT32, int32Score, pointsOverflowMessage } from './int32.ts';

describe('int32 score', () => {
  const score = int32Score('Must be 0 or more');

  it('holds 0 to 2^31 - 1, the range of an integer column on both databases', () => {
    expect(MAX_INT32).toBe(2 ** 31 - 1);
    expect(score.parse(0)).toBe(0);
    expect(score.parse(MAX_INT32)).toBe(MAX_INT32);
  });

  it('floors a fraction', () => {
    expect(score.parse(7.9)).toBe(7);
  });

  it('refuses 2^31 and anything negative with a clear message', () => {
    expect(score.safeParse(2 ** 31).error?.issues[0]?.message).toBe('Must be at most 2,147,483,647');
    expect(score.safeParse(2 ** 31).error?.issues[0]?.message).toBe(INT32_TOO_LARGE);
    expect(score.safeParse(-1).error?.issues[0]?.message).toBe('Must be 0 or more');
    expect(score.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('says whose score would overflow, what it is and where the ceiling is', () => {
    expect(pointsOverflowMessage('Zezima', 2_147_483_640, 15)).toBe(
      'Cannot add 15 points to Zezima: their siege score is 2,147,483,640 and cannot go above 2,147,483,647',
    );
  });
});
