import { isMeasured } from '../members/baseline.ts';
import type { BaselineSource } from '../members/baseline-source.ts';
import { isStaffRole, normaliseRole, roleDisplayName } from '../members/roles.ts';
import type { LadderRank, RankLadder, RankMeasure, RankPath, RankRequirement } from './rank-ladder.schema.ts';

/** A member as the ladder reads them; numbers may arrive as strings or null from the database. */
export interface LadderMember {
  womrole: string | null;
  current_xp: unknown;
  first_xp: unknown;
  current_lvl?: unknown;
  ehb: unknown;
  ehp?: unknown;
  siege_score?: unknown;
  join_date?: string | null;
  created_at?: string;
  wom_id?: string | null;
  baseline_source?: BaselineSource;
}

/** What ranking a member needs besides the member: the clan's ladder and the time tenure counts to. */
export interface LadderContext {
  ladder: RankLadder;
  now: Date;
}

/** Each measure's value for one member; tenure is null when the site has no date to count from. */
export type MemberFigures = Record<Exclude<RankMeasure, 'tenure_days'>, number> & {
  tenure_days: number | null;
};

const DAY_MS = 86_400_000;

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

/** XP gained since joining the clan: what the spec's gem ranks measure. */
export function clanXp(member: { current_xp: unknown; first_xp: unknown }): number {
  return toNumber(member.current_xp) - toNumber(member.first_xp);
}

/** Whole days from the member's join date (else the day the site first stored them) to `now`, in UTC. */
export function tenureDays(member: Pick<LadderMember, 'join_date' | 'created_at'>, now: Date): number | null {
  const from = member.join_date ?? member.created_at?.slice(0, 10) ?? null;
  if (from === null) return null;
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(start)) return null;
  return Math.max(0, Math.floor((now.getTime() - start) / DAY_MS));
}

export function figuresOf(member: LadderMember, now: Date): MemberFigures {
  const ehb = toNumber(member.ehb);
  const ehp = toNumber(member.ehp);
  return {
    clan_xp: clanXp(member),
    total_xp: toNumber(member.current_xp),
    total_level: toNumber(member.current_lvl),
    ehb,
    ehp,
    ehb_ehp: ehb + ehp,
    siege_score: toNumber(member.siege_score),
    tenure_days: tenureDays(member, now),
  };
}

/** Measures the site only knows once Wise Old Man has measured the player. */
export const WOM_MEASURES: ReadonlySet<RankMeasure> = new Set([
  'clan_xp',
  'total_xp',
  'total_level',
  'ehb',
  'ehp',
  'ehb_ehp',
]);

const valueOf = (figures: MemberFigures, measure: RankMeasure): number => figures[measure] ?? 0;

const meets = (requirement: RankRequirement, figures: MemberFigures): boolean =>
  figures[requirement.measure] !== null && valueOf(figures, requirement.measure) >= requirement.min;

export const meetsAll = (rank: LadderRank, figures: MemberFigures): boolean =>
  rank.requirements.every((requirement) => meets(requirement, figures));

/** Where a role sits on the ladder, or null for an exempt role or one on no path. */
export function placeOf(ladder: RankLadder, role: string | null): { path: RankPath; index: number } | null {
  const key = normaliseRole(role);
  if (key === null || ladder.exempt.includes(key)) return null;
  for (const path of ladder.paths) {
    const index = path.ranks.findIndex((rank) => rank.role === key);
    if (index !== -1) return { path, index };
  }
  return null;
}

/** The path a role puts its member on (its key), or null. */
export function pathKeyOf(ladder: RankLadder, role: string | null): string | null {
  return placeOf(ladder, role)?.path.key ?? null;
}

/**
 * The highest rank of the path whose requirements all hold. A valid ladder asks at least as much of
 * each rank as of the one below, so every lower rank holds too; the first rank is the floor.
 */
export function earnedIndex(path: RankPath, figures: MemberFigures): number {
  let earned = 0;
  path.ranks.forEach((rank, index) => {
    if (meetsAll(rank, figures)) earned = index;
  });
  return earned;
}

const usesWomMeasures = (path: RankPath): boolean =>
  path.ranks.some((rank) => rank.requirements.some((requirement) => WOM_MEASURES.has(requirement.measure)));

