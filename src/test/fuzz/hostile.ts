import fc from 'fast-check';

/**
 * Inputs an attacker or a broken client sends: each one has broken some server before. Strings the
 * database cannot store (NUL), that are not valid UTF-16 (lone surrogates), that render oddly
 * (direction overrides, zero width, combining marks), that look like code, numbers, ids and dates
 * out of every range (a column's integer, a double's exact integers, the years 1990 to 2100), and
 * keys that pollute prototypes.
 */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDFFFb',
  '\u202Eevil',
  'zero\u200Bwidth',
  '\uFEFFbom',
  '\uFFFF',
  'e\u0301\u0301\u0301',
  '🧙‍♂️',
  '𝕏𝕐',
  'İ',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%ZZ',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '0000-01-01',
  '1989-12-31',
  '2101-01-01T00:00:00Z',
  '2100-12-31T23:00:00-05:00',
  '1e309',
  '0x10',
  ' 1 ',
  'true',
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
];

/** Longer than any field allows, yet inside the 1 MB body limit. */
const LONG_TEXT = 'x'.repeat(100_000);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 65, maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constant(LONG_TEXT) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'a\u0000'),
  hostileString,
);

/** Any JSON value, with hostile strings and numbers at every level and arrays where objects go. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

const DEPTH = 50_000;

/**
 * Bodies that are not JSON or that stress the parser: truncated, trailing commas, single quotes,
 * nesting deep enough to overflow a recursive walker, a body over the 1 MB limit, and prototype
 * pollution that only raw JSON text can carry (`{"__proto__": …}` in a literal sets the prototype).
 */
export const RAW_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'nul',
  'NaN',
  '1e999',
  '"\\ud800"',
  '"\\u0000"',
  '{"a":1,"a":"x"}',
  '{"__proto__":{"is_admin":true}}',
  '{"constructor":{"prototype":{"is_admin":true}}}',
  `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  `"${'x'.repeat(1024 * 1024 + 1)}"`,
];

/** Adds a prototype-polluting key to a JSON object text; other texts pass unchanged. */
export function withProtoKey(json: string): string {
  return json.startsWith('{') && json !== '{}'
    ? `{"__proto__":{"is_admin":true},"constructor":{"prototype":{"x":1}},${json.slice(1)}`
    : json;
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the raw bytes a
 * careless UTF-8 encoder would produce: invalid UTF-8 that the server has to survive.
 */
export function encodeHostile(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

/** A query string that no schema expects: repeated, bracketed, undecodable and polluting keys. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '?',
    '?&&=',
    '?a',
    '?limit=1&limit=2',
    '?id=1&id=2',
    '?limit[]=1',
    '?id[a]=1',
    '?%ZZ=1',
    '?a=%ZZ',
    '?__proto__=1',
    '?__proto__[is_admin]=true',
    '?constructor[prototype][x]=1',
    `?x=${'y'.repeat(5000)}`,
  ),
  fc
    .array(fc.tuple(hostileString, hostileString), { minLength: 1, maxLength: 3 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(v)}`).join('&')}`),
);

/** A path segment no route expects, already encoded for the URL. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((text) => encodeHostile(text.slice(0, 300))) },
  { weight: 1, arbitrary: fc.constantFrom('%ZZ', '%', '.', '..', '%2e%2e', '%2F', '%252F', '1;2', '1%00') },
);

/** Content types a JSON API must refuse or survive. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/jsonx',
      '',
    ),
  },
);
