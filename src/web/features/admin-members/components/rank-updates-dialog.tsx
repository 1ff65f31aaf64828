import { roleDisplayName } from '#core/members/roles.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useApplyRankChanges, type RankChangesOutcome } from '../hooks/use-apply-rank-changes.ts';
import type { Mismatch } from '../lib/rank-mismatches.ts';
import { Modal } from '../../../components/modal.tsx';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Outcome({ outcome, total }: { outcome: RankChangesOutcome; total: number }) {
  return (
    <div className="space-y-3">
      <FormAlert kind="success">
        Updated {outcome.succeeded.length} of {plural(total, 'rank', 'ranks')}.
      </FormAlert>
      {outcome.failed.length > 0 && (
        <FormAlert>
          Failed to update {plural(outcome.failed.length, 'rank', 'ranks')}:{' '}
          {outcome.failed.map(({ change, message }) => `${change.name} (${message})`).join(', ')}
        </FormAlert>
      )}
    </div>
  );
}

const BUTTON = 'rounded px-4 py-2 text-sm font-semibold disabled:opacity-60';

/**
 * The one confirmation for the rank updates the admin selected: what each member goes from and to,
 * then how many were saved and which failed, and why. It cannot be closed while it is saving.
 */
function ApplyRankUpdates({
  members,
  apply,
  onClose,
}: {
  members: readonly Mismatch[];
  apply: ReturnType<typeof useApplyRankChanges>;
  onClose: () => void;
}) {
  const changes = members.map((member) => ({
    womId: member.wom_id,
    name: member.name,
    role: member.rank_proposal.rank,
  }));
  return (
    <div className="space-y-4">
      <ul aria-label="Rank changes" className="max-h-72 space-y-1 overflow-y-auto text-sm">
        {members.map((member) => (
          <li key={member.wom_id} className="flex flex-wrap gap-x-2">
            <span className="font-medium text-stone-100">{member.name}:</span>
            <span className="text-stone-300">
              {roleDisplayName(member.womrole)} to {roleDisplayName(member.rank_proposal.rank)}
            </span>
            <span className="text-stone-400">({member.rank_proposal.direction})</span>
          </li>
        ))}
      </ul>
      {apply.data && <Outcome outcome={apply.data} total={changes.length} />}
      <div className="flex justify-end gap-2">
        {apply.data ? (
          <button type="button" onClick={onClose} className={`${BUTTON} bg-gold-500 text-stone-950`}>
            Done
          </button>
        ) : (
          <>
            <button
              type="button"
              onClick={onClose}
              disabled={apply.isPending}
              className={`${BUTTON} border border-stone-600 text-stone-100 hover:bg-stone-800`}
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => apply.mutate(changes)}
              disabled={apply.isPending}
              className={`${BUTTON} bg-gold-500 text-stone-950 hover:bg-gold-400`}
            >
              {apply.isPending
                ? `Applying ${apply.done + 1} of ${changes.length}...`
                : `Apply ${plural(changes.length, 'Rank Change', 'Rank Changes')}`}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

export function RankUpdatesDialog({
  members,
  onClose,
}: {
  /** The selected members, as they were when the dialog opened; null while it is closed. */
  members: readonly Mismatch[] | null;
  onClose: () => void;
}) {
  const apply = useApplyRankChanges();
  // Closing mid-way would hide how the batch ended: it closes only before or after it runs.
  const close = () => {
    if (apply.isPending) return;
    apply.reset();
    onClose();
  };
  return (
    <Modal
      open={members !== null}
      onOpenChange={(open) => !open && close()}
      title="Apply Rank Updates"
      description="Each change is saved and recorded in the audit log, as with Update Rank."
    >
      {members && <ApplyRankUpdates members={members} apply={apply} onClose={close} />}
    </Modal>
  );
}
