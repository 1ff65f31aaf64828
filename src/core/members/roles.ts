/**
 * Clan roles as stored in `members.womrole`: WOM's snake_case group-role keys, plus the site's own
 * `pvm_organizer` (WOM has no such role).
 */

/** Admin titles in roster order: they are listed first, in this order (spec §6, §9). */
export const ADMIN_TITLES = ['owner', 'deputy_owner', 'general', 'captain', 'pvm_organizer'] as const;
export type AdminTitle = (typeof ADMIN_TITLES)[number];

/** A skiller with every skill at 99: exempt from the ladder, yet a skiller to the roster's filter. */
export const MAXED_ROLE = 'maxed';

/** Display names that plain title case would get wrong ('Tzkal', 'Pvm Organizer'). */
const DISPLAY_NAME_EXCEPTIONS: Readonly<Record<string, string>> = {
  tzkal: 'TzKal',
  pvm_organizer: 'PvM Organizer',
};

/** The stored key of a role as typed or shown: 'PvM Organizer' -> 'pvm_organizer'; blank -> null. */
export function normaliseRole(role: string | null | undefined): string | null {
  const key = (role ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return key === '' ? null : key;
}

/** Title case for names and roles shown to people; blank or missing shows '-'. */
export function titleCase(text: string | null | undefined): string {
  const words = (text ?? '').toLowerCase().replace(/_/g, ' ').trim().split(/\s+/);
  const result = words
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return result === '' ? '-' : result;
}

/** How a role is shown: 'deputy_owner' -> 'Deputy Owner', 'tzkal' -> 'TzKal'; blank shows '-'. */
export function roleDisplayName(role: string | null | undefined): string {
  const key = normaliseRole(role);
  if (key === null) return '-';
  return DISPLAY_NAME_EXCEPTIONS[key] ?? titleCase(key);
}

export function isAdminTitle(role: string | null | undefined): boolean {
  return adminTitleOrder(role) !== null;
}

/** Position in the roster's admin block (0 = owner), or null for a role that is not an admin title. */
export function adminTitleOrder(role: string | null | undefined): number | null {
  const key = normaliseRole(role);
  const index = ADMIN_TITLES.findIndex((title) => title === key);
  return index === -1 ? null : index;
}

/** Staff get no alternative-rank hint (spec §4); the spec matches these words anywhere in the role. */
export function isStaffRole(role: string | null | undefined): boolean {
  const key = normaliseRole(role);
  if (key === null) return false;
  return ['admin', 'moderator', 'owner', 'mod'].some((word) => key.includes(word));
}

/** A role the member form offers: the admin titles, then each path's ranks in ladder order (spec §3). */
export interface RankOption {
  value: string;
  label: string;
}

/** The member form's rank choices for a ladder: the admin titles first, then every path's ranks. */
export function rankOptions(
  paths: ReadonlyArray<{ ranks: ReadonlyArray<{ role: string; name: string }> }>,
): RankOption[] {
  const titles = ADMIN_TITLES.map((value) => ({ value, label: roleDisplayName(value) }));
  const ranks = paths.flatMap((path) => path.ranks.map((rank) => ({ value: rank.role, label: rank.name })));
  return [...titles, ...ranks.filter((rank) => !titles.some((title) => title.value === rank.value))];
}
