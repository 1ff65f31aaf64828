import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate } from './text.ts';

describe('hasLoneSurrogate', () => {
  it('finds a high or low surrogate on its own, anywhere in the text', () => {
    for (const text of ['\uD800', 'a\uDFFFb', 'end\uDBFF', '\uDC00start', '\uDE00\uD83D']) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('passes well-formed text, emoji and other astral characters included', () => {
    for (const text of ['', 'Zezima', '🧙‍♂️', '𝕏𝕐', '\uFFFD', '\uFFFF', 'e\u0301']) {
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('agrees with String.prototype.isWellFormed where the runtime has it', () => {
    const isWellFormed = (text: string): boolean =>
      (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed?.call(text) ??
      !hasLoneSurrogate(text);
    for (const text of ['\uD800', 'a\uD83D\uDE00b', '\uDE00\uD83D', 'plain']) {
      expect(hasLoneSurrogate(text)).toBe(!isWellFormed(text));
    }
  });
});
