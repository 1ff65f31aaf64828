import { describe, expect, it } from 'vitest';
import { siteIconUrl } from './use-site-icon.ts';

describe('siteIconUrl', () => {
  it('points at the pumpkin in October, the hat in December and the default otherwise', () => {
    expect(siteIconUrl(new Date('2026-10-15T12:00:00Z'))).toBe('/icons/pumpkin.svg');
    expect(siteIconUrl(new Date('2026-12-15T12:00:00Z'))).toBe('/icons/hat.svg');
    expect(siteIconUrl(new Date('2026-11-15T12:00:00Z'))).toBe('/icons/default.svg');
  });
});
