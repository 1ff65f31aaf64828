import { describe, expect, it } from 'vitest';
import { siteIconFor } from './site-icon.ts';

describe('siteIconFor', () => {
  it('shows the pumpkin for every day of October', () => {
    expect(siteIconFor(new Date('2026-10-01T00:00:00Z'))).toBe('pumpkin');
    expect(siteIconFor(new Date('2026-10-31T23:59:59Z'))).toBe('pumpkin');
  });

  it('shows the hat in December', () => {
    expect(siteIconFor(new Date('2026-12-15T12:00:00Z'))).toBe('hat');
  });

  it('shows the default icon in the other months, judged in UTC', () => {
    expect(siteIconFor(new Date('2026-09-30T23:59:59Z'))).toBe('default');
    expect(siteIconFor(new Date('2026-11-01T00:00:00Z'))).toBe('default');
    expect(siteIconFor(new Date('2027-01-01T00:00:00Z'))).toBe('default');
  });
});
