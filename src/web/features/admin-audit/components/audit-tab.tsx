import { useState } from 'react';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useAuditFilters, useAuditLog, type AuditFilter } from '../api/get-audit-log.ts';
import { AuditEntryItem } from './audit-entry.tsx';
import { AuditFilterBar } from './audit-filters.tsx';

const isFiltered = (filter: AuditFilter) => Object.values(filter).some((value) => value !== undefined);

/**
 * The audit tab: each admin action as a sentence, newest first, narrowed by who, what and which
 * member, with 'Load more' for older actions and each action's changes field by field on request.
 */
export function AuditTab({ notify }: { notify: Notify }) {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  // Without the choices the filters still work: the member box takes a WOM id, the rest show 'Any'.
  const choices = useAuditFilters();

  const loadMore = () =>
    void log.fetchNextPage().then((result) => {
      if (result.isError)
        notify({ kind: 'error', text: `Failed to load more admin actions: ${result.error.message}` });
    });

  return (
    <TabSection title="Audit Log" description="Every admin action, with what it changed.">
      <AuditFilterBar choices={choices.data} filter={filter} onChange={setFilter} />
      {/* A failed 'Load more' keeps the pages already shown; it is reported as a notice. */}
      <QueryState
        query={log}
        loadingLabel="Loading admin actions..."
        errorTitle="Error Loading Audit Log"
        keepDataOnError
      >
        {(data) => {
          const entries = data.pages.flat();
          if (entries.length === 0)
            return (
              <EmptyState
                title={
                  isFiltered(filter)
                    ? 'No admin actions match these filters'
                    : 'No admin actions recorded yet'
                }
              />
            );
          return (
            <>
              <ol aria-label="Recent admin actions" className="space-y-2">
                {entries.map((entry) => (
                  <AuditEntryItem key={entry.id} entry={entry} />
                ))}
              </ol>
              {log.hasNextPage && (
                <div className="text-center">
                  <button
                    type="button"
                    onClick={loadMore}
                    disabled={log.isFetchingNextPage}
                    className="rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 disabled:opacity-60"
                  >
                    {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </button>
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </TabSection>
  );
}
