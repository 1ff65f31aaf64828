import { describe, expect, it } from 'vitest';
import { isValidRsn, normaliseRsn, sameRsn } from './names.ts';

describe('normaliseRsn', () => {
  it('lower-cases the name', () => {
    expect(normaliseRsn('Zezima')).toBe('zezima');
  });

  it('treats space, underscore and hyphen as one separator', () => {
    expect(normaliseRsn('Iron_Man')).toBe('iron man');
    expect(normaliseRsn('Iron-Man')).toBe('iron man');
    expect(normaliseRsn('Iron Man')).toBe('iron man');
  });

  it('collapses a run of mixed separators into one space', () => {
    expect(normaliseRsn('Iron _-Man')).toBe('iron man');
  });

  it('reads the no-break space the game sends as a separator', () => {
    expect(normaliseRsn('Iron\u00a0Man')).toBe('iron man');
  });

  it('drops leading and trailing separators', () => {
    expect(normaliseRsn('  _Lynx Titan- ')).toBe('lynx titan');
  });

  it('keeps digits and an empty name empty', () => {
    expect(normaliseRsn('B0aty 2')).toBe('b0aty 2');
    expect(normaliseRsn('')).toBe('');
  });
});

describe('sameRsn', () => {
  it('matches names that differ only in case and separators', () => {
    expect(sameRsn('Lynx Titan', 'lynx_titan')).toBe(true);
    expect(sameRsn('LYNX-TITAN', ' lynx titan ')).toBe(true);
  });

  it('does not match a name that merely contains the other', () => {
    expect(sameRsn('Lynx Titan', 'Lynx Titan2')).toBe(false);
    expect(sameRsn('Lynx', 'Lynx Titan')).toBe(false);
  });

  it('does not match names whose separators split different words', () => {
    expect(sameRsn('LynxTitan', 'Lynx Titan')).toBe(false);
  });
});

describe('isValidRsn', () => {
  it('accepts 1 to 12 letters, digits, spaces, underscores and hyphens', () => {
    expect(isValidRsn('a')).toBe(true);
    expect(isValidRsn('Zezima')).toBe(true);
    expect(isValidRsn('Iron_Man-99')).toBe(true);
    expect(isValidRsn('abcdefghijkl')).toBe(true);
    expect(isValidRsn('123')).toBe(true);
  });

  it('judges the length after trimming', () => {
    expect(isValidRsn('  abcdefghijkl  ')).toBe(true);
  });

  it('rejects names longer than 12 characters', () => {
    expect(isValidRsn('abcdefghijklm')).toBe(false);
  });

  it('rejects empty and blank names', () => {
    expect(isValidRsn('')).toBe(false);
    expect(isValidRsn('   ')).toBe(false);
  });

  it('rejects names made only of separators', () => {
    expect(isValidRsn('__-')).toBe(false);
  });

  it('rejects other characters', () => {
    expect(isValidRsn('Zezima!')).toBe(false);
    expect(isValidRsn('Zé')).toBe(false);
    expect(isValidRsn('a.b')).toBe(false);
    expect(isValidRsn('tab\tname')).toBe(false);
  });
});
