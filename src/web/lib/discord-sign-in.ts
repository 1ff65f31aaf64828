import { DISCORD_SIGN_IN_ERRORS } from '#core/discord/discord-home.schema.ts';

/**
 * Where Discord sign-in starts. A full-page navigation, not a request: the server answers with a
 * redirect to Discord, which comes back to the server and then to a page of the site.
 */
export const DISCORD_SIGN_IN_URL = '/api/auth/discord/start';

/** The same start, to link Discord to the account already signed in. */
export const DISCORD_LINK_URL = `${DISCORD_SIGN_IN_URL}?link=1`;

/**
 * The sentence for a `discord_error` the server put in the address after a failed Discord sign-in;
 * null for none, or for a code it never sends (a hand-edited address), which would mean nothing.
 */
export function discordSignInError(code: string | null): string | null {
  if (code === null || !Object.hasOwn(DISCORD_SIGN_IN_ERRORS, code)) return null;
  return DISCORD_SIGN_IN_ERRORS[code as keyof typeof DISCORD_SIGN_IN_ERRORS];
}
