import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './accept-encoding.ts';

describe('preferredEncoding', () => {
  it('prefers brotli when a browser accepts both', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
  });

  it('falls back to gzip when brotli is not offered', () => {
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
  });

  it('sends the plain bytes without the header or with nothing we keep', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('deflate, identity')).toBeNull();
  });

  it('never picks an encoding refused with q=0', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*;q=0')).toBeNull();
  });

  it('follows the weights the client gives', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('gzip;q=0.2, *;q=0.1')).toBe('gzip');
  });
});
