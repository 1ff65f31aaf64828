/**
 * A UTF-16 surrogate with no partner: text no UTF-8 database can hold. SQLite stores it as U+FFFD
 * and PostgreSQL refuses it, so input holding one is refused before either sees it. With the `u`
 * flag a paired surrogate is one code point and does not match.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** True for text that is not well-formed Unicode (`String.prototype.isWellFormed`, before ES2024). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
