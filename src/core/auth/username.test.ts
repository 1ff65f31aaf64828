import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './auth.schema.ts';
import {
  isReservedUsername,
  normaliseUsername,
  usernameKey,
  usernameLookupNames,
  usernameProblem,
} from './username.ts';

describe('normaliseUsername', () => {
  it('trims surrounding space and keeps the case it was typed in', () => {
    expect(normaliseUsername('  ZeZima ')).toBe('ZeZima');
  });

  it('keeps inner characters as typed', () => {
    expect(normaliseUsername('Iron Man_2')).toBe('Iron Man_2');
  });

  it('puts full-width letters, ligatures and no-break spaces in their plain form', () => {
    expect(normaliseUsername('ＺＥＺＩＭＡ')).toBe('ZEZIMA');
    expect(normaliseUsername('ﬁsh\u00a0cake')).toBe('fish cake');
  });
});

describe('usernameKey', () => {
  it('gives every casing of a name one key', () => {
    for (const name of ['ZeZima', ' zezima', 'ZEZIMA', 'ＺＥＺＩＭＡ'])
      expect(usernameKey(name)).toBe('zezima');
  });
});

describe('usernameLookupNames', () => {
  it('tries the name as older accounts were stored first, then its NFKC form', () => {
    expect(usernameLookupNames(' ＺＥＺＩＭＡ ')).toEqual(['ｚｅｚｉｍａ', 'zezima']);
    expect(usernameLookupNames('Admin\u200b')).toEqual(['admin\u200b']);
  });
});

describe('usernameProblem', () => {
  it('accepts letters of any script, digits, space, _ and -', () => {
    for (const name of ['zezima', 'iron man_2', 'b-team', 'josé', 'ἀχιλλεύς', 'пётр', '山田', 'कृष्ण']) {
      expect(usernameProblem(name), name).toBeNull();
    }
  });

  it('refuses zero-width, bidi, control characters and markup', () => {
    for (const name of [
      'admin\u200b',
      '\u202enimda',
      'a\u2066b',
      'tab\there',
      'line\nbreak',
      '<b>x</b>',
      'a.b',
      "o'neil",
    ]) {
      expect(usernameProblem(name), JSON.stringify(name)).toBe(ACCOUNT_MESSAGES.usernameCharacters);
    }
  });

  it('allows two combining marks on a letter, not a stack of them nor one on a digit', () => {
    expect(usernameProblem('a\u0301\u0323b')).toBeNull();
    expect(usernameProblem('a\u0301\u0301\u0301b')).toBe(ACCOUNT_MESSAGES.usernameCharacters);
    expect(usernameProblem('1\u0301')).toBe(ACCOUNT_MESSAGES.usernameCharacters);
  });

  it('wants a letter or digit, and at most 32 characters', () => {
    expect(usernameProblem('')).toBe(ACCOUNT_MESSAGES.usernameRequired);
    expect(usernameProblem('_-_')).toBe(ACCOUNT_MESSAGES.usernameNeedsLetterOrDigit);
    expect(usernameProblem('a'.repeat(32))).toBeNull();
    expect(usernameProblem('a'.repeat(33))).toBe(ACCOUNT_MESSAGES.usernameTooLong);
  });
});

describe('isReservedUsername', () => {
  it('refuses the reserved names and their look-alikes to registration', () => {
    for (const name of [
      'admin',
      'administrator',
      'moderator',
      'system',
      '\u0430dmin',
      'adrnin',
      'ad_min',
      'm0derat0r',
    ]) {
      expect(isReservedUsername(name, 'register'), name).toBe(true);
    }
  });

  it('lets the shell create a reserved word as spelled, in any case, but none of its look-alikes', () => {
    expect(isReservedUsername('admin', 'shell')).toBe(false);
    expect(isReservedUsername('Admin', 'shell')).toBe(false);
    expect(isReservedUsername('adm1n', 'shell')).toBe(true);
    expect(isReservedUsername('\u0430dmin', 'shell')).toBe(true);
    expect(isReservedUsername('ad_min', 'shell')).toBe(true);
  });

  it('leaves other names alone', () => {
    expect(isReservedUsername('admins', 'register')).toBe(false);
    expect(isReservedUsername('sy5tem', 'register')).toBe(false);
    expect(isReservedUsername('zezima', 'register')).toBe(false);
  });
});
