import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIpAddress, parseIpAddress } from './ip-address.ts';

const canonical = (text: string) => {
  const address = parseIpAddress(text);
  return address && formatIpAddress(address);
};

const octet = fc.integer({ min: 0, max: 255 });
const hextet = fc.integer({ min: 0, max: 0xffff });
const port = fc.integer({ min: 0, max: 65535 });

/** One octet as a proxy may write it: with up to two leading zeros. */
const writtenOctet = fc
  .tuple(octet, fc.nat({ max: 2 }))
  .map(([value, zeros]) => String(value).padStart(Math.min(3, String(value).length + zeros), '0'));

/** Eight hextets, some zero so that `::` has runs to shorten, none of them an IPv4-mapped address. */
const ipv6Hextets = fc
  .array(fc.oneof(hextet, fc.constant(0)), { minLength: 8, maxLength: 8 })
  .filter((hextets) => !(hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff));

/** Each hextet in either case, with or without its leading zeros. */
const writtenIpv6 = fc
  .tuple(ipv6Hextets, fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }))
  .map(([hextets, choices]) => ({
    hextets,
    text: hextets
      .map((h, i) => {
        const text = h.toString(16).padStart(choices[i]! ? 4 : 1, '0');
        return choices[i + 8] ? text.toUpperCase() : text;
      })
      .join(':'),
  }));

/** The address as the WHATWG URL parser writes it: RFC 5952, an independent implementation. */
const urlForm = (hextets: number[]) =>
  new URL(`http://[${hextets.map((h) => h.toString(16)).join(':')}]/`).hostname.slice(1, -1);

describe('parseIpAddress and formatIpAddress', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    ['1.2.3.4:5678', '1.2.3.4'],
    ['001.002.003.004', '1.2.3.4'],
    ['  203.0.113.7 ', '203.0.113.7'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:0102:0304', '1.2.3.4'],
    ['[::ffff:1.2.3.4]:80', '1.2.3.4'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8::1:0:0:0:1', '2001:db8:0:1::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::', '::'],
    ['1::', '1::'],
    ['64:ff9b::1.2.3.4', '64:ff9b::102:304'],
  ])('reads %s as %s', (text, address) => {
    expect(canonical(text)).toBe(address);
  });

  it.each([
    '',
    'unknown',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '1.2.3.4:',
    '1.2.3.4:123456',
    '0001.2.3.4',
    '1:2:3',
    '1::2::3',
    'zz::1',
    '12345::1',
    '1:2:3:4::5:6:7:8',
    '[1.2.3.4]',
    '[::1',
    '::1]:80',
    '::ffff:1.2.3.256',
    'fe80::1%',
    '_gateway',
  ])('reads %j as no address', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });

  it('reads every way of writing an IPv4 address, with or without a port, as the one address', () => {
    fc.assert(
      fc.property(fc.array(octet, { minLength: 4, maxLength: 4 }), port, (octets, p) => {
        const plain = octets.join('.');
        const padded = octets.map((value) => String(value).padStart(3, '0')).join('.');
        for (const text of [
          plain,
          padded,
          `${plain}:${p}`,
          `${padded}:${p}`,
          `::ffff:${plain}`,
          `[::ffff:${plain}]:${p}`,
        ]) {
          expect(canonical(text), text).toBe(plain);
        }
      }),
    );
  });

  it('reads an octet with leading zeros as its decimal value', () => {
    fc.assert(
      fc.property(fc.array(writtenOctet, { minLength: 4, maxLength: 4 }), (written) => {
        expect(canonical(written.join('.'))).toBe(written.map(Number).join('.'));
      }),
    );
  });

  it('writes every IPv6 address as RFC 5952 does, whatever its case, padding, brackets and port', () => {
    fc.assert(
      fc.property(writtenIpv6, port, ({ hextets, text: full }, p) => {
        const expected = urlForm(hextets);
        for (const text of [full, expected, `[${full}]`, `[${expected}]:${p}`, `[${full}]:${p}`]) {
          expect(canonical(text), text).toBe(expected);
        }
      }),
    );
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = canonical(text);
        if (once !== null) expect(canonical(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(ipv6Hextets, (hextets) => {
        const written = formatIpAddress({ version: 6, hextets });
        expect(parseIpAddress(written)).toEqual({ version: 6, hextets });
      }),
    );
  });
});
