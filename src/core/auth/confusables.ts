import unhomoglyph from 'unhomoglyph';

/**
 * Latin small capitals, each to the capital it copies (as its Unicode name says). The confusables
 * table in use (UTS #39 for Unicode 13.0) maps only some of them (ᴄ ɪ ᴏ ꜱ ᴜ ᴠ ᴡ ʏ ᴢ), so `ᴀdmin`
 * would otherwise pass for a name of its own.
 */
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  ᴀ: 'A',
  ʙ: 'B',
  ᴄ: 'C',
  ᴅ: 'D',
  ᴇ: 'E',
  ꜰ: 'F',
  ɢ: 'G',
  ʜ: 'H',
  ɪ: 'I',
  ᴊ: 'J',
  ᴋ: 'K',
  ʟ: 'L',
  ᴍ: 'M',
  ɴ: 'N',
  ᴏ: 'O',
  ᴘ: 'P',
  ꞯ: 'Q',
  ʀ: 'R',
  ꜱ: 'S',
  ᴛ: 'T',
  ᴜ: 'U',
  ᴠ: 'V',
  ᴡ: 'W',
  ʏ: 'Y',
  ᴢ: 'Z',
};

/** Marks, and characters that show nothing (zero-width, bidi controls, other default ignorables). */
const MARKS_AND_INVISIBLES = /[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Separators a reader skips over: spaces, underscores, dashes. */
const SEPARATORS = /[\p{Z}\s\p{Pc}\p{Pd}]/gu;
const SMALL_CAPITAL = new RegExp(`[${Object.keys(SMALL_CAPITALS).join('')}]`, 'gu');

/** Compatibility-decomposed, with marks and invisible characters dropped: 'ádmin\u200b' is 'admin'. */
function bare(text: string): string {
  return text.normalize('NFKD').replace(MARKS_AND_INVISIBLES, '');
}

/** Each character as UTS #39's prototype of it (Cyrillic а as a, m as rn, 1 and I as l, 0 as O). */
function prototypes(text: string): string {
  return bare(unhomoglyph(text)).replace(SMALL_CAPITAL, (letter) => SMALL_CAPITALS[letter] ?? letter);
}

/**
 * What a name looks like to a reader, whatever case its owner typed it in, so two names that could
 * read the same fold to the same text. It is Unicode's confusable skeleton (UTS #39, from the
 * `unhomoglyph` package) taken twice: over the lower-case name, where Cyrillic, Greek, Armenian and
 * Cherokee letters meet the Latin ones they look like, then over that in capitals, where the
 * capitals' own look-alikes meet (U+0185 ƅ is Ƅ, which reads as b; I, l and 1 all read as l, so
 * `adm1n`, `admɪn` and `ADMIN` are `admin`). Marks, invisible characters and separators are dropped
 * too: `ád_min\u200b` is `admin`. Used only to compare names, never shown.
 */
export function confusableSkeleton(text: string): string {
  const lower = prototypes(
    bare(text)
      .replace(SMALL_CAPITAL, (letter) => SMALL_CAPITALS[letter] ?? letter)
      .toLowerCase(),
  );
  return bare(prototypes(lower.toUpperCase()).toLowerCase()).replace(SEPARATORS, '');
}
