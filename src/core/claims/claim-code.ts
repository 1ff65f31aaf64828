/** Crockford's base32: digits and letters without I, L, O and U, so no two characters look alike. */
export const CLAIM_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 random bits: 16 characters of 5 bits, too many to guess within the redeem limit. */
export const CLAIM_CODE_BYTES = 10;
export const CLAIM_CODE_LENGTH = 16;

const GROUP_LENGTH = 4;
const BITS_PER_CHARACTER = 5;

/** Turns the random bytes into a code's 16 characters, most significant bits first. */
export function encodeClaimCode(bytes: Uint8Array): string {
  if (bytes.length !== CLAIM_CODE_BYTES) {
    throw new RangeError(`a claim code takes ${CLAIM_CODE_BYTES} bytes, not ${bytes.length}`);
  }
  let code = '';
  let buffered = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffered = (buffered << 8) | byte;
    bits += 8;
    while (bits >= BITS_PER_CHARACTER) {
      bits -= BITS_PER_CHARACTER;
      code += CLAIM_CODE_ALPHABET[(buffered >> bits) & 0b11111];
    }
    // Only the bits not yet written are kept, so the buffer never outgrows 32-bit arithmetic.
    buffered &= (1 << bits) - 1;
  }
  return code;
}

/**
 * A code as typed: surrounding space, the dashes and spaces between groups and lower case are
 * dropped, so a code read aloud or retyped still matches the stored one.
 */
export function normaliseClaimCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

/** A stored code as people read it: groups of four joined by dashes (`ABCD-EFGH-JKMN-PQRS`). */
export function formatClaimCode(code: string): string {
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += GROUP_LENGTH) {
    groups.push(code.slice(start, start + GROUP_LENGTH));
  }
  return groups.join('-');
}
