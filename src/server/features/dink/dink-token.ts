import { createHash, randomBytes } from 'node:crypto';

/** A new Dink address's secret: 256 random bits, URL-safe. */
export function newDinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so a copy of the database does not hand out working addresses. */
export function hashDinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The shape of a token in a path: anything else is not one, without asking the database. */
export const DINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
