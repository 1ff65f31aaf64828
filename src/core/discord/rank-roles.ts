import type { RankLadder } from '../clan/rank-ladder.schema.ts';
import { ADMIN_TITLES, roleDisplayName } from '../members/roles.ts';

/** A rank role key the admin can map to a Discord role: a member's `womrole` value. */
export interface RoleKey {
  key: string;
  name: string;
  group: 'title' | 'rank';
}

/**
 * Every mappable key, highest first: the admin titles in the roster's order, the other exempt roles
 * (e.g. maxed), then the ladder's ranks by how far up their path they stand (a path's top rank above
 * every other path's second), paths in the ladder's order where they tie.
 */
export function rankRoleKeys(ladder: RankLadder): RoleKey[] {
  const titles: RoleKey[] = ADMIN_TITLES.map((key) => ({ key, name: roleDisplayName(key), group: 'title' }));
  const seen = new Set<string>(titles.map((title) => title.key));
  const exempt: RoleKey[] = ladder.exempt
    .filter((key) => !seen.has(key))
    .map((key) => ({ key, name: roleDisplayName(key), group: 'rank' }));
  exempt.forEach((role) => seen.add(role.key));
  const ranks = ladder.paths
    .flatMap((path, pathIndex) =>
      path.ranks.map((rank, index) => ({
        role: { key: rank.role, name: rank.name, group: 'rank' as const },
        height: path.ranks.length === 1 ? 1 : index / (path.ranks.length - 1),
        pathIndex,
      })),
    )
    .sort((a, b) => b.height - a.height || a.pathIndex - b.pathIndex)
    .map((entry) => entry.role)
    .filter((role) => (seen.has(role.key) ? false : (seen.add(role.key), true)));
  return [...titles, ...exempt, ...ranks];
}

/** The highest of a person's characters' ranks (keys in `rankRoleKeys` order); null for none known. */
export function highestKey(keys: readonly RoleKey[], held: ReadonlyArray<string | null>): string | null {
  const heldSet = new Set(held.filter((role): role is string => role !== null));
  return keys.find((role) => heldSet.has(role.key))?.key ?? null;
}

export interface RoleDiff {
  add: string[];
  remove: string[];
}

/**
 * What to change so a person holds exactly the mapped role of their highest rank among the mapped
 * roles: roles the site does not map (a booster's, a moderator's set by hand) are never touched.
 */
export function roleDiff(
  mapping: Readonly<Record<string, string>>,
  highest: string | null,
  current: readonly string[],
): RoleDiff {
  const wanted = highest === null ? undefined : mapping[highest];
  const managed = new Set(Object.values(mapping));
  return {
    add: wanted !== undefined && !current.includes(wanted) ? [wanted] : [],
    remove: [...new Set(current)].filter((role) => managed.has(role) && role !== wanted),
  };
}
