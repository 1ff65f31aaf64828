import { describe, expect, it } from 'vitest';
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  encodeClaimCode,
  formatClaimCode,
  normaliseClaimCode,
} from './claim-code.ts';

describe('encodeClaimCode', () => {
  it('writes 10 bytes as 16 characters of 5 bits each, most significant first', () => {
    expect(encodeClaimCode(new Uint8Array(10))).toBe('0000000000000000');
    expect(encodeClaimCode(new Uint8Array(10).fill(0xff))).toBe('ZZZZZZZZZZZZZZZZ');
    const bytes = (...values: number[]) => Uint8Array.from(values);
    expect(encodeClaimCode(bytes(0x00, 0x44, 0x32, 0x14, 0xc7, 0x42, 0x54, 0xb6, 0x35, 0xcf))).toBe(
      '0123456789ABCDEF',
    );
    expect(encodeClaimCode(bytes(0x84, 0x65, 0x3a, 0x56, 0xd7, 0xc6, 0x75, 0xbe, 0x77, 0xdf))).toBe(
      'GHJKMNPQRSTVWXYZ',
    );
  });

  it('uses only the Crockford alphabet, never I, L, O or U', () => {
    const code = encodeClaimCode(
      Uint8Array.from([0xde, 0xad, 0xbe, 0xef, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab]),
    );
    expect(code).toMatch(new RegExp(`^[${CLAIM_CODE_ALPHABET}]{${CLAIM_CODE_LENGTH}}$`));
    expect(CLAIM_CODE_ALPHABET).toHaveLength(32);
    expect(CLAIM_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('refuses any number of bytes but ten', () => {
    expect(() => encodeClaimCode(new Uint8Array(9))).toThrow(RangeError);
  });
});

describe('normaliseClaimCode', () => {
  it('drops surrounding space, the dashes and spaces between groups, and lower case', () => {
    expect(normaliseClaimCode('  abcd-efgh jkmn - pqrs \n')).toBe('ABCDEFGHJKMNPQRS');
  });

  it('leaves nothing of a code made of dashes and spaces', () => {
    expect(normaliseClaimCode(' - - ')).toBe('');
  });
});

describe('formatClaimCode', () => {
  it('shows a code in groups of four joined by dashes', () => {
    expect(formatClaimCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });

  it('reads back as the code it was formatted from', () => {
    expect(normaliseClaimCode(formatClaimCode('0123456789ABCDEF'))).toBe('0123456789ABCDEF');
  });
});
