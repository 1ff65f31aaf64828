import type { SyncRunItem } from '#core/sync/sync.schema.ts';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatNumber } from '../../../lib/format.ts';
import { runDuration } from '../utils/run-duration.ts';

const OUTCOMES: Record<SyncRunItem['outcome'], { label: string; className: string }> = {
  running: { label: 'Running', className: 'text-sky-300' },
  succeeded: { label: 'Succeeded', className: 'text-emerald-300' },
  failed: { label: 'Failed', className: 'text-red-300' },
};

const COLUMNS = ['Started', 'Duration', 'Outcome', 'WOM requests', 'Counts', 'Error'];

/** 'members_updated: 3' as 'members updated: 3', one per line. */
function Counts({ counts }: { counts: SyncRunItem['counts'] }) {
  const entries = Object.entries(counts ?? {});
  if (entries.length === 0) return <>-</>;
  return (
    <ul>
      {entries.map(([name, count]) => (
        <li key={name} className="whitespace-nowrap">
          {name.replace(/_/g, ' ')}: {formatNumber(count)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A job's recent runs, newest first: when, how long, how it ended and what it did. On a phone each
 * run is a card headed by its start, so nothing needs sideways scrolling (issue 21).
 */
export function SyncRunsTable({ runs, caption }: { runs: SyncRunItem[]; caption: string }) {
  return (
    <DataTable caption={caption} captionVisible columns={COLUMNS} stacked>
      {runs.length === 0 ? (
        <tr>
          <td colSpan={COLUMNS.length} className="px-4 py-4 text-center text-stone-400">
            No runs yet
          </td>
        </tr>
      ) : (
        runs.map((run) => (
          <tr key={run.id} className="border-t border-stone-800 align-top">
            <th scope="row" className="px-4 py-2 font-normal whitespace-nowrap text-stone-100">
              {formatDateTime(run.started_at)}
            </th>
            <td className="px-4 py-2 whitespace-nowrap">
              <StackedLabel>Duration</StackedLabel>
              {runDuration(run.started_at, run.finished_at) ?? '-'}
            </td>
            <td className={`px-4 py-2 font-medium ${OUTCOMES[run.outcome].className}`}>
              <StackedLabel>Outcome</StackedLabel>
              {OUTCOMES[run.outcome].label}
            </td>
            <td className="px-4 py-2">
              <StackedLabel>WOM requests</StackedLabel>
              {formatNumber(run.wom_requests)}
            </td>
            <td className="px-4 py-2 max-sm:col-span-2">
              <StackedLabel>Counts</StackedLabel>
              <Counts counts={run.counts} />
            </td>
            {run.error ? (
              <td className="px-4 py-2 break-words text-red-300 max-sm:col-span-2">
                <StackedLabel>Error</StackedLabel>
                {run.error}
              </td>
            ) : (
              <td className="px-4 py-2 max-sm:hidden" />
            )}
          </tr>
        ))
      )}
    </DataTable>
  );
}
