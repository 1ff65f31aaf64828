import { describe, expect, it } from 'vitest';
import { defaultExpiryValue, expiryIso } from './expiry-input.ts';

describe('claim code expiry input', () => {
  it('starts 7 days from now, in UTC', () => {
    expect(defaultExpiryValue(new Date('2026-11-24T21:30:45.000Z'))).toBe('2026-12-01T21:30');
  });

  it('sends the input read as UTC, and nothing when blank', () => {
    expect(expiryIso('2026-12-01T21:30')).toBe('2026-12-01T21:30:00.000Z');
    expect(expiryIso('  ')).toBeNull();
  });
});
