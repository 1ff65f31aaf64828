import { describe, expect, it } from 'vitest';
import { confusableSkeleton } from './confusables.ts';

/** Whether two names fold to one skeleton: to a reader, the same name. */
const same = (a: string, b: string) => confusableSkeleton(a) === confusableSkeleton(b);

describe('confusableSkeleton', () => {
  it('folds case, separators and invisible characters away', () => {
    for (const name of ['Admin', 'ADMIN', 'ad min', 'ad_min', 'ad-min', 'admin\u200b', '\u202eadmin']) {
      expect(same(name, 'admin'), JSON.stringify(name)).toBe(true);
    }
  });

  it('strips accents and other combining marks', () => {
    expect(same('ádmîn', 'admin')).toBe(true);
    expect(same('a\u0301\u0301dmin', 'admin')).toBe(true);
  });

  it('folds compatibility forms: full-width letters, ligatures, circled letters', () => {
    expect(same('ａｄｍｉｎ', 'admin')).toBe(true);
    expect(same('ﬁsh', 'fish')).toBe(true);
    expect(same('ⓐdmin', 'admin')).toBe(true);
  });

  it('reads small capitals, U+0185 and a small-capital look-alike as the Latin letters they copy', () => {
    for (const name of ['ᴀdmin', 'admɪn', 'ᴀᴅᴍɪɴ']) expect(same(name, 'admin'), name).toBe(true);
    for (const name of ['bᴏss', 'ƅoss', 'ʙoss']) expect(same(name, 'boss'), name).toBe(true);
  });

  it('maps Cyrillic, Greek, Armenian and Cherokee look-alikes with Unicode data', () => {
    expect(same('\u0430dmin', 'admin')).toBe(true); // Cyrillic а
    expect(same('\u0410DMIN', 'admin')).toBe(true); // Cyrillic А
    expect(same('\u0441\u0435\u043e\u0440\u0445\u0443\u0455', 'ceopxys')).toBe(true);
    expect(same('\u03b1\u03bf\u03bd\u03b9\u03c1', 'aovip')).toBe(true); // Greek
    expect(same('b\u0585ss', 'boss')).toBe(true); // Armenian օ
    expect(same('\u0570ello', 'hello')).toBe(true); // Armenian հ
    expect(same('s\u057dn', 'sun')).toBe(true); // Armenian ս
    expect(same('\u13aadmin', 'admin')).toBe(true); // Cherokee Ꭺ
    expect(same('\uab7admin', 'admin')).toBe(true); // Cherokee small ꭺ
    expect(same('\u13cfoss', 'boss')).toBe(true); // Cherokee Ꮟ
    expect(same('\u13f4oss', 'boss')).toBe(true); // Cherokee Ᏼ
    expect(same('\u0261\u0131', 'gi')).toBe(true); // Latin ɡ, dotless ı
  });

  it('reads digits as the letters they pass for: adm1n like b0ss', () => {
    expect(same('b0ss', 'boss')).toBe(true);
    expect(same('adm1n', 'admin')).toBe(true);
  });

  it('reads I, l, 1 and | alike in any case: a name keeps the case it was typed in', () => {
    for (const name of ['1ynx', '|ynx', 'Iynx', 'iynx', 'LYNX']) expect(same(name, 'lynx'), name).toBe(true);
    expect(same('Ian', 'lan')).toBe(true);
  });

  it('reads rn as m, as Unicode does', () => {
    expect(same('adrnin', 'admin')).toBe(true);
    expect(same('ad r_n in', 'admin')).toBe(true);
    expect(same('zezirna', 'zezima')).toBe(true);
  });

  it('keeps names that only share letters apart, in any script', () => {
    const pairs: Array<[string, string]> = [
      ['admin2', 'admin'],
      ['Dean', 'Clean'],
      ['Bob', 'Rob'],
      ['Mike', 'Nike'],
      ['Olaf', 'Olga'],
      ['Ivan', 'Иван'],
      ['Zezima', 'Zezima1'],
      ['東京', '京都'],
    ];
    for (const [a, b] of pairs) expect(same(a, b), `${a} / ${b}`).toBe(false);
    expect(same('iron man', 'ironman')).toBe(true);
  });
});
