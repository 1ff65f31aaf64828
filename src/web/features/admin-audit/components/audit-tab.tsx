import type { AuditEntry } from '#core/audit/audit.schema.ts';
import { DataTable } from '../../../components/data-table.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { summariseChange } from '../utils/change-summary.ts';

function Changes({ entry }: { entry: AuditEntry }) {
  const summary = summariseChange(entry.before, entry.after);
  if (summary.kind === 'created') return <span className="text-emerald-300">Created</span>;
  if (summary.kind === 'deleted') return <span className="text-red-300">Deleted</span>;
  if (summary.kind === 'unchanged') return <span className="text-stone-500">-</span>;
  return (
    <ul className="space-y-0.5">
      {summary.changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="text-stone-400">{change.field}:</span> {change.before}{' '}
          <span aria-hidden="true">→</span>
          <span className="sr-only">to</span> {change.after}
        </li>
      ))}
    </ul>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable caption="Recent admin actions" columns={['When', 'Who', 'Action', 'Target', 'Changes']}>
      {entries.map((entry) => (
        <tr key={entry.id} className="border-t border-stone-800 align-top">
          <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
          <td className="px-4 py-2">{entry.actor_label}</td>
          <td className="px-4 py-2">
            <code className="text-gold-300">{entry.action}</code>
          </td>
          <td className="px-4 py-2 whitespace-nowrap">
            {entry.target_type}
            {entry.target_id && <span className="text-stone-400"> {entry.target_id}</span>}
          </td>
          <td className="px-4 py-2">
            <Changes entry={entry} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The audit tab: who did what to which record, newest first, with 'Load more' for older actions. */
export function AuditTab({ notify }: { notify: Notify }) {
  const log = useAuditLog();

  const loadMore = () =>
    void log.fetchNextPage().then((result) => {
      if (result.isError)
        notify({ kind: 'error', text: `Failed to load more admin actions: ${result.error.message}` });
    });

  return (
    <TabSection title="Audit Log" description="Every admin action, with what it changed.">
      {/* A failed 'Load more' keeps the pages already shown; it is reported as a notice. */}
      <QueryState
        query={log}
        loadingLabel="Loading admin actions..."
        errorTitle="Error Loading Audit Log"
        keepDataOnError
      >
        {(data) => {
          const entries = data.pages.flat();
          return entries.length === 0 ? (
            <EmptyState title="No admin actions recorded yet" />
          ) : (
            <>
              <AuditTable entries={entries} />
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
