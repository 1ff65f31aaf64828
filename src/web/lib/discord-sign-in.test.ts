import { describe, expect, it } from 'vitest';
import { DISCORD_SIGN_IN_ERRORS } from '#core/discord/discord-home.schema.ts';
import { discordSignInError } from './discord-sign-in.ts';

describe('discordSignInError', () => {
  it("reads each code the server sends in the page's words", () => {
    for (const [code, sentence] of Object.entries(DISCORD_SIGN_IN_ERRORS)) {
      expect(discordSignInError(code)).toBe(sentence);
    }
    expect(discordSignInError('not_member')).toBe(
      "Only members of the clan's Discord server can sign in with Discord.",
    );
  });

  it('says nothing without a code, or for one the server never sends', () => {
    expect(discordSignInError(null)).toBeNull();
    expect(discordSignInError('')).toBeNull();
    expect(discordSignInError('toString')).toBeNull();
    expect(discordSignInError('<script>')).toBeNull();
  });
});
