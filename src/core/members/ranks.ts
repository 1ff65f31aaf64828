import {
  FIGHTER_RANKS,
  MAXED_ROLE,
  SKILLER_RANKS,
  isStaffRole,
  normaliseRole,
  rankPathOf,
  roleDisplayName,
} from './roles.ts';
import type { FighterRank, RankPath, SkillerRank } from './roles.ts';

/** A member as the rank rules see it; XP and EHB may arrive as strings or null from the database. */
export interface RankedMember {
  womrole: string | null;
  current_xp: unknown;
  first_xp: unknown;
  ehb: unknown;
  hidden?: boolean;
  wom_id?: string | null;
}

export type NextRank =
  | { rank: string; remaining: number; unit: 'XP' | 'EHB'; label: string }
  | { rank: null; label: 'Max rank achieved' };

const MAX_RANK = { rank: null, label: 'Max rank achieved' } as const;

/** Database numerics may be strings (PostgreSQL bigint/numeric) or null: anything unusable is 0, never NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

/** XP gained since joining the clan: the skiller rank's measure. */
export function clanXp(member: { current_xp: unknown; first_xp: unknown }): number {
  return toNumber(member.current_xp) - toNumber(member.first_xp);
}

/** The highest band whose lower bound the value reaches; values below every bound get the first band. */
function bandIndexFor(bands: ReadonlyArray<{ min: number }>, value: number): number {
  let index = 0;
  bands.forEach((band, i) => {
    if (value >= band.min) index = i;
  });
  return index;
}

export function skillerRankFor(clanXp: number): SkillerRank {
  return (SKILLER_RANKS[bandIndexFor(SKILLER_RANKS, clanXp)] ?? SKILLER_RANKS[0]).role;
}

export function fighterRankFor(ehb: number): FighterRank {
  return (FIGHTER_RANKS[bandIndexFor(FIGHTER_RANKS, ehb)] ?? FIGHTER_RANKS[0]).role;
}

/** The member's measure on a path: clan XP for skillers, EHB for fighters. */
function pathValue(member: RankedMember, path: RankPath): number {
  return path === 'skiller' ? clanXp(member) : toNumber(member.ehb);
}

/** The band the member has earned on their own path; null when the role has no path or is 'maxed'. */
export function calculatedRank(member: RankedMember): SkillerRank | FighterRank | null {
  const role = normaliseRole(member.womrole);
  if (role === MAXED_ROLE) return null;
  const path = rankPathOf(role);
  if (path === null) return null;
  const value = pathValue(member, path);
  return path === 'skiller' ? skillerRankFor(value) : fighterRankFor(value);
}

/** True when the member's role differs from the band earned on their path (shown to admins to fix). */
export function hasRoleMismatch(member: RankedMember): boolean {
  if (member.hidden === true) return false;
  if (member.wom_id === null || member.wom_id === undefined || member.wom_id.trim() === '') return false;
  const role = normaliseRole(member.womrole);
  if (isStaffRole(role)) return false;
  const calculated = calculatedRank(member);
  return calculated !== null && calculated !== role;
}

/**
 * The band above the member's value on their own path and what is still needed; 'maxed' members are
 * on the skiller path. Remaining amounts are rounded up to whole XP or EHB, so the label never shows
 * 0 while something is still missing.
 */
export function nextRank(member: RankedMember): NextRank {
  const role = normaliseRole(member.womrole);
  if (isStaffRole(role)) return MAX_RANK;
  const path = rankPathOf(role);
  if (path === null) return MAX_RANK;
  const bands: ReadonlyArray<{ role: string; min: number }> =
    path === 'skiller' ? SKILLER_RANKS : FIGHTER_RANKS;
  const value = pathValue(member, path);
  const next = bands[bandIndexFor(bands, value) + 1];
  if (next === undefined) return MAX_RANK;
  const remaining = Math.ceil(next.min - value);
  const unit = path === 'skiller' ? 'XP' : 'EHB';
  return {
    rank: next.role,
    remaining,
    unit,
    label: `${roleDisplayName(next.role)}: ${remaining.toLocaleString('en-US')} ${unit}`,
  };
}
