import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import type { AdminMember } from '#core/members/admin-members.schema.ts';
import type { RankProposal } from '#core/members/rank-proposals.ts';
import { roleDisplayName } from '#core/members/roles.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useChangeRank } from '../api/member-actions.ts';

type Mismatch = AdminMember & { rank_proposal: RankProposal };

/**
 * Shown members whose site role is not the rank their XP or EHB earns (spec §4, Ranks), as the
 * server proposes it: it leaves out gem demotions that rest on a baseline the site only first saw.
 */
function rankMismatches(members: readonly AdminMember[]): Mismatch[] {
  return members
    .filter((member): member is Mismatch => !member.hidden && member.rank_proposal !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

function RankUpdateRow({ member, notify }: { member: Mismatch; notify: Notify }) {
  const changeRank = useChangeRank();
  const nameId = useId();
  const proposal = member.rank_proposal;
  const rank = roleDisplayName(proposal.rank);

  // mutateAsync rather than mutate's callbacks: the saved member leaves this list, so the row
  // unmounts before a per-call callback could run.
  const update = () =>
    changeRank.mutateAsync({ womId: member.wom_id, role: proposal.rank }).then(
      () => notify({ kind: 'success', text: `${member.name} is now ${rank}` }),
      (error: Error) => notify({ kind: 'error', text: `Failed to update rank: ${error.message}` }),
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div>
        <p id={nameId} className="font-medium text-stone-100">
          {member.name}
        </p>
        <p className="flex items-center gap-2 text-sm text-stone-400">
          <span>{roleDisplayName(member.womrole)}</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">to</span>
          <span className="font-medium text-gold-300">{rank}</span>
          <span className="sr-only">, a {proposal.direction}</span>
        </p>
        <p className="text-xs text-stone-500">{proposal.basis}</p>
      </div>
      <button
        type="button"
        onClick={() => void update()}
        disabled={changeRank.isPending}
        aria-describedby={nameId}
        className="rounded bg-gold-500 px-3 py-1.5 text-sm font-medium text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {changeRank.isPending ? 'Updating...' : 'Update Rank'}
      </button>
    </li>
  );
}

/** 'Rank Updates': each mismatched member with an 'Update Rank' button that sets the calculated rank. */
export function RankUpdates({ members, notify }: { members: readonly AdminMember[]; notify: Notify }) {
  const headingId = useId();
  const mismatches = rankMismatches(members);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900">
      <h3 id={headingId} className="border-b border-stone-800 px-4 py-3 text-lg font-semibold text-stone-100">
        Rank Updates
      </h3>
      {mismatches.length === 0 ? (
        <p className="px-4 py-6 text-center text-stone-400">No rank updates required</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-stone-800">
          {mismatches.map((member) => (
            <RankUpdateRow key={member.wom_id} member={member} notify={notify} />
          ))}
        </ul>
      )}
    </section>
  );
}
