import { describe, expect, it } from 'vitest';
import { testDiscordApp } from '../testing/discord-home.ts';
import {
  discordAppFormErrors,
  discordAppFormValues,
  discordAppInput,
  parseRoleIds,
} from './discord-app-form-values.ts';

describe('Discord application form values', () => {
  it('starts from the stored settings, with both secrets blank', () => {
    expect(discordAppFormValues(testDiscordApp({ application_id: null, admin_role_ids: ['7'] }))).toEqual({
      applicationId: '',
      guildId: '100000000000000001',
      publicKey: 'a'.repeat(64),
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      botToken: '',
      clearBotToken: false,
      clientSecret: '',
      clearClientSecret: false,
      membersOnly: true,
      adminRoleIds: ['7'],
    });
  });

  it('leaves a blank secret out, so the stored one stays, and sends blank ids as null', () => {
    const values = { ...discordAppFormValues(testDiscordApp()), applicationId: ' ', publicKey: '' };
    const input = discordAppInput(values);
    expect(input).toEqual({
      application_id: null,
      guild_id: '100000000000000001',
      public_key: null,
      oauth_authorize_url: 'https://discord.com/oauth2/authorize',
      members_only: true,
      admin_role_ids: [],
    });
    expect('bot_token' in input).toBe(false);
    expect('client_secret' in input).toBe(false);
  });

  it('sends a typed secret trimmed, and a cleared one as null whatever was typed', () => {
    const values = discordAppFormValues(testDiscordApp());
    expect(discordAppInput({ ...values, botToken: ' new-token ', clientSecret: 'shh' })).toMatchObject({
      bot_token: 'new-token',
      client_secret: 'shh',
    });
    expect(
      discordAppInput({ ...values, botToken: 'typed', clearBotToken: true, clearClientSecret: true }),
    ).toMatchObject({ bot_token: null, client_secret: null });
  });

  it("checks the fields with the contract's rules and words", () => {
    const values = discordAppFormValues(testDiscordApp());
    expect(discordAppFormErrors(values)).toEqual({});
    expect(
      discordAppFormErrors({
        ...values,
        applicationId: 'abc',
        guildId: '1'.repeat(21),
        publicKey: 'xyz',
        authorizeUrl: 'not a url',
        adminRoleIds: ['1', 'role'],
      }),
    ).toEqual({
      applicationId: 'A Discord id is a number of up to 20 digits',
      guildId: 'A Discord id is a number of up to 20 digits',
      publicKey: 'The public key is 64 hexadecimal characters',
      authorizeUrl: 'The authorize URL must be a web address',
      adminRoleIds: 'A Discord id is a number of up to 20 digits',
    });
  });

  it('reads role ids typed with commas or spaces, each once', () => {
    expect(parseRoleIds(' 12, 34  56,,12 ')).toEqual(['12', '34', '56']);
    expect(parseRoleIds('')).toEqual([]);
  });
});
