import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('shows a timestamp in UTC with its zone, whatever the offset it was written with', () => {
    expect(formatDateTime('2026-11-21T18:05:09.000Z')).toBe('21 Nov 2026, 18:05 UTC');
    expect(formatDateTime('2026-11-22T00:30:00+02:00')).toBe('21 Nov 2026, 22:30 UTC');
  });

  it('shows a dash for text that is not a date', () => {
    expect(formatDateTime('nonsense')).toBe('-');
  });
});
