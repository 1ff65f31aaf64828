/**
 * Letters from other scripts (and digits) that read as a Latin letter in a lower-case username, in
 * the spirit of Unicode's confusables (UTS #39) but kept to the look-alikes that matter for names a
 * clan reads: Cyrillic, Greek, Armenian and a few Latin extensions. Accented forms need no entry:
 * the skeleton strips marks first, so 'ё' is 'е' is 'e'.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  ԝ: 'w',
  х: 'x',
  у: 'y',
  // Greek
  α: 'a',
  ϲ: 'c',
  γ: 'y',
  η: 'n',
  ι: 'i',
  ϳ: 'j',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  χ: 'x',
  // Armenian
  հ: 'h',
  ո: 'n',
  օ: 'o',
  ս: 'u',
  // Latin extensions
  ɑ: 'a',
  ɡ: 'g',
  ı: 'i',
  ɩ: 'i',
  ȷ: 'j',
  // Digits and strokes that pass for letters. A capital I is not here: names are shown lower-case,
  // so it reads as the i it becomes.
  '0': 'o',
  '1': 'l',
  '|': 'l',
};

/** Letter pairs that read as one letter; applied after the single letters above. */
const LOOK_ALIKE_PAIRS: ReadonlyArray<readonly [RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/** Marks, and characters that show nothing (zero-width, bidi controls, other default ignorables). */
const MARKS_AND_INVISIBLES = /[\p{M}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Separators a reader skips over: spaces, underscores, dashes. */
const SEPARATORS = /[\p{Z}\s\p{Pc}\p{Pd}]/gu;

function foldCharacter(character: string): string {
  const lower = character.toLowerCase();
  return LOOK_ALIKES[lower] ?? lower;
}

/**
 * What a name looks like to a reader, so two names that read the same fold to the same text:
 * compatibility-decomposed, marks and invisible characters dropped, lower-cased, look-alikes mapped
 * to one Latin letter, separators removed. `аdmin` (Cyrillic а), `Admin`, `ad_min`, `adrnin` and
 * `admin\u200b` all fold to `admin`. Used only to compare names, never shown.
 */
export function confusableSkeleton(text: string): string {
  const letters = text.normalize('NFKD').replace(MARKS_AND_INVISIBLES, '');
  let folded = Array.from(letters, foldCharacter).join('').replace(SEPARATORS, '');
  for (const [pair, single] of LOOK_ALIKE_PAIRS) folded = folded.replace(pair, single);
  return folded;
}
