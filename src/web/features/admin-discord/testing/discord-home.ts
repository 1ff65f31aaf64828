import type { DiscordApp, RankRoles, ServerRole } from '#core/discord/discord-home.schema.ts';

export const GUILD_ID = '100000000000000001';

/** A server role as the bot reads it; ids are the guild's plus the position, so they read apart. */
export function serverRole(name: string, position: number, overrides: Partial<ServerRole> = {}): ServerRole {
  return { id: `2000000000000000${10 + position}`, name, color: 0, position, managed: false, ...overrides };
}

export const everyone = serverRole('@everyone', 0, { id: GUILD_ID });
export const bot = serverRole('Clan Bot', 9, { managed: true });
export const sapphire = serverRole('Sapphire', 3);
export const emerald = serverRole('Emerald', 4);
export const moderator = serverRole('Moderator', 6);

/** A set-up application: ids, key and token stored, no client secret yet. */
export function testDiscordApp(overrides: Partial<DiscordApp> = {}): DiscordApp {
  return {
    application_id: '300000000000000001',
    guild_id: GUILD_ID,
    public_key: 'a'.repeat(64),
    oauth_authorize_url: 'https://discord.com/oauth2/authorize',
    bot_token_set: true,
    client_secret_set: false,
    members_only: true,
    admin_role_ids: [],
    ...overrides,
  };
}

/** The rank-role map of a server with the roles above, Sapphire mapped, nothing queued. */
export function testRankRoles(overrides: Partial<RankRoles> = {}): RankRoles {
  return {
    roles: { sapphire: sapphire.id },
    keys: [
      { key: 'owner', name: 'Owner', group: 'title' },
      { key: 'emerald', name: 'Emerald', group: 'rank' },
      { key: 'sapphire', name: 'Sapphire', group: 'rank' },
    ],
    server_roles: [everyone, sapphire, emerald, moderator, bot],
    server_error: null,
    pending: 0,
    stopped_reason: null,
    ...overrides,
  };
}
