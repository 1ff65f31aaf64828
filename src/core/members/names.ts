/**
 * OSRS names (RSNs) are case-insensitive and treat space, `_` and `-` as the same character. The game's
 * own lists also send a no-break space (U+00A0) in place of a space, so that counts as a separator too.
 */
const SEPARATOR_RUN = /[\s\u00a0_-]+/g;

/** The game's limit on a name's length. */
export const RSN_MAX_LENGTH = 12;

/** The comparison key of a name: lower-case, each run of separators one space, trimmed. */
export function normaliseRsn(name: string): string {
  return name.toLowerCase().replace(SEPARATOR_RUN, ' ').trim();
}

export function sameRsn(a: string, b: string): boolean {
  return normaliseRsn(a) === normaliseRsn(b);
}

/** 1 to 12 letters, digits, spaces, `_` or `-` once trimmed, with at least one letter or digit. */
export function isValidRsn(name: string): boolean {
  const trimmed = name.trim();
  return (
    trimmed.length >= 1 &&
    trimmed.length <= RSN_MAX_LENGTH &&
    /^[A-Za-z0-9 _-]+$/.test(trimmed) &&
    /[A-Za-z0-9]/.test(trimmed)
  );
}
