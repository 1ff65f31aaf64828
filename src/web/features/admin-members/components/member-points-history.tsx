import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { PointsEntry } from '#core/members/points-history.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ShowMore } from '../../../components/show-more.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { getAdminMembersQueryOptions } from '../api/get-admin-members.ts';
import { useMemberPoints } from '../api/get-member-points.ts';
import { useUndoPoints } from '../api/member-actions.ts';
import { POINTS_TOAST_MS } from '../hooks/use-member-actions.ts';

/** Who the points came from: the event that paid them or the admin who gave them. */
function sourceOf(entry: PointsEntry): string {
  if (entry.event) return `Event: ${entry.event.name}`;
  if (entry.actor) return `By ${entry.actor.username}`;
  // The event was deleted or the admin's account removed since: the reason still says what it was.
  return 'Source no longer recorded';
}

function signed(amount: number): string {
  return amount > 0 ? `+${formatNumber(amount)}` : formatNumber(amount);
}

function EntryRow({ entry, onUndo }: { entry: PointsEntry; onUndo: () => void }) {
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-3 gap-y-0.5 border-t border-stone-800 py-2 first:border-t-0 sm:grid-cols-[4rem_1fr_auto]">
      <span
        className={`row-span-2 font-semibold tabular-nums sm:row-span-1 ${
          entry.amount < 0 ? 'text-red-300' : 'text-emerald-300'
        }`}
      >
        {signed(entry.amount)}
        <span className="sr-only"> points</span>
      </span>
      <span className="min-w-0 wrap-anywhere text-stone-100">
        {entry.reason}
        <span className="block text-xs text-stone-400">{sourceOf(entry)}</span>
        {entry.undone_at !== null && (
          <span className="block text-xs text-amber-300">Undone {formatDateTime(entry.undone_at)}</span>
        )}
      </span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end">
        <time dateTime={entry.created_at} className="text-xs text-stone-400">
          {formatDateTime(entry.created_at)}
        </time>
        {entry.undoable && (
          <button
            type="button"
            onClick={onUndo}
            aria-label={`Undo ${signed(entry.amount)} points: ${entry.reason}`}
            className="rounded border border-stone-600 px-2 py-0.5 text-xs font-medium text-stone-100 hover:bg-stone-800"
          >
            Undo
          </button>
        )}
      </span>
    </li>
  );
}

/**
 * The question before an award is taken back (issue 29): the server books a reversing entry, so the
 * award and its undo both stay in the history and the audit log.
 */
function UndoDialog({
  entry,
  womId,
  name,
  onClose,
}: {
  entry: PointsEntry;
  womId: string;
  name: string;
  onClose: () => void;
}) {
  const undo = useUndoPoints();
  const confirm = () =>
    undo.mutate(
      { womId, pointId: entry.id },
      {
        onSuccess: () => {
          toast(`Undid ${formatNumber(entry.amount)} points for ${name}`, { duration: POINTS_TOAST_MS });
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={confirm}
      title={`Undo ${signed(entry.amount)} points for ${name}?`}
      description={
        <>
          <p>
            &ldquo;{entry.reason}&rdquo;{entry.actor && `, given by ${entry.actor.username}`} on{' '}
            {formatDateTime(entry.created_at)}.
          </p>
          <p>
            An entry of {formatNumber(-entry.amount)} is booked against it and the siege score goes down by{' '}
            {formatNumber(entry.amount)}. Both stay in the history and the audit log.
          </p>
        </>
      }
      label="Undo Points"
      pendingLabel="Undoing..."
      pending={undo.isPending}
      error={undo.isError ? `Failed to undo the points: ${undo.error.message}` : null}
    />
  );
}

/**
 * A member's points in the open season (issue 21), newest first: each ledger row's amount, reason,
 * the event or admin behind it, and when; ten at a time with "Show more"; an award still standing
 * can be undone (issue 29). It follows the member's row in the admin list, so points just given or
 * taken back appear here too.
 */
export function MemberPointsHistory({ womId, name }: { womId: string; name: string }) {
  const headingId = useId();
  const [undoing, setUndoing] = useState<PointsEntry | null>(null);
  const { data: memberUpdatedAt = null } = useQuery({
    ...getAdminMembersQueryOptions(),
    select: (members) => members.find((member) => member.wom_id === womId)?.updated_at ?? null,
  });
  const history = useMemberPoints(womId, memberUpdatedAt);

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <header className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={headingId} className="text-sm font-semibold tracking-wide text-stone-300 uppercase">
          Points history
        </h3>
        {history.data && <p className="text-sm text-stone-400">{history.data.pages[0]?.season.name}</p>}
      </header>
      <QueryState
        query={history}
        loadingLabel="Loading points history..."
        errorTitle="Error Loading Points History"
        keepDataOnError={history.isFetchNextPageError}
      >
        {(data) => {
          const entries = data.pages.flatMap((page) => page.items);
          return entries.length === 0 ? (
            <p className="text-sm text-stone-400">No points yet this season.</p>
          ) : (
            <>
              <ul aria-labelledby={headingId} className="text-sm">
                {entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} onUndo={() => setUndoing(entry)} />
                ))}
              </ul>
              <ShowMore list={history} what="points" />
            </>
          );
        }}
      </QueryState>
      {undoing && (
        <UndoDialog
          key={undoing.id}
          entry={undoing}
          womId={womId}
          name={name}
          onClose={() => setUndoing(null)}
        />
      )}
    </section>
  );
}