/**
 * True when the member's figures can be judged on this path: a member WOM never measured has only
 * zeros, so a path that reads WOM's figures says nothing about them yet (issue 29).
 */
function judgeable(path: RankPath, member: LadderMember): boolean {
  return !usesWomMeasures(path) || isMeasured({ current_xp: toNumber(member.current_xp) });
}

/** The rank the member's figures earn on their own path; null for exempt roles and roles on no path. */
export function calculatedRank(ladder: RankLadder, member: LadderMember, now: Date): string | null {
  const place = placeOf(ladder, member.womrole);
  if (place === null) return null;
  return place.path.ranks[earnedIndex(place.path, figuresOf(member, now))]?.role ?? null;
}

/** How each measure's amount reads after a number: '1,234 XP', '12 days'. */
export const MEASURE_UNITS: Readonly<Record<RankMeasure, string>> = {
  clan_xp: 'XP',
  total_xp: 'XP',
  total_level: 'levels',
  ehb: 'EHB',
  ehp: 'EHP',
  ehb_ehp: 'EHB + EHP',
  siege_score: 'points',
  tenure_days: 'days',
};

/** How each measure is named on its own: the clan ranks table's column, the queue's requirement. */
export const MEASURE_NAMES: Readonly<Record<RankMeasure, string>> = {
  clan_xp: 'Clan XP',
  total_xp: 'Total XP',
  total_level: 'Total level',
  ehb: 'EHB',
  ehp: 'EHP',
  ehb_ehp: 'EHB + EHP',
  siege_score: 'Siege score',
  tenure_days: 'Days in the clan',
};

/**
 * The Next Rank hint. With a rank, `remaining` and `unit` are the first requirement still missing and
 * the label lists every one; without one the label says why: 'Max rank achieved' at the top, '-' when
 * the role has no path.
 */
export type NextRank =
  | { rank: string; name: string; remaining: number; unit: string; needed: string; label: string }
  | { rank: null; label: string };

const MAX_RANK_LABEL = 'Max rank achieved';
const NO_HINT = { rank: null, label: '-' } as const;

/** The units that read differently for one: '1 day', not '1 days'. */
const SINGULAR_UNITS: Readonly<Record<string, string>> = { days: 'day', levels: 'level', points: 'point' };

const amount = (value: number, measure: RankMeasure) => {
  const whole = Math.ceil(value);
  const unit = MEASURE_UNITS[measure];
  return `${whole.toLocaleString('en-US')} ${whole === 1 ? (SINGULAR_UNITS[unit] ?? unit) : unit}`;
};

/** What the rank still asks of the member: each unmet requirement and how much is missing. */
export function missingFor(
  rank: LadderRank,
  figures: MemberFigures,
): Array<{ measure: RankMeasure; missing: number }> {
  return rank.requirements
    .filter((requirement) => !meets(requirement, figures))
    .map((requirement) => ({
      measure: requirement.measure,
      missing: Math.ceil(requirement.min - valueOf(figures, requirement.measure)),
    }));
}

/** What the band note calls a measure's figures: 'XP in Ruby band', 'Days in Iron band'. */
const BAND_FIGURES: Readonly<Record<RankMeasure, string>> = {
  clan_xp: 'XP',
  total_xp: 'XP',
  total_level: 'Total level',
  ehb: 'EHB',
  ehp: 'EHP',
  ehb_ehp: 'EHB + EHP',
  siege_score: 'Points',
  tenure_days: 'Days',
};

/** The figures a path measures, or 'Stats' when its ranks ask for several things. */
function pathFigures(path: RankPath): string {
  const measures = new Set(
    path.ranks.flatMap((rank) => rank.requirements.map((requirement) => requirement.measure)),
  );
  const [only] = measures;
  return measures.size === 1 && only !== undefined ? BAND_FIGURES[only] : 'Stats';
}

/**
 * The next rank above the member's: the one after the higher of the rank they hold and the one their
 * figures earned, and what is still missing for it. Never their own rank or a lower one (issue 29).
 * When the figures sit in another rank than the one held, the label says so first ('XP in Ruby band
 * · '): otherwise an Onyx whose XP is in the Ruby band would read a large amount with nothing to say
 * why. Exempt roles and roles on no path have no hint, nor has a member whose figures WOM never
 * measured. Amounts are rounded up, so the label never shows 0 while something is still missing.
 */
