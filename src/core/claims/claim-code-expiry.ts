import { CLAIM_CODE_DEFAULT_DAYS } from './claims.schema.ts';

export const CLAIM_CODE_EXPIRY_IN_PAST = 'The expiry time must be in the future';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a new code stops working: the admin's pick, else `CLAIM_CODE_DEFAULT_DAYS` from now. A time
 * already past would make a code nobody can use, so it is refused.
 */
export function planClaimCodeExpiry(
  now: Date,
  requested: string | null | undefined,
): { expires_at: string } | { problem: string } {
  if (requested === null || requested === undefined) {
    return { expires_at: new Date(now.getTime() + CLAIM_CODE_DEFAULT_DAYS * DAY_MS).toISOString() };
  }
  const expiresAt = new Date(requested);
  if (expiresAt.getTime() <= now.getTime()) return { problem: CLAIM_CODE_EXPIRY_IN_PAST };
  return { expires_at: expiresAt.toISOString() };
}

/** A code without an expiry never expires; one expires at its expiry time exactly. */
export function isClaimCodeExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
}
