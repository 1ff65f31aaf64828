import type { ClaimCode } from '#core/claims/claims.schema.ts';

/** What became of a code: used (and by whom), past its expiry, or still waiting to be redeemed. */
export function claimCodeStatus(code: ClaimCode, now: Date): string {
  if (code.is_claimed) return code.claimed_by === null ? 'Used' : `Used by ${code.claimed_by}`;
  if (code.expires_at !== null && new Date(code.expires_at) <= now) return 'Expired';
  return 'Unused';
}