export function nextRank(ladder: RankLadder, member: LadderMember, now: Date): NextRank {
  const place = placeOf(ladder, member.womrole);
  if (place === null || !judgeable(place.path, member)) return NO_HINT;
  const { path, index: held } = place;
  const figures = figuresOf(member, now);
  const earned = earnedIndex(path, figures);
  const note = earned !== held ? `${pathFigures(path)} in ${path.ranks[earned]?.name ?? ''} band · ` : '';
  const next = path.ranks[Math.max(held, earned) + 1];
  if (next === undefined) return { rank: null, label: `${note}${MAX_RANK_LABEL}` };
  const missing = missingFor(next, figures);
  const first = missing[0];
  if (first === undefined) return { rank: null, label: `${note}${MAX_RANK_LABEL}` };
  const needed = missing.map((item) => amount(item.missing, item.measure)).join(', ');
  return {
    rank: next.role,
    name: next.name,
    remaining: first.missing,
    unit: MEASURE_UNITS[first.measure],
    needed,
    label: `${note}${next.name}: ${needed}`,
  };
}

/** A role's display name on the ladder, when the ladder names it. */
export function ladderName(ladder: RankLadder, role: string | null): string | null {
  const key = normaliseRole(role);
  for (const path of ladder.paths) {
    const rank = path.ranks.find((candidate) => candidate.role === key);
    if (rank) return rank.name;
  }
  return null;
}

/** How a role is shown: its name on the ladder, else its WOM key in words ('deputy_owner' -> 'Deputy Owner'). */
export function rankDisplayName(ladder: RankLadder | undefined, role: string | null): string {
  return (ladder ? ladderName(ladder, role) : null) ?? roleDisplayName(role);
}

/** True when the ladder never proposes a change for the role: its exempt roles and staff (spec §4). */
export function isExemptRole(ladder: RankLadder, role: string | null): boolean {
  const key = normaliseRole(role);
  return key !== null && (ladder.exempt.includes(key) || isStaffRole(key));
}

/** Why a ladder cannot be saved, naming the rank (or path) at fault; null when it can. */
export function ladderProblem(ladder: RankLadder): string | null {
  const seen = new Map<string, string>();
  const place = (role: string, where: string): string | null => {
    const before = seen.get(role);
    if (before === where) return `${where}: listed twice`;
    if (before !== undefined) return `${where}: the role ${role} is already used by ${before}`;
    seen.set(role, where);
    return null;
  };
  const pathKeys = new Set<string>();
  for (const path of ladder.paths) {
    if (pathKeys.has(path.key)) return `${path.name}: another path has the key ${path.key}`;
    pathKeys.add(path.key);
    let below: LadderRank | null = null;
    for (const rank of path.ranks) {
      const problem = place(rank.role, rank.name) ?? rankProblem(rank, below);
      if (problem !== null) return problem;
      below = rank;
    }
  }
  for (const role of ladder.exempt) {
    const problem = place(role, `Exempt role ${role}`);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * A rank must ask at least as much as the rank below it on everything that rank asks, and more on
 * something (a higher minimum or a further measure): otherwise it could never be earned apart from
 * the one below, and a member's earned rank would depend on the order of the list.
 */
function rankProblem(rank: LadderRank, below: LadderRank | null): string | null {
  const measures = new Set<RankMeasure>();
  for (const requirement of rank.requirements) {
    if (measures.has(requirement.measure))
      return `${rank.name}: ${MEASURE_NAMES[requirement.measure]} is required twice`;
    measures.add(requirement.measure);
  }
  if (below === null) return null;
  for (const lower of below.requirements) {
    const same = rank.requirements.find((requirement) => requirement.measure === lower.measure);
    const what = MEASURE_NAMES[lower.measure];
    if (same === undefined) return `${rank.name}: must also require ${what}, as ${below.name} does`;
    if (same.min < lower.min)
      return `${rank.name}: ${what} must be at least ${below.name}'s ${lower.min.toLocaleString('en-US')}`;
  }
  const asksMore = rank.requirements.some((requirement) => {
    const lower = below.requirements.find((candidate) => candidate.measure === requirement.measure);
    return requirement.min > (lower?.min ?? 0);
  });
  if (!asksMore) return `${rank.name}: its thresholds must be higher than ${below.name}'s`;
  return null;
}
