import { useId, useState } from 'react';
import { REASON_MAX, type BingoSubmission } from '#core/bingo/submissions.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDecide, useRefereeQueue, type QueueFilter } from '../api/referee-queue.ts';

const FILTERS: ReadonlyArray<{ value: QueueFilter; label: string }> = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
];

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const BUTTON = 'rounded px-3 py-1.5 text-sm font-semibold disabled:opacity-60';

function Decision({ boardId, submission }: { boardId: number; submission: BingoSubmission }) {
  const decide = useDecide(boardId);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  if (submission.status !== 'pending')
    return (
      <div className="space-y-2">
        {submission.reason && <p className="text-sm text-stone-300">Reason: {submission.reason}</p>}
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: submission.id, status: 'pending' })}
          className={`${BUTTON} border border-stone-600 text-stone-200 hover:bg-stone-800`}
        >
          {submission.status === 'approved' ? 'Undo approval' : 'Reopen'}
        </button>
        {decide.isError && <FormAlert>{decide.error.message}</FormAlert>}
      </div>
    );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: submission.id, status: 'approved' })}
          className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-600`}
        >
          Approve
        </button>
        <button
          type="button"
          aria-expanded={denying}
          onClick={() => setDenying((open) => !open)}
          className={`${BUTTON} border border-red-500 text-red-200 hover:bg-red-950`}
        >
          Deny…
        </button>
      </div>
      {denying && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            decide.mutate({ id: submission.id, status: 'denied', reason });
          }}
        >
          <div className="min-w-0 flex-1 space-y-1">
            <label htmlFor={reasonId} className="block text-sm text-stone-200">
              Reason the member sees
            </label>
            <input
              id={reasonId}
              value={reason}
              maxLength={REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-1.5 text-stone-100 focus:border-gold-400"
            />
          </div>
          <button
            type="submit"
            disabled={decide.isPending}
            className={`${BUTTON} bg-red-700 text-white hover:bg-red-600`}
          >
            Deny
          </button>
        </form>
      )}
      {decide.isError && <FormAlert>{decide.error.message}</FormAlert>}
    </div>
  );
}

/**
 * The referee queue of one board (issue 31): each proof with its screenshot, the member, the team
 * and the tile; approve, deny with a reason the member sees, or undo. Proofs the site found itself
 * on a refereed board say so. The server refuses anyone but the admins and the board's referees.
 */
export function RefereeQueue({ boardId, codeword }: { boardId: number; codeword?: string | null }) {
  const [status, setStatus] = useState<QueueFilter>('pending');
  const queue = useRefereeQueue(boardId, status);
  return (
    <section aria-labelledby={`queue-${boardId}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`queue-${boardId}`} className="text-lg font-semibold text-stone-100">
          Referee queue
        </h2>
        <div role="group" aria-label="Show" className="flex gap-1">
          {FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => setStatus(filter.value)}
              className={`rounded px-3 py-1 text-sm ${status === filter.value ? 'bg-gold-500 font-semibold text-stone-950' : 'border border-stone-700 text-stone-200 hover:bg-stone-800'}`}
            >
              {filter.label}
            </button>
          ))}
        </div>
      </div>
      {codeword && (
        <p className="text-sm text-stone-300">Each screenshot must show the codeword: {codeword}</p>
      )}
      <QueryState query={queue} loadingLabel="Loading the queue..." errorTitle="Error Loading the Queue">
        {(submissions) =>
          submissions.length === 0 ? (
            <p className="text-sm text-stone-400">Nothing here.</p>
          ) : (
            <ul className="space-y-3">
              {submissions.map((submission) => (
                <li
                  key={submission.id}
                  className="flex flex-col gap-3 rounded border border-stone-800 bg-stone-900 p-3 sm:flex-row"
                >
                  {submission.screenshot ? (
                    <a
                      href={submission.screenshot.full}
                      target="_blank"
                      rel="noreferrer"
                      className="shrink-0"
                    >
                      <img
                        src={submission.screenshot.thumbnail}
                        alt={`Proof from ${submission.member_name} for ${submission.tile_title}`}
                        loading="lazy"
                        className="w-full max-w-60 rounded border border-stone-700"
                      />
                    </a>
                  ) : (
                    <span className="text-sm text-stone-400">No screenshot</span>
                  )}
                  <div className="min-w-0 flex-1 space-y-1 text-sm">
                    <p className="font-medium text-stone-100">
                      {submission.tile_title} · {submission.team_name}
                    </p>
                    <p className="text-stone-300">
                      {submission.source === 'auto' ? 'Found by the site for ' : 'Sent by '}
                      {submission.member_name} · {when(submission.created_at)}
                    </p>
                    {submission.note && <p className="break-words text-stone-300">“{submission.note}”</p>}
                    <Decision boardId={boardId} submission={submission} />
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
