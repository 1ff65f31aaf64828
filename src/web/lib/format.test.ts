import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMillions, formatNumber, formatShortDate } from './format.ts';

describe('format', () => {
  it('groups thousands', () => {
    expect(formatNumber(13034431)).toBe('13,034,431');
    expect(formatNumber(0)).toBe('0');
  });

  it('shows XP in millions with one decimal', () => {
    expect(formatMillions(84_528_862)).toBe('84.5M');
    expect(formatMillions(0)).toBe('0.0M');
  });

  it('shows calendar dates without a time zone shift', () => {
    expect(formatLongDate('2022-04-23')).toBe('23 April 2022');
    expect(formatLongDate('2026-01-01T00:30:00.000Z')).toBe('1 January 2026');
    expect(formatLongDate('nonsense')).toBe('-');
    expect(formatShortDate('2026-11-21T23:59:00.000Z')).toBe('21 Nov 2026');
  });
});
