import { USERNAME_MAX_LENGTH } from '../auth/auth.schema.ts';
import { isReservedUsername, normaliseUsername, usernameProblem } from '../auth/username.ts';

/** A name for an account made by Discord sign-in when neither Discord name makes one. */
const FALLBACK_NAME = 'Discord member';

/**
 * The site name a Discord user starts with: their display name, else their username, with the
 * characters no site name may hold (Discord's `.`, emoji) turned to `_` or dropped, as the person
 * can later change it.
 */
export function siteNameFromDiscord(globalName: string | null, username: string): string {
  for (const candidate of [globalName, username]) {
    if (candidate === null) continue;
    const cleaned = normaliseUsername(candidate)
      .replace(/\./g, '_')
      .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
      .trim()
      .slice(0, USERNAME_MAX_LENGTH);
    if (usernameProblem(cleaned) === null && !isReservedUsername(cleaned, 'register')) return cleaned;
  }
  return FALLBACK_NAME;
}

/** The `attempt`-th free variant to try: the name, then "name 2", "name 3" …, cut to fit the length limit. */
export function usernameVariant(name: string, attempt: number): string {
  if (attempt <= 1) return name;
  const suffix = ` ${attempt}`;
  return `${name.slice(0, USERNAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
}
