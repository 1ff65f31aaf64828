import { useId } from 'react';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useClaimRequests } from '../api/get-claim-requests.ts';

const BADGES: Readonly<Record<ClaimRequest['status'], { label: string; className: string }>> = {
  pending: { label: 'Pending', className: 'bg-amber-500/20 text-amber-300' },
  approved: { label: 'Approved', className: 'bg-emerald-500/20 text-emerald-300' },
  denied: { label: 'Denied', className: 'bg-red-500/20 text-red-300' },
};

function ClaimRequestCard({ request }: { request: ClaimRequest }) {
  const nameId = useId();
  const badge = BADGES[request.status];
  return (
    <li>
      <article aria-labelledby={nameId} className="rounded-lg border border-stone-800 bg-stone-900 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={nameId} className="font-semibold text-stone-100">
            {request.rsn}
          </h3>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${badge.className}`}>
            {badge.label}
          </span>
        </div>
        <p className="mt-1 text-xs text-stone-400">Requested {formatLongDate(request.created_at)}</p>
        {request.message && <p className="mt-3 text-sm text-stone-300">{request.message}</p>}
        {request.admin_notes && (
          <p className="mt-3 rounded bg-stone-950/60 px-3 py-2 text-sm text-stone-300">
            <span className="font-medium text-stone-200">Admin notes: </span>
            {request.admin_notes}
          </p>
        )}
      </article>
    </li>
  );
}

/**
 * The user's claim requests, newest first, each with its status (spec §2, Profile tabs). The server
 * answers an admin with everyone's requests, for the dashboard; the profile shows only their own.
 */
export function ClaimRequestsList({ userId }: { userId: number }) {
  const requests = useClaimRequests();
  return (
    <QueryState query={requests} loadingLabel="Loading requests..." errorTitle="Error Loading Requests">
      {(all) => {
        const list = all.filter((request) => request.user_id === userId);
        return list.length === 0 ? (
          <EmptyState title="No Requests Yet">
            Requests you send from the Characters tab show here, with the admins' answers.
          </EmptyState>
        ) : (
          <ul aria-label="Claim requests" className="space-y-3">
            {list.map((request) => (
              <ClaimRequestCard key={request.id} request={request} />
            ))}
          </ul>
        );
      }}
    </QueryState>
  );
}
