import { describe, expect, it } from 'vitest';
import {
  isResetLinkUsable,
  PASSWORD_RESET_TTL_MS,
  resetLinkExpiry,
  resetLinkPath,
} from './password-reset.ts';

describe('resetLinkPath', () => {
  it('points at the reset page with the token as its query', () => {
    expect(resetLinkPath('abc-_123')).toBe('/reset-password?token=abc-_123');
  });
});

describe('resetLinkExpiry', () => {
  it('is 24 hours after the link was made', () => {
    expect(PASSWORD_RESET_TTL_MS).toBe(24 * 60 * 60 * 1000);
    expect(resetLinkExpiry(new Date('2026-11-21T12:00:00.000Z')).toISOString()).toBe(
      '2026-11-22T12:00:00.000Z',
    );
  });
});

describe('isResetLinkUsable', () => {
  const link = { expires_at: '2026-11-22T12:00:00.000Z', used_at: null };

  it('accepts an unused link before it expires', () => {
    expect(isResetLinkUsable(link, new Date('2026-11-22T11:59:59.999Z'))).toBe(true);
  });

  it('refuses a link at or after its expiry', () => {
    expect(isResetLinkUsable(link, new Date('2026-11-22T12:00:00.000Z'))).toBe(false);
  });

  it('refuses a link that was used', () => {
    const used = { ...link, used_at: '2026-11-21T13:00:00.000Z' };
    expect(isResetLinkUsable(used, new Date('2026-11-21T14:00:00.000Z'))).toBe(false);
  });
});
