import { z } from 'zod';
import { FIRST_SEEN, type BaselineSource } from './baseline-source.ts';
import { RANK_MEASURES, type RankLadder, type RankMeasure } from '../clan/rank-ladder.schema.ts';
import {
  MEASURE_NAMES,
  WOM_MEASURES,
  earnedIndex,
  figuresOf,
  isExemptRole,
  missingFor,
  placeOf,
  toNumber,
  type LadderMember,
  type MemberFigures,
} from '../clan/rank-ladder.ts';
import { isMeasured } from './baseline.ts';

/** A rank change the Alerts tab proposes, with the figure it rests on, as people read it. */
export const rankProposalSchema = z.object({
  rank: z.string(),
  direction: z.enum(['promotion', 'demotion']),
  /** "XP gained 34.4M since 12 Jun 2024" or "EHB 305". */
  basis: z.string(),
  /** The measure the change rests on first: the queue's "on which requirement". */
  requirement: z.enum(RANK_MEASURES).nullable(),
});
export type RankProposal = z.infer<typeof rankProposalSchema>;

export interface ProposalMember extends LadderMember {
  hidden?: boolean;
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

/** One requirement's figure as people read it: 'XP gained 34.4M since 12 Jun 2024', 'EHB 305'. */
function figureText(member: ProposalMember, measure: RankMeasure, figures: MemberFigures): string {
  const value = figures[measure] ?? 0;
  const whole = Math.floor(value).toLocaleString('en-US');
  switch (measure) {
    case 'clan_xp': {
      const since = `XP gained ${shortXp(value)} since ${basisDate(baselineDate(member))}`;
      return member.baseline_source === FIRST_SEEN ? `${since} (first seen by this site)` : since;
    }
    case 'total_xp':
      return `Total XP ${shortXp(value)}`;
    case 'tenure_days':
      return `In the clan ${whole} days`;
    default:
      return `${MEASURE_NAMES[measure]} ${whole}`;
  }
}

/**
 * The rank change the member's figures call for, or null: the highest rank of their path whose
 * requirements all hold, when it is not the rank they hold. Hidden members, members without a WOM
 * id, exempt roles, staff and roles on no path get none, nor do members WOM never measured on a path
 * that reads WOM's figures (issue 29). A demotion that rests only on clan XP from a "first seen"
 * baseline is never proposed: that baseline counts only what was gained since the site was
 * installed, so it can prove a member earned more, never that they earned less (issue 20: on a fresh
 * install of a real clan most of the clan would otherwise be proposed for the bottom rank).
 */
export function rankProposal(ladder: RankLadder, member: ProposalMember, now: Date): RankProposal | null {
  if (member.hidden === true) return null;
  if (member.wom_id === null || member.wom_id === undefined || member.wom_id.trim() === '') return null;
  if (isExemptRole(ladder, member.womrole)) return null;
  const place = placeOf(ladder, member.womrole);
  if (place === null) return null;
  const { path, index: held } = place;
  const measured = isMeasured({ current_xp: toNumber(member.current_xp) });
  const figures = figuresOf(member, now);
  const earned = earnedIndex(path, figures);
  const target = path.ranks[earned];
  const current = path.ranks[held];
  if (earned === held || target === undefined || current === undefined) return null;
  const direction = earned > held ? 'promotion' : 'demotion';
  // A promotion rests on what the new rank asks; a demotion on what the held rank asks and is missing.
  const basisMeasures =
    direction === 'promotion'
      ? target.requirements.map((requirement) => requirement.measure)
      : missingFor(current, figures).map((item) => item.measure);
  if (!measured && basisMeasures.some((measure) => WOM_MEASURES.has(measure))) return null;
  if (
    direction === 'demotion' &&
    member.baseline_source === FIRST_SEEN &&
    basisMeasures.every((measure) => measure === 'clan_xp')
  )
    return null;
  return {
    rank: target.role,
    direction,
    basis: basisMeasures.map((measure) => figureText(member, measure, figures)).join(', '),
    requirement: basisMeasures[0] ?? null,
  };
}
