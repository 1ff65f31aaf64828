import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { RankProposal } from '#core/members/rank-proposals.ts';

export type Mismatch = AdminMember & { rank_proposal: RankProposal };

/** Who has waited longest first (issue 30's promotion queue); a proposal not yet dated goes last. */
function byDueSince(a: Mismatch, b: Mismatch): number {
  if (a.due_since === b.due_since) return 0;
  if (a.due_since === null) return 1;
  if (b.due_since === null) return -1;
  return a.due_since < b.due_since ? -1 : 1;
}

/**
 * Shown members whose role is not the rank the clan's ladder gives their figures (spec §4, Ranks;
 * issue 30), as the server proposes it: it leaves out gem demotions that rest on a baseline the site
 * only first saw. The queue lists who has waited longest first, then by name.
 */
export function rankMismatches(members: readonly AdminMember[]): Mismatch[] {
  return members
    .filter((member): member is Mismatch => !member.hidden && member.rank_proposal !== null)
    .sort((a, b) => byDueSince(a, b) || a.name.localeCompare(b.name));
}
