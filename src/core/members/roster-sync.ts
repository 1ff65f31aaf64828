import { baselineFromFirstMeasurement } from './baseline.ts';
import { isReturn, type MemberReturn } from './member-returns.ts';

/**
 * Reconciles the site's members with WOM's group (domain-rules.md, "Members and WOM sync"): members
 * are matched by WOM player id only; new ones get their baseline at joining (or at WOM's first
 * measurement of them, when WOM had none at joining); renames keep the member
 * (and their points); members missing from the group are marked left, never deleted, and restored
 * when they come back, keeping their first join date; an admin's rank change survives until WOM's
 * own role for the member changes.
 */

/** One member as WOM's group reports them now. */
export interface GroupMember {
  wom_id: string;
  display_name: string;
  role: string;
  current_xp: number;
  /** Total level; null when WOM has no snapshot for the player yet. */
  current_lvl: number | null;
  combat_level: number | null;
  ehb: number;
  /** Efficient hours played, as WOM gives them (fractional). */
  ehp: number;
  wom_account_type: string;
  build: string;
  join_date: string | null;
  /** When any of the member's stats last moved (WOM's `lastChangedAt`); null if WOM never saw a change. */
  last_changed_at: string | null;
}

/** The stored fields of a member that the sync reads or writes. */
export interface StoredMember {
  wom_id: string;
  name: string;
  wom_name: string | null;
  womrole: string | null;
  wom_role_synced: string | null;
  current_xp: number;
  current_lvl: number;
  /** The baseline: values at joining, or at WOM's first measurement if it had none then. */
  first_xp: number;
  first_lvl: number;
  combat_level: number;
  ehb: number;
  ehp: number;
  wom_account_type: string | null;
  build: string | null;
  join_date: string | null;
  /** The join date WOM last gave: while join_date equals it, it follows WOM; else an admin set it. */
  wom_join_date_synced: string | null;
  left_at: string | null;
  not_in_wom: boolean;
  wom_last_changed_at: string | null;
}

export type MemberPatch = Partial<Omit<StoredMember, 'wom_id'>>;

export type NewMember = Omit<StoredMember, 'left_at' | 'not_in_wom'>;

export interface RosterPlan {
  inserts: NewMember[];
  updates: Array<{ wom_id: string; patch: MemberPatch }>;
  renames: Array<{ wom_id: string; from: string; to: string }>;
  left: string[];
  /** Members back in the group after leaving it, as the site records each return. */
  returned: Array<MemberReturn & { wom_id: string }>;
}

const DEFAULT_COMBAT_LEVEL = 3;

/** The spec keeps EHB as an integer: WOM's fractional hours are floored, like every number field. */
export function wholeEhb(ehb: number): number {
  return Math.max(0, Math.floor(ehb));
}

function newMember(incoming: GroupMember): NewMember {
  const level = incoming.current_lvl ?? 0;
  return {
    wom_id: incoming.wom_id,
    name: incoming.display_name,
    wom_name: incoming.display_name,
    womrole: incoming.role,
    wom_role_synced: incoming.role,
    current_xp: incoming.current_xp,
    current_lvl: level,
    combat_level: incoming.combat_level ?? DEFAULT_COMBAT_LEVEL,
    ehb: wholeEhb(incoming.ehb),
    ehp: Math.max(0, incoming.ehp),
    wom_account_type: incoming.wom_account_type,
    build: incoming.build,
    join_date: incoming.join_date,
    wom_join_date_synced: incoming.join_date,
    wom_last_changed_at: incoming.last_changed_at,
    // The baseline: clan XP counts from the values the member had when they joined. A member WOM
    // has not measured yet gets 0 here, which the first sync that measures them replaces.
    first_xp: incoming.current_xp,
    first_lvl: level,
  };
}

/**
 * WOM learns a member's real join date late (its `clientSyncJoinedAt`, set when a RuneLite clan sync
 * arrives, replaces the date WOM added them): the member's join date follows it, unless an admin set
 * it by hand (it no longer equals what WOM last gave) or the new date is a return, which keeps the
 * first join date (issue 29: a leave and return wiped it).
 */
