import { describe, expect, it } from 'vitest';
import { metricDisplayName } from './metric-names.ts';

describe('metricDisplayName', () => {
  it("uses WOM's name for a known metric and title case for anything else", () => {
    expect(metricDisplayName('clue_scrolls_all')).toBe('Clue Scrolls (All)');
    expect(metricDisplayName('tzkal_zuk')).toBe('TzKal-Zuk');
    expect(metricDisplayName('barbarian_assault')).toBe('Barbarian Assault');
  });
});
