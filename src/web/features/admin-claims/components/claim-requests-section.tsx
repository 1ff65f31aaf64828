import { useState } from 'react';
import type { ClaimRequest } from '#core/claims/claims.schema.ts';
import { DataTable } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useAdminClaimRequests } from '../api/get-claim-requests.ts';
import { ClaimRequestRow } from './claim-request-row.tsx';

const FILTERS = [
  { value: 'pending', label: 'Pending', empty: 'No pending claim requests' },
  { value: 'all', label: 'All', empty: 'No claim requests yet' },
] as const;
type Filter = (typeof FILTERS)[number];

function FilterButtons({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  return (
    <div role="group" aria-label="Show claim requests" className="flex gap-1">
      {FILTERS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option === filter}
          onClick={() => onChange(option)}
          className="rounded border border-stone-700 px-3 py-1 text-sm text-stone-300 hover:bg-stone-800 aria-pressed:border-gold-400 aria-pressed:text-gold-300"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function ClaimRequestTable({
  requests,
  filter,
  notify,
}: {
  requests: ClaimRequest[];
  filter: Filter;
  notify: Notify;
}) {
  const shown = filter.value === 'pending' ? requests.filter((r) => r.status === 'pending') : requests;
  if (shown.length === 0) return <EmptyState title={filter.empty} />;
  return (
    <DataTable
      stacked
      caption="Claim requests"
      columns={['User', 'Member', 'Message', 'Requested', 'Status', 'Review']}
    >
      {shown.map((request) => (
        <ClaimRequestRow key={request.id} request={request} notify={notify} />
      ))}
    </DataTable>
  );
}

/** The requests users make for a member they say is theirs; the pending ones, to review, by default. */
export function ClaimRequestsSection({ notify }: { notify: Notify }) {
  const requests = useAdminClaimRequests();
  const [filter, setFilter] = useState<Filter>(FILTERS[0]);
  return (
    <TabSection
      title="Claim Requests"
      description="Approving links the member to the user's account; a member can have one owner."
      actions={<FilterButtons filter={filter} onChange={setFilter} />}
    >
      <QueryState
        query={requests}
        loadingLabel="Loading claim requests..."
        errorTitle="Error Loading Claim Requests"
      >
        {(data) => <ClaimRequestTable requests={data} filter={filter} notify={notify} />}
      </QueryState>
    </TabSection>
  );
}
