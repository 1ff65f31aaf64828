import { describe, expect, it } from 'vitest';
import type { ClaimCode } from '#core/claims/claims.schema.ts';
import { claimCodeStatus } from './claim-code-status.ts';

const now = new Date('2026-11-24T12:00:00.000Z');

function code(overrides: Partial<ClaimCode>): ClaimCode {
  return {
    id: 1,
    code: 'ABCD-EFGH-JKMN-PQRS',
    wom_id: '1',
    member_name: 'Zezima',
    is_claimed: false,
    expires_at: '2026-12-01T12:00:00.000Z',
    created_at: '2026-11-24T12:00:00.000Z',
    claimed_by: null,
    claimed_at: null,
    ...overrides,
  };
}

describe('claimCodeStatus', () => {
  it('calls a code nobody used before its expiry Unused', () => {
    expect(claimCodeStatus(code({}), now)).toBe('Unused');
    expect(claimCodeStatus(code({ expires_at: null }), now)).toBe('Unused');
  });

  it('calls an unused code Expired from its expiry on', () => {
    expect(claimCodeStatus(code({ expires_at: '2026-11-24T12:00:00.000Z' }), now)).toBe('Expired');
  });

  it('names who used a code, even after its expiry', () => {
    const used = code({ is_claimed: true, claimed_by: 'zezima', expires_at: '2026-11-01T00:00:00.000Z' });
    expect(claimCodeStatus(used, now)).toBe('Used by zezima');
    expect(claimCodeStatus({ ...used, claimed_by: null }, now)).toBe('Used');
  });
});
