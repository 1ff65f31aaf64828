import { describe, expect, it } from 'vitest';
import { boundedDate, boundedDateTime, isWithinYears, outsideYearsMessage } from './years.ts';

describe('years a date may fall in', () => {
  it('are 1990 to 2100, UTC, inclusive', () => {
    expect(isWithinYears(new Date('1990-01-01T00:00:00.000Z'))).toBe(true);
    expect(isWithinYears(new Date('2100-12-31T23:59:59.999Z'))).toBe(true);
    expect(isWithinYears(new Date('1989-12-31T23:59:59.999Z'))).toBe(false);
    expect(isWithinYears(new Date('2101-01-01T00:00:00.000Z'))).toBe(false);
    expect(isWithinYears(new Date(Number.NaN))).toBe(false);
  });

  it('name the field in the message', () => {
    expect(outsideYearsMessage('Join Date')).toBe('Join Date must fall between the years 1990 and 2100');
  });

  describe('a calendar date', () => {
    const date = boundedDate('Join Date', 'Join Date must be a date (yyyy-MM-dd)');

    it('accepts the first and last day of the range', () => {
      expect(date.parse('1990-01-01')).toBe('1990-01-01');
      expect(date.parse('2100-12-31')).toBe('2100-12-31');
    });

    it('refuses 1989, 2101 and year 0 with the range message', () => {
      for (const text of ['1989-12-31', '2101-01-01', '0000-01-01']) {
        expect(date.safeParse(text).error?.issues[0]?.message, text).toBe(
          'Join Date must fall between the years 1990 and 2100',
        );
      }
    });

    it('refuses what is not a date with the format message', () => {
      expect(date.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
        'Join Date must be a date (yyyy-MM-dd)',
      );
    });
  });

  describe('a date-time', () => {
    const dateTime = boundedDateTime('End date');

    it('judges the instant in UTC, as it is stored', () => {
      expect(dateTime.safeParse('2100-12-31T23:00:00Z').success).toBe(true);
      expect(dateTime.safeParse('2100-12-31T23:00:00-05:00').error?.issues[0]?.message).toBe(
        'End date must fall between the years 1990 and 2100',
      );
      expect(dateTime.safeParse('1990-01-01T03:00:00+05:00').success).toBe(false);
      expect(dateTime.safeParse('1990-01-01T00:00:00Z').success).toBe(true);
    });

    it('refuses 1989 and 2101', () => {
      expect(dateTime.safeParse('1989-06-01T00:00:00Z').success).toBe(false);
      expect(dateTime.safeParse('2101-06-01T00:00:00Z').success).toBe(false);
    });
  });
});
