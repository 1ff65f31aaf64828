import { describe, expect, it } from 'vitest';
import { CLAIM_CODE_EXPIRY_IN_PAST, isClaimCodeExpired, planClaimCodeExpiry } from './claim-code-expiry.ts';

const NOW = new Date('2026-11-21T12:00:00.000Z');

describe('planClaimCodeExpiry', () => {
  it('lets a code run 7 days when the admin picks no time', () => {
    expect(planClaimCodeExpiry(NOW, undefined)).toEqual({ expires_at: '2026-11-28T12:00:00.000Z' });
    expect(planClaimCodeExpiry(NOW, null)).toEqual({ expires_at: '2026-11-28T12:00:00.000Z' });
  });

  it("keeps the admin's time as a UTC instant", () => {
    expect(planClaimCodeExpiry(NOW, '2026-12-01T10:00:00+02:00')).toEqual({
      expires_at: '2026-12-01T08:00:00.000Z',
    });
  });

  it('refuses a time that has already come', () => {
    expect(planClaimCodeExpiry(NOW, '2026-11-21T12:00:00Z')).toEqual({ problem: CLAIM_CODE_EXPIRY_IN_PAST });
    expect(planClaimCodeExpiry(NOW, '2026-11-20T12:00:00Z')).toEqual({ problem: CLAIM_CODE_EXPIRY_IN_PAST });
  });
});

describe('isClaimCodeExpired', () => {
  it('expires a code at its expiry time exactly, not a moment before', () => {
    expect(isClaimCodeExpired('2026-11-21T12:00:00.001Z', NOW)).toBe(false);
    expect(isClaimCodeExpired('2026-11-21T12:00:00.000Z', NOW)).toBe(true);
  });

  it('never expires a code without an expiry', () => {
    expect(isClaimCodeExpired(null, NOW)).toBe(false);
  });
});
