import { useId } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { pendingClaimRequests, useAdminClaimRequests } from '../api/get-claim-requests.ts';
import { ClaimRequestRow } from './claim-request-row.tsx';

/**
 * The claim requests waiting for a review, with their count, for the Alerts tab: the same rows (and
 * Approve and Deny) as the Claims tab, so a decision can be made where it is seen.
 */
export function PendingClaimRequests({ notify }: { notify: Notify }) {
  const headingId = useId();
  const requests = useAdminClaimRequests();
  const pending = requests.data ? pendingClaimRequests(requests.data) : [];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900">
      <h3
        id={headingId}
        className="flex items-center gap-2 border-b border-stone-800 px-4 py-3 text-lg font-semibold text-stone-100"
      >
        Claim Requests
        {requests.data && (
          <span className="rounded-full bg-sky-600 px-2 py-0.5 text-xs font-bold text-white">
            {pending.length}
            <span className="sr-only"> pending</span>
          </span>
        )}
      </h3>
      <div className="p-4">
        <QueryState
          query={requests}
          loadingLabel="Loading claim requests..."
          errorTitle="Error Loading Claim Requests"
        >
          {() =>
            pending.length === 0 ? (
              <p className="py-2 text-center text-stone-400">No pending claim requests</p>
            ) : (
              <DataTable
                caption="Pending claim requests"
                columns={['User', 'Member', 'Message', 'Requested', 'Status', 'Review']}
                stacked
              >
                {pending.map((request) => (
                  <ClaimRequestRow key={request.id} request={request} notify={notify} />
                ))}
              </DataTable>
            )
          }
        </QueryState>
      </div>
    </section>
  );
}