function joinDateFromWom(stored: StoredMember, incoming: GroupMember, returned: boolean): MemberPatch {
  if (incoming.join_date === null || incoming.join_date === stored.wom_join_date_synced) return {};
  const mirrorsWom =
    stored.join_date === null || (!returned && stored.join_date === stored.wom_join_date_synced);
  return mirrorsWom
    ? { join_date: incoming.join_date, wom_join_date_synced: incoming.join_date }
    : { wom_join_date_synced: incoming.join_date };
}

function patchFor(stored: StoredMember, incoming: GroupMember, returned: boolean): MemberPatch {
  const patch: MemberPatch = {};
  const set = <K extends keyof MemberPatch>(key: K, value: StoredMember[K]) => {
    if (stored[key] !== value) patch[key] = value;
  };

  if (stored.wom_name !== incoming.display_name) {
    patch.wom_name = incoming.display_name;
    // A name the admin set by hand stays; one that mirrored WOM follows the rename.
    if (stored.wom_name === null || stored.name === stored.wom_name) patch.name = incoming.display_name;
  }
  if (stored.wom_role_synced !== incoming.role) {
    patch.womrole = incoming.role;
    patch.wom_role_synced = incoming.role;
  }
  set('current_xp', incoming.current_xp);
  if (incoming.current_lvl !== null) set('current_lvl', incoming.current_lvl);
  Object.assign(patch, baselineFromFirstMeasurement(stored, incoming));
  if (incoming.combat_level !== null) set('combat_level', incoming.combat_level);
  set('ehb', wholeEhb(incoming.ehb));
  set('ehp', Math.max(0, incoming.ehp));
  set('wom_account_type', incoming.wom_account_type);
  set('build', incoming.build);
  set('wom_last_changed_at', incoming.last_changed_at);
  Object.assign(patch, joinDateFromWom(stored, incoming, returned));
  if (stored.left_at !== null) patch.left_at = null;
  if (stored.not_in_wom) patch.not_in_wom = false;
  return patch;
}

/** The return as recorded: on WOM's date of the new membership when it gave one, else today. */
function returnOf(stored: StoredMember, incoming: GroupMember, now: Date): MemberReturn & { wom_id: string } {
  const womDate = incoming.join_date;
  const synced = stored.wom_join_date_synced;
  return {
    wom_id: stored.wom_id,
    left_at: stored.left_at,
    returned_on:
      womDate !== null && (synced === null || womDate > synced) ? womDate : now.toISOString().slice(0, 10),
    joined_before: stored.join_date,
  };
}

export function planRosterSync(stored: StoredMember[], group: GroupMember[], now: Date): RosterPlan {
  const storedById = new Map(stored.map((member) => [member.wom_id, member]));
  const inGroup = new Set(group.map((member) => member.wom_id));
  const plan: RosterPlan = { inserts: [], updates: [], renames: [], left: [], returned: [] };

  for (const incoming of group) {
    const existing = storedById.get(incoming.wom_id);
    if (!existing) {
      plan.inserts.push(newMember(incoming));
      continue;
    }
    const returned = isReturn(existing, incoming.join_date);
    const patch = patchFor(existing, incoming, returned);
    if (Object.keys(patch).length > 0) plan.updates.push({ wom_id: incoming.wom_id, patch });
    if (patch.wom_name !== undefined && existing.wom_name !== null) {
      plan.renames.push({ wom_id: incoming.wom_id, from: existing.wom_name, to: incoming.display_name });
    }
    if (returned) plan.returned.push(returnOf(existing, incoming, now));
  }

  for (const member of stored) {
    if (inGroup.has(member.wom_id)) continue;
    // Only members WOM once listed can leave; members an admin added by hand are just not in WOM.
    const wasInGroup = member.wom_role_synced !== null;
    const patch: MemberPatch = {};
    if (!member.not_in_wom) patch.not_in_wom = true;
    if (wasInGroup && member.left_at === null) {
      patch.left_at = now.toISOString();
      plan.left.push(member.wom_id);
    }
    if (Object.keys(patch).length > 0) plan.updates.push({ wom_id: member.wom_id, patch });
  }
  return plan;
}
