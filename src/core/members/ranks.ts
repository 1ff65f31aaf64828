import { isMeasured } from './baseline.ts';
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

/**
 * The Next Rank hint. With a rank, `remaining` is what the member still needs for it; without one the
 * label says why there is none: 'Max rank achieved' at the top band, '-' when the role has no path.
 */
export type NextRank =
  { rank: string; remaining: number; unit: 'XP' | 'EHB'; label: string } | { rank: null; label: string };

const MAX_RANK_LABEL = 'Max rank achieved';

/** How the roster shows a missing value: the member has no band to aim at. */
const NO_HINT = { rank: null, label: '-' } as const;

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

function bandFor(path: RankPath, value: number): SkillerRank | FighterRank {
  return path === 'skiller' ? skillerRankFor(value) : fighterRankFor(value);
}

/** The band the member has earned on their own path; null when the role has no path or is 'maxed'. */
export function calculatedRank(member: RankedMember): SkillerRank | FighterRank | null {
  const role = normaliseRole(member.womrole);
  if (role === MAXED_ROLE) return null;
  const path = rankPathOf(role);
  if (path === null) return null;
  return bandFor(path, pathValue(member, path));
}

/**
 * True when the member's role differs from the band earned on their path (shown to admins to fix).
 * A member WOM never measured has no figures yet, only zeros: their band says nothing (issue 29).
 */
export function hasRoleMismatch(member: RankedMember): boolean {
  if (member.hidden === true) return false;
  if (member.wom_id === null || member.wom_id === undefined || member.wom_id.trim() === '') return false;
  if (!isMeasured({ current_xp: toNumber(member.current_xp) })) return false;
  const role = normaliseRole(member.womrole);
  if (isStaffRole(role)) return false;
  const calculated = calculatedRank(member);
  return calculated !== null && calculated !== role;
}

type Band = { readonly role: string; readonly min: number };

function bandsOf(path: RankPath): ReadonlyArray<Band> {
  return path === 'skiller' ? SKILLER_RANKS : FIGHTER_RANKS;
}

function unitOf(path: RankPath): 'XP' | 'EHB' {
  return path === 'skiller' ? 'XP' : 'EHB';
}

/**
 * 'XP in Ruby band · ' when the role is another band than the value's: without it an Onyx whose XP
 * is in the Ruby band would read 'Zenyte: 469,001,150 XP' with nothing to say why so much is missing.
 */
function bandNote(role: string | null, band: string, unit: string): string {
  return role !== band ? `${unit} in ${roleDisplayName(band)} band · ` : '';
}

/**
 * The next rank above the member's: the band after the higher of the rank they hold and the one
 * their XP or EHB has earned, and what is still needed for it. Never their own rank or a lower one
 * (issue 29: an Onyx read "9,001,150 XP to Diamond", a Leader "100 EHB to Prefect"); one whose
 * figures earned more than their role aims past what they earned. Staff, admin titles and unknown
 * roles have no path, so no hint: a band would read as a demotion for an appointed rank, and for an
 * unknown role we cannot tell which ladder applies. 'maxed' is exempt from the gem ladder, so no
 * gem is its next rank either. Remaining amounts are rounded up to whole XP or EHB, so the label
 * never shows 0 while something is still missing.
 */
export function nextRank(member: RankedMember): NextRank {
  const role = normaliseRole(member.womrole);
  const path = rankPathOf(role);
  if (path === null || role === MAXED_ROLE) return NO_HINT;
  // A member WOM never measured has only zeros: what they "still need" would be made up (issue 29).
  if (!isMeasured({ current_xp: toNumber(member.current_xp) })) return NO_HINT;
  const bands = bandsOf(path);
  const unit = unitOf(path);
  const value = pathValue(member, path);
  const held = bands.findIndex((band) => band.role === role);
  const next = bands[Math.max(held, bandIndexFor(bands, value)) + 1];
  const note = bandNote(role, bandFor(path, value), unit);
  if (next === undefined) return { rank: null, label: `${note}${MAX_RANK_LABEL}` };
  const remaining = Math.ceil(next.min - value);
  return {
    rank: next.role,
    remaining,
    unit,
    label: `${note}${roleDisplayName(next.role)}: ${remaining.toLocaleString('en-US')} ${unit}`,
  };
}
