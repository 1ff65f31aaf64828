import { ACCOUNT_MESSAGES, USERNAME_MAX_LENGTH } from './auth.schema.ts';
import { confusableSkeleton } from './confusables.ts';

/**
 * A username as it is stored and shown: trimmed and in NFKC form (a full-width or ligature spelling is
 * the plain name), in the case its owner typed it (issue 29: `ZeZima` stays `ZeZima`).
 */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

/**
 * What usernames are matched by: the stored form lower-cased, so `zezima` signs in to `ZeZima` and
 * cannot be registered beside it (spec §5: usernames compare case-insensitively).
 */
export function usernameKey(username: string): string {
  return normaliseUsername(username).toLowerCase();
}

/**
 * The keys a typed username can mean, most exact first: accounts made before names were put in NFKC
 * form were stored trimmed and lower-cased only, and must keep signing in under that name.
 */
export function usernameLookupNames(typed: string): string[] {
  return [...new Set([typed.trim().toLowerCase(), usernameKey(typed)])];
}

/**
 * Letters (each with at most two combining marks, enough for any script's accents but not a stack
 * that spills over its neighbours), digits, space, `_` and `-`. Everything else is refused: markup,
 * punctuation, control characters and invisible ones (zero-width spaces, bidi overrides).
 */
const USERNAME_CHARACTERS = /^(?:\p{L}\p{M}{0,2}|[\p{N} _-])+$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Why a normalised username cannot be created, or null when it can. */
export function usernameProblem(name: string): string | null {
  if (name === '') return ACCOUNT_MESSAGES.usernameRequired;
  if (name.length > USERNAME_MAX_LENGTH) return ACCOUNT_MESSAGES.usernameTooLong;
  if (!USERNAME_CHARACTERS.test(name)) return ACCOUNT_MESSAGES.usernameCharacters;
  if (!LETTER_OR_DIGIT.test(name)) return ACCOUNT_MESSAGES.usernameNeedsLetterOrDigit;
  return null;
}

/** Names no stranger may take, nor anything that reads like them: they would pass for the site's staff. */
export const RESERVED_USERNAMES: readonly string[] = ['admin', 'administrator', 'moderator', 'system'];
const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.map(confusableSkeleton));

/** Who is creating the account: anyone through the register form, or the site's operator. */
export type UsernameOrigin = 'register' | 'shell';

/**
 * Whether a normalised name is a reserved one or reads like it. The operator (the shell, start-up)
 * may create a reserved word as spelled, in any case (the demo's first admin is `admin`), but no
 * look-alike of it.
 */
export function isReservedUsername(name: string, origin: UsernameOrigin): boolean {
  if (!RESERVED_SKELETONS.has(confusableSkeleton(name))) return false;
  return origin === 'register' || !RESERVED_USERNAMES.includes(usernameKey(name));
}
