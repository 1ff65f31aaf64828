import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { MEASURE_NAMES, rankDisplayName } from '#core/clan/rank-ladder.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { useClan } from '../../../lib/clan-query.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useChangeRank } from '../api/member-actions.ts';
import type { Mismatch } from '../lib/rank-mismatches.ts';

/** One proposal: a box to select it for a batch, what it changes, what it rests on, and 'Update Rank'. */
export function RankUpdateRow({
  member,
  selected,
  onSelectedChange,
  notify,
}: {
  member: Mismatch;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  notify: Notify;
}) {
  const changeRank = useChangeRank();
  const nameId = useId();
  const ladder = useClan().data?.ranks;
  const proposal = member.rank_proposal;
  const rank = rankDisplayName(ladder, proposal.rank);

  // mutateAsync rather than mutate's callbacks: the saved member leaves this list, so the row
  // unmounts before a per-call callback could run.
  const update = () =>
    changeRank.mutateAsync({ womId: member.wom_id, role: proposal.rank }).then(
      () => notify({ kind: 'success', text: `${member.name} is now ${rank}` }),
      (error: Error) => notify({ kind: 'error', text: `Failed to update rank: ${error.message}` }),
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelectedChange(event.target.checked)}
          aria-label={`Select ${member.name}`}
          className="mt-1 size-4 shrink-0 accent-gold-400"
        />
        <div className="min-w-0">
          <p id={nameId} className="font-medium text-stone-100">
            {member.name}
          </p>
          <p className="flex items-center gap-2 text-sm text-stone-400">
            <span>{rankDisplayName(ladder, member.womrole)}</span>
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">to</span>
            <span className="font-medium text-gold-300">{rank}</span>
            <span className="sr-only">, a {proposal.direction}</span>
          </p>
          <p className="text-xs text-stone-400">
            {proposal.requirement && (
              <span className="text-stone-300">{MEASURE_NAMES[proposal.requirement]}: </span>
            )}
            {proposal.basis}
          </p>
          {member.due_since && (
            <p className="text-xs text-stone-400">Due since {formatShortDate(member.due_since)}</p>
          )}
        </div>
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
