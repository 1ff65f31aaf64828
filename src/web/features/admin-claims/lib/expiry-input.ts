import { CLAIM_CODE_DEFAULT_DAYS } from '#core/claims/claims.schema.ts';
import { parseIsoDate } from '#core/events/iso-date.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the expiry input starts at: the default lifetime from now, as a datetime-local value in UTC
 * (the dashboard's clock, whatever the admin's own says).
 */
export function defaultExpiryValue(now: Date): string {
  return new Date(now.getTime() + CLAIM_CODE_DEFAULT_DAYS * DAY_MS).toISOString().slice(0, 16);
}

/**
 * The input's UTC date-time as the API's ISO instant; blank leaves the server's default. Text that is
 * no date is passed on as typed, so the server's check says why.
 */
export function expiryIso(value: string): string | null {
  if (value.trim() === '') return null;
  return parseIsoDate(value)?.toISOString() ?? value;
}
