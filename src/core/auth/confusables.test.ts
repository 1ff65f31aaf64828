import { describe, expect, it } from 'vitest';
import { confusableSkeleton } from './confusables.ts';

describe('confusableSkeleton', () => {
  it('folds case, separators and invisible characters away', () => {
    for (const name of [
      'admin',
      'Admin',
      'ADMIN',
      'ad min',
      'ad_min',
      'ad-min',
      'admin\u200b',
      '\u202eadmin',
    ]) {
      expect(confusableSkeleton(name), JSON.stringify(name)).toBe('admin');
    }
  });

  it('strips accents and other combining marks', () => {
    expect(confusableSkeleton('ádmîn')).toBe('admin');
    expect(confusableSkeleton('a\u0301\u0301dmin')).toBe('admin');
  });

  it('folds compatibility forms: full-width letters, ligatures, circled digits', () => {
    expect(confusableSkeleton('ａｄｍｉｎ')).toBe('admin');
    expect(confusableSkeleton('ﬁsh')).toBe('fish');
    expect(confusableSkeleton('ⓐdmin')).toBe('admin');
  });

  it('maps Cyrillic letters that look Latin to the Latin letter', () => {
    expect(confusableSkeleton('\u0430dmin')).toBe('admin');
    expect(confusableSkeleton('\u0441\u0435\u043e\u0440\u0445\u0443\u0456\u0458\u0455\u0501')).toBe(
      'ceopxyijsd',
    );
    expect(confusableSkeleton('\u0410DMIN')).toBe('admin');
  });

  it('maps Greek and Latin-extension look-alikes', () => {
    expect(confusableSkeleton('\u03b1\u03bf\u03bd\u03b9\u03ba\u03c1')).toBe('aovikp');
    expect(confusableSkeleton('\u0261\u0131')).toBe('gi');
  });

  it('reads 0 as o, and 1 and | as l', () => {
    expect(confusableSkeleton('b0b')).toBe('bob');
    for (const name of ['1ynx', '|ynx', 'lynx', 'Lynx']) expect(confusableSkeleton(name)).toBe('lynx');
  });

  it('reads rn as m and vv as w, also across a separator', () => {
    expect(confusableSkeleton('adrnin')).toBe('admin');
    expect(confusableSkeleton('ad r_n in')).toBe('admin');
    expect(confusableSkeleton('vvise')).toBe('wise');
    expect(confusableSkeleton('\u03bd\u03bdise')).toBe('wise');
  });

  it('keeps names that only share letters apart', () => {
    expect(confusableSkeleton('zezima')).not.toBe(confusableSkeleton('zezirna1'));
    expect(confusableSkeleton('admin2')).not.toBe(confusableSkeleton('admin'));
    expect(confusableSkeleton('iron man')).toBe('ironman');
  });
});
