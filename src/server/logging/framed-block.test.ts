import { describe, expect, it } from 'vitest';
import { framedBlock } from './framed-block.ts';

describe('framedBlock', () => {
  it('draws a box as wide as the longest line, padding the shorter ones', () => {
    expect(framedBlock(['Username: admin', 'Password: s3cret-pass'])).toBe(
      [
        '┌───────────────────────┐',
        '│ Username: admin       │',
        '│ Password: s3cret-pass │',
        '└───────────────────────┘',
      ].join('\n'),
    );
  });
});
