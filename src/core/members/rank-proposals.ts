import { z } from 'zod';
import { FIRST_SEEN, type BaselineSource } from './baseline-source.ts';
import { calculatedRank, clanXp, hasRoleMismatch, toNumber, type RankedMember } from './ranks.ts';
import { FIGHTER_RANKS, SKILLER_RANKS, normaliseRole, rankPathOf } from './roles.ts';

/** A rank change the Alerts tab proposes, with the figure it rests on, as people read it. */
export const rankProposalSchema = z.object({
  rank: z.string(),
  direction: z.enum(['promotion', 'demotion']),
  /** "XP gained 34.4M since 12 Jun 2024" or "EHB 305". */
  basis: z.string(),
});
export type RankProposal = z.infer<typeof rankProposalSchema>;

export interface ProposalMember extends RankedMember {
  baseline_source: BaselineSource;
  join_date: string | null;
  /** When the site first stored the member: the date a "first seen" baseline was taken. */
  created_at: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2024-06-12' or an ISO timestamp -> '12 Jun 2024', read in UTC like every server date. */
export function basisDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00.000Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 34_400_000 -> '34.4M', 850_000 -> '850K', 999 -> '999': short enough for a line on the Alerts tab. */
export function shortXp(xp: number): string {
  const sign = xp < 0 ? '-' : '';
  const size = Math.abs(xp);
  if (size >= 1_000_000) return `${sign}${(Math.floor(size / 100_000) / 10).toFixed(1)}M`;
  if (size >= 1_000) return `${sign}${Math.floor(size / 1_000)}K`;
  return `${sign}${Math.floor(size)}`;
}

/**
 * The date clan XP counts from: the day the site first saw the member for a "first seen" baseline
 * (which is all that baseline knows), otherwise the join date the baseline stands for.
 */
function baselineDate(member: ProposalMember): string {
  if (member.baseline_source === FIRST_SEEN) return member.created_at;
  return member.join_date ?? member.created_at;
}

function basisOf(member: ProposalMember, path: 'skiller' | 'fighter'): string {
  if (path === 'fighter') return `EHB ${Math.floor(toNumber(member.ehb))}`;
  const since = `XP gained ${shortXp(clanXp(member))} since ${basisDate(baselineDate(member))}`;
  return member.baseline_source === FIRST_SEEN ? `${since} (first seen by this site)` : since;
}

function bandIndex(path: 'skiller' | 'fighter', role: string | null): number {
  const bands: ReadonlyArray<{ role: string }> = path === 'skiller' ? SKILLER_RANKS : FIGHTER_RANKS;
  return bands.findIndex((band) => band.role === role);
}

/**
 * The rank change the member's figures call for, or null. A gem rank on a "first seen" baseline is
 * never proposed as a demotion: that baseline counts only what was gained since the site was
 * installed, so it can prove a member earned more, never that they earned less (issue 20: on a
 * fresh install of a real clan most of the clan would otherwise be proposed for Opal).
 */
export function rankProposal(member: ProposalMember): RankProposal | null {
  if (!hasRoleMismatch(member)) return null;
  const rank = calculatedRank(member);
  const role = normaliseRole(member.womrole);
  const path = rankPathOf(role);
  if (rank === null || path === null) return null;
  const direction = bandIndex(path, rank) > bandIndex(path, role) ? 'promotion' : 'demotion';
  if (direction === 'demotion' && path === 'skiller' && member.baseline_source === FIRST_SEEN) return null;
  return { rank, direction, basis: basisOf(member, path) };
}
