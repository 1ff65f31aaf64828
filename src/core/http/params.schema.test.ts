import { describe, expect, it } from 'vitest';
import { MAX_SERIAL_ID, serialIdSchema, womPlayerIdSchema } from './params.schema.ts';

describe('serialIdSchema', () => {
  it('reads a path id as a number, up to the largest PostgreSQL integer', () => {
    expect(serialIdSchema.parse('1')).toBe(1);
    expect(serialIdSchema.parse('2147483647')).toBe(MAX_SERIAL_ID);
  });

  it.each(['0', '-1', '2147483648', '99999999999', '1e3', '0x10', ' 7', '1.5', '', 'abc', '007'])(
    'rejects %j',
    (id) => {
      expect(serialIdSchema.safeParse(id).success).toBe(false);
    },
  );
});

describe('womPlayerIdSchema', () => {
  it('keeps a WOM player id as text, trimmed', () => {
    expect(womPlayerIdSchema.parse(' 12345 ')).toBe('12345');
    expect(womPlayerIdSchema.parse('2147483647')).toBe('2147483647');
  });

  it.each(['0', '2147483648', '9'.repeat(40), 'abc', '-5', '1\u00002'])('rejects %j', (id) => {
    expect(womPlayerIdSchema.safeParse(id).success).toBe(false);
  });
});
