import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { RankProposal } from '#core/members/rank-proposals.ts';

export type Mismatch = AdminMember & { rank_proposal: RankProposal };

/**
 * Shown members whose site role is not the rank their XP or EHB earns (spec §4, Ranks), as the
 * server proposes it: it leaves out gem demotions that rest on a baseline the site only first saw.
 */
export function rankMismatches(members: readonly AdminMember[]): Mismatch[] {
  return members
    .filter((member): member is Mismatch => !member.hidden && member.rank_proposal !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}
