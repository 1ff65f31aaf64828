import type { RankRoles, RoleChange, ServerRole } from '#core/discord/discord-home.schema.ts';

/**
 * The roles the bot can give and the site may hand out: not one an integration manages (Discord
 * refuses to give those to people), nor @everyone, whose id is the server's own. Highest first, as
 * Discord lists them.
 */
export function assignableRoles(roles: readonly ServerRole[], guildId: string | null): ServerRole[] {
  return roles
    .filter((role) => !role.managed && role.id !== guildId && role.name !== '@everyone')
    .sort((a, b) => b.position - a.position);
}

/**
 * A role's name; one the server no longer has (or that could not be read) by its id, after `missing`
 * when given: 'Deleted role (123…)'.
 */
export function roleName(roles: readonly ServerRole[] | null, id: string, missing?: string): string {
  const name = roles?.find((role) => role.id === id)?.name;
  if (name !== undefined) return name;
  return missing ? `${missing} (${id})` : id;
}

/** The map to save: each key the form shows that has a role; the rest are left out. */
export function rankRolesInput(
  choices: Readonly<Record<string, string>>,
  keys: RankRoles['keys'],
): { roles: Record<string, string> } {
  const roles: Record<string, string> = {};
  for (const { key } of keys) {
    const id = choices[key];
    if (id) roles[key] = id;
  }
  return { roles };
}

const names = (roles: readonly ServerRole[] | null, ids: readonly string[]) =>
  ids.map((id) => roleName(roles, id)).join(', ');

/** One member's role change in words: 'zezima: add Sapphire; remove Opal'. */
export function roleChangeText(change: RoleChange, roles: readonly ServerRole[] | null): string {
  const parts = [
    change.add.length > 0 ? `add ${names(roles, change.add)}` : null,
    change.remove.length > 0 ? `remove ${names(roles, change.remove)}` : null,
  ].filter((part) => part !== null);
  return `${change.username}: ${parts.join('; ')}`;
}
