import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { MultipartGuard, boundaryOf, type MultipartRefusal } from './multipart-guard.ts';

const part = (name: string) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nvalue\r\n`;

/** What the guard passes on when the body arrives in `size`-byte reads, and why it refused, if it did. */
async function guarded(body: string, size: number, limits = { maxParts: 2, maxBytes: 1000 }) {
  const refusals: MultipartRefusal[] = [];
  const guard = new MultipartGuard('xyz', limits, (why) => refusals.push(why));
  const reads: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) reads.push(Buffer.from(body.slice(at, at + size)));
  const passed = await text(Readable.from(reads).pipe(guard));
  return { passed, refusals };
}

describe('the multipart guard', () => {
  it('reads the boundary of a multipart type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc-123')).toBe('abc-123');
    expect(boundaryOf('multipart/form-data; charset=utf-8; Boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });

  it('passes a form of the parts allowed whole, however it is split', async () => {
    const form = `${part('payload_json')}${part('file')}--xyz--\r\n`;
    for (const size of [1, 3, 7, form.length]) {
      expect(await guarded(form, size)).toEqual({ passed: form, refusals: [] });
    }
  });

  it('stops at the delimiter past the allowed parts and the closing one, even split over two reads', async () => {
    // A delimiter may be the closing one: the parser's own parts limit refuses a third part.
    const allowed = `${part('payload_json')}${part('file')}${part('a')}`;
    const form = `${allowed}${part('b')}${part('c')}--xyz--\r\n`;
    for (const size of [1, 5, 64, form.length]) {
      const { passed, refusals } = await guarded(form, size);
      expect(refusals).toEqual(['parts']);
      // Up to the line break that opens the next delimiter, or the start of it a read had passed.
      expect(passed.startsWith(allowed.slice(0, -2))).toBe(true);
      expect(passed.length).toBeLessThan(allowed.length - 2 + '\r\n--xyz'.length);
    }
  });

  it('stops a body past its size, whatever its parts', async () => {
    const { passed, refusals } = await guarded(`${'x'.repeat(2000)}${part('payload_json')}`, 100);
    expect(refusals).toEqual(['size']);
    expect(passed).toHaveLength(1000);
  });
});
