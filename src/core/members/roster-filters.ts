import type { PublicMember } from './members.schema.ts';
import { normaliseRsn } from './names.ts';
import { MAXED_ROLE, adminTitleOrder, isAdminTitle, normaliseRole } from './roles.ts';

/** The public roster's filters, in the order the Filters menu lists them (spec §2, §9). */
export const ROSTER_FILTERS = [
  { key: 'ironmanOnly', label: 'Ironman Only' },
  { key: 'skillersOnly', label: 'Skillers Only' },
  { key: 'fightersOnly', label: 'Fighters Only' },
  { key: 'hideAdminRanks', label: 'Hide Admin Ranks' },
  { key: 'showAlts', label: 'Show Alt Accounts' },
] as const;
export type RosterFilter = (typeof ROSTER_FILTERS)[number];
export type RosterFilterKey = RosterFilter['key'];
export type RosterFilterFlags = Record<RosterFilterKey, boolean>;

export interface RosterFilters extends RosterFilterFlags {
  search: string;
}

export const NO_ROSTER_FILTERS: RosterFilters = {
  search: '',
  ironmanOnly: false,
  skillersOnly: false,
  fightersOnly: false,
  hideAdminRanks: false,
  showAlts: false,
};

/** The fields of a member that filtering and sorting read. */
export type RosterEntry = Pick<
  PublicMember,
  'name' | 'wom_name' | 'womrole' | 'ironman_type' | 'alt' | 'clan_xp' | 'rank_path'
>;

/** The filters that are switched on, in menu order: each becomes a removable tag and counts on the button. */
export function activeRosterFilters(flags: RosterFilterFlags): RosterFilter[] {
  return ROSTER_FILTERS.filter((filter) => flags[filter.key]);
}

/**
 * Case-insensitive substring search over the name and the WOM name. Names are compared in their
 * normalised form (domain rules: space, `_` and `-` are one character), so 'iron man' finds 'Iron_Man'.
 */
function matchesSearch(member: RosterEntry, query: string): boolean {
  if (query === '') return true;
  return [member.name, member.wom_name].some((name) => name !== null && normaliseRsn(name).includes(query));
}

/**
 * Skillers Only and Fighters Only pick rank paths. With both on, a member on either path is kept:
 * requiring both at once could never match anyone, so the pair reads as "gem or combat ranks". A
 * `maxed` member is on the skiller path (domain rules), so counts as a skiller.
 */
function matchesPath(member: RosterEntry, filters: RosterFilterFlags): boolean {
  if (!filters.skillersOnly && !filters.fightersOnly) return true;
  const path = normaliseRole(member.womrole) === MAXED_ROLE ? 'skiller' : member.rank_path;
  return (filters.skillersOnly && path === 'skiller') || (filters.fightersOnly && path === 'fighter');
}

/**
 * The members a visitor sees under the given filters, in the order given. Each filter narrows the
 * list. 'Hide Admin Ranks' hides every admin title: the spec names owner, general, captain and
 * organizer, and 'owner' covers the deputy owner too. Alts stay hidden unless Show Alt Accounts is on.
 */
export function filterRoster<T extends RosterEntry>(members: readonly T[], filters: RosterFilters): T[] {
  const query = normaliseRsn(filters.search);
  return members.filter(
    (member) =>
      (filters.showAlts || !member.alt) &&
      (!filters.ironmanOnly || member.ironman_type !== null) &&
      (!filters.hideAdminRanks || !isAdminTitle(member.womrole)) &&
      matchesPath(member, filters) &&
      matchesSearch(member, query),
  );
}

/**
 * Roster order (spec §6, §9): admin titles first (owner, deputy owner, general, captain, pvm
 * organizer), then clan XP gained, highest first; equal XP falls back to the name so the order is stable.
 */
export function compareRoster(a: RosterEntry, b: RosterEntry): number {
  const titleA = adminTitleOrder(a.womrole) ?? Number.POSITIVE_INFINITY;
  const titleB = adminTitleOrder(b.womrole) ?? Number.POSITIVE_INFINITY;
  if (titleA !== titleB) return titleA < titleB ? -1 : 1;
  if (a.clan_xp !== b.clan_xp) return b.clan_xp - a.clan_xp;
  return normaliseRsn(a.name).localeCompare(normaliseRsn(b.name), 'en');
}

/** A sorted copy of the roster; the input is left as it was. */
export function sortRoster<T extends RosterEntry>(members: readonly T[]): T[] {
  return [...members].sort(compareRoster);
}
