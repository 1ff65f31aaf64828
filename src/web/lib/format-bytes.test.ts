import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1,023 bytes'],
    [1024, '1 KB'],
    [8 * 1024 * 1024, '8 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [3 * 1024 ** 4, '3 TB'],
    [2048 * 1024 ** 4, '2,048 TB'],
  ])('shows %d bytes as %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});
