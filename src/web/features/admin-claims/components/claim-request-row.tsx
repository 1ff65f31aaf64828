import { useId, useState } from 'react';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { StackedLabel } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useReviewClaimRequest, type ReviewStatus } from '../api/review-claim-request.ts';
import { ClaimStatusBadge } from './claim-status-badge.tsx';

const REVIEWED: Record<ReviewStatus, string> = { approved: 'Approved', denied: 'Denied' };

function PendingReview({ request, notify }: { request: ClaimRequest; notify: Notify }) {
  const review = useReviewClaimRequest();
  const [notes, setNotes] = useState('');
  const ids = { notes: useId(), summary: useId() };
  const { confirm, dialog } = useConfirm();

  const decide = (status: ReviewStatus) => {
    // mutateAsync: the reviewed request leaves the pending list before a per-call callback could run.
    void review.mutateAsync({ id: request.id, status, adminNotes: notes }).then(
      () =>
        notify({
          kind: 'success',
          text: `${REVIEWED[status]} ${request.username}'s claim to ${request.rsn}.`,
        }),
      // The server says why in the spec's words ('This player has already been claimed').
      (error: Error) => notify({ kind: 'error', text: error.message }),
    );
  };
  // An approval is what the member asked for; a denial is not undone, so it is asked first.
  const deny = async () => {
    const yes = await confirm({
      title: `Deny ${request.username}'s claim to ${request.rsn}?`,
      description: notes.trim()
        ? `The request is closed as denied, with your note: ${notes.trim()}`
        : 'The request is closed as denied. They can ask again with a new request.',
      label: 'Deny Claim',
    });
    if (yes) decide('denied');
  };

  return (
    <div className="min-w-56 space-y-2">
      <span id={ids.summary} className="sr-only">
        {`${request.username}'s request for ${request.rsn}`}
      </span>
      <label htmlFor={ids.notes} className="block text-xs font-medium text-stone-300">
        Admin Notes
      </label>
      <input
        id={ids.notes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        maxLength={1000}
        autoComplete="off"
        placeholder="Optional"
        aria-describedby={ids.summary}
        className="w-full rounded border border-stone-700 bg-stone-950 px-2 py-1 text-sm text-stone-100 placeholder:text-stone-500 focus:border-gold-400"
      />
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => decide('approved')}
          disabled={review.isPending}
          aria-describedby={ids.summary}
          className="rounded bg-emerald-800 px-3 py-1 text-sm font-medium text-white hover:bg-emerald-700 disabled:opacity-60"
        >
          Approve
        </button>
        <button
          type="button"
          onClick={() => void deny()}
          disabled={review.isPending}
          aria-describedby={ids.summary}
          className="rounded border border-red-900 px-3 py-1 text-sm text-red-300 hover:bg-red-950 disabled:opacity-60"
        >
          Deny
        </button>
      </div>
      {dialog}
    </div>
  );
}

function PastReview({ request }: { request: ClaimRequest }) {
  return (
    <div className="space-y-1 text-sm">
      {request.reviewed_at && (
        <span className="block text-xs text-stone-400">Reviewed {formatDateTime(request.reviewed_at)}</span>
      )}
      {request.admin_notes ? (
        <span className="block text-stone-300">{request.admin_notes}</span>
      ) : (
        <span className="block text-stone-400">No notes</span>
      )}
    </div>
  );
}

/** One request: who asks for which member and why, and the review (to make, or as made). */
export function ClaimRequestRow({ request, notify }: { request: ClaimRequest; notify: Notify }) {
  return (
    <tr className="border-t border-stone-800 align-top">
      <th scope="row" className="px-4 py-3 text-left font-medium text-stone-100">
        {request.username}
      </th>
      <td className="px-4 py-3">
        <StackedLabel>Member</StackedLabel>
        {request.rsn}
      </td>
      <td className="px-4 py-3 break-words max-sm:col-span-2 sm:max-w-xs">
        <StackedLabel>Message</StackedLabel>
        {request.message ?? <span className="text-stone-400">No message</span>}
      </td>
      <td className="px-4 py-3 sm:whitespace-nowrap">
        <StackedLabel>Requested</StackedLabel>
        {formatDateTime(request.created_at)}
      </td>
      <td className="px-4 py-3">
        <StackedLabel>Status</StackedLabel>
        <ClaimStatusBadge status={request.status} />
      </td>
      <td className="px-4 py-3 max-sm:col-span-2">
        {request.status === 'pending' ? (
          <PendingReview request={request} notify={notify} />
        ) : (
          <PastReview request={request} />
        )}
      </td>
    </tr>
  );
}
