import { useId } from 'react';
import type { AuditEntry } from '#core/audit/audit.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
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
    <div className="overflow-x-auto rounded-lg border border-stone-800 bg-stone-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recent admin actions</caption>
        <thead className="bg-stone-950/60 text-stone-400">
          <tr>
            {['When', 'Who', 'Action', 'Target', 'Changes'].map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}

/** The audit tab: who did what to which record, newest first, with 'Load more' for older actions. */
export function AuditTab({ notify }: { notify: Notify }) {
  const headingId = useId();
  const log = useAuditLog();
  const entries = log.data?.pages.flat() ?? [];

  const loadMore = () =>
    void log.fetchNextPage().then((result) => {
      if (result.isError)
        notify({ kind: 'error', text: `Failed to load more admin actions: ${result.error.message}` });
    });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <header>
        <h2 id={headingId} className="text-2xl font-semibold text-stone-100">
          Audit Log
        </h2>
        <p className="mt-1 text-sm text-stone-400">Every admin action, with what it changed.</p>
      </header>
      {log.isPending ? (
        <LoadingState label="Loading admin actions..." />
      ) : !log.data ? (
        <ErrorState
          title="Error Loading Audit Log"
          message={log.error?.message ?? ''}
          onRetry={() => void log.refetch()}
        />
      ) : entries.length === 0 ? (
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
      )}
    </section>
  );
}
