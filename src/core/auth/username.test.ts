import { describe, expect, it } from 'vitest';
import { normaliseUsername } from './username.ts';

describe('normaliseUsername', () => {
  it('trims surrounding space and lower-cases', () => {
    expect(normaliseUsername('  Zezima ')).toBe('zezima');
  });

  it('keeps inner characters as typed', () => {
    expect(normaliseUsername('Iron Man_2')).toBe('iron man_2');
  });
});
