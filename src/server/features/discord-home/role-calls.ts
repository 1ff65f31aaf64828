import { discordRest } from './discord-rest.ts';

/** How the bot reaches the clan's server: REST root, `Bot <token>` and the server's id. */
export interface BotAccess {
  root: string;
  authorization: string;
  guildId: string;
}

export interface GuildRole {
  id: string;
  name: string;
  color: number;
  position: number;
  managed: boolean;
}

const guildPath = (bot: BotAccess) => `/guilds/${encodeURIComponent(bot.guildId)}`;

/** The server's roles, highest first as Discord's role list shows them. */
export async function listGuildRoles(bot: BotAccess): Promise<GuildRole[]> {
  const answer = await discordRest({
    root: bot.root,
    method: 'GET',
    path: `${guildPath(bot)}/roles`,
    authorization: bot.authorization,
  });
  const roles = Array.isArray(answer.body) ? (answer.body as Array<Record<string, unknown>>) : [];
  return roles
    .map((role) => ({
      id: String(role.id),
      name: String(role.name),
      color: typeof role.color === 'number' ? role.color : 0,
      position: typeof role.position === 'number' ? role.position : 0,
      managed: role.managed === true,
    }))
    .sort((a, b) => b.position - a.position);
}

/** A member's role ids in the server; throws DiscordRestError 404 (10007) for one who left. */
export async function memberRoles(bot: BotAccess, userId: string): Promise<string[]> {
  const answer = await discordRest({
    root: bot.root,
    method: 'GET',
    path: `${guildPath(bot)}/members/${encodeURIComponent(userId)}`,
    authorization: bot.authorization,
  });
  const roles = (answer.body as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles) ? roles.map(String) : [];
}

/** Gives or takes one role, with the reason shown in the server's audit log. */
export async function changeMemberRole(
  bot: BotAccess,
  userId: string,
  roleId: string,
  change: 'add' | 'remove',
  reason: string,
): Promise<void> {
  await discordRest({
    root: bot.root,
    method: change === 'add' ? 'PUT' : 'DELETE',
    path: `${guildPath(bot)}/members/${encodeURIComponent(userId)}/roles/${encodeURIComponent(roleId)}`,
    authorization: bot.authorization,
    auditReason: reason,
  });
}
