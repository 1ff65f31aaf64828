import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '../auth/auth.schema.ts';
import { usernameProblem } from '../auth/username.ts';
import { siteNameFromDiscord, usernameVariant } from './discord-username.ts';

describe('siteNameFromDiscord', () => {
  it('prefers the display name', () => {
    expect(siteNameFromDiscord('Zezima', 'zezima.rs')).toBe('Zezima');
  });
  it("turns Discord's dots into underscores and drops what no site name holds", () => {
    expect(siteNameFromDiscord(null, 'lynx.titan')).toBe('lynx_titan');
    expect(siteNameFromDiscord('🐉 Woox 🐉', 'woox')).toBe('Woox');
  });
  it('falls back to the username, then to a plain name, never to a reserved one', () => {
    expect(siteNameFromDiscord('🐉🐉', 'b0aty')).toBe('b0aty');
    expect(siteNameFromDiscord('Admin', 'admin')).toBe('Discord member');
  });
  it('fits the length limit', () => {
    const name = siteNameFromDiscord('x'.repeat(40), 'y');
    expect(name).toHaveLength(USERNAME_MAX_LENGTH);
    expect(usernameProblem(name)).toBeNull();
  });
});

describe('usernameVariant', () => {
  it('numbers later tries and keeps within the limit', () => {
    expect(usernameVariant('Zezima', 1)).toBe('Zezima');
    expect(usernameVariant('Zezima', 2)).toBe('Zezima 2');
    const long = usernameVariant('x'.repeat(USERNAME_MAX_LENGTH), 12);
    expect(long).toHaveLength(USERNAME_MAX_LENGTH);
    expect(long.endsWith(' 12')).toBe(true);
  });
});
