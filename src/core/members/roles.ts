/**
 * Clan roles as stored in `members.womrole`: WOM's snake_case group-role keys, plus the site's own
 * `pvm_organizer` (WOM has no such role).
 */

/** Admin titles in roster order: they are listed first, in this order (spec §6, §9). */
export const ADMIN_TITLES = ['owner', 'deputy_owner', 'general', 'captain', 'pvm_organizer'] as const;
export type AdminTitle = (typeof ADMIN_TITLES)[number];

/** Skiller (gem) bands; `min` is the lowest clan XP of the band, inclusive (spec §4). */
export const SKILLER_RANKS = [
  { role: 'opal', min: 0 },
  { role: 'sapphire', min: 3_000_000 },
  { role: 'emerald', min: 8_000_000 },
  { role: 'ruby', min: 15_000_000 },
  { role: 'diamond', min: 40_000_000 },
  { role: 'dragonstone', min: 90_000_000 },
  { role: 'onyx', min: 150_000_000 },
  { role: 'zenyte', min: 500_000_000 },
] as const;
export type SkillerRank = (typeof SKILLER_RANKS)[number]['role'];

/** Fighter (combat) bands; `min` is the lowest EHB (efficient hours bossed) of the band, inclusive. */
export const FIGHTER_RANKS = [
  { role: 'mentor', min: 0 },
  { role: 'prefect', min: 100 },
  { role: 'leader', min: 300 },
  { role: 'supervisor', min: 500 },
  { role: 'superior', min: 700 },
  { role: 'executive', min: 900 },
  { role: 'senator', min: 1100 },
  { role: 'monarch', min: 1300 },
  { role: 'tzkal', min: 1500 },
] as const;
export type FighterRank = (typeof FIGHTER_RANKS)[number]['role'];

/** A skiller with every skill at 99: on the skiller path but exempt from rank mismatch. */
export const MAXED_ROLE = 'maxed';

export type RankPath = 'skiller' | 'fighter';

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

/** True for a gem role's stored key (normalise typed text first). */
export function isSkillerRank(role: string | null | undefined): role is SkillerRank {
  return SKILLER_RANKS.some((rank) => rank.role === role);
}

/** True for a combat role's stored key (normalise typed text first). */
export function isFighterRank(role: string | null | undefined): role is FighterRank {
  return FIGHTER_RANKS.some((rank) => rank.role === role);
}

/** The rank path a role puts its member on; admin titles and other roles have none. */
export function rankPathOf(role: string | null | undefined): RankPath | null {
  const key = normaliseRole(role);
  if (isSkillerRank(key) || key === MAXED_ROLE) return 'skiller';
  if (isFighterRank(key)) return 'fighter';
  return null;
}

/** A role the site's member form can assign. */
export type SiteRank = AdminTitle | SkillerRank | FighterRank;

/** Rank choices of the member form, in the spec's order (spec §3, Member edit form). */
export const SITE_RANK_OPTIONS: ReadonlyArray<{ readonly value: SiteRank; readonly label: string }> = [
  ...ADMIN_TITLES,
  ...SKILLER_RANKS.map((rank) => rank.role),
  ...FIGHTER_RANKS.map((rank) => rank.role),
].map((value) => ({ value, label: roleDisplayName(value) }));
