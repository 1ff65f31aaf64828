import type { SyncRunItem } from '#core/sync/sync.schema.ts';
import { DataTable } from '../../../components/data-table.tsx';
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

/** A job's recent runs, newest first: when, how long, how it ended and what it did. */
export function SyncRunsTable({ runs, caption }: { runs: SyncRunItem[]; caption: string }) {
  return (
    <DataTable caption={caption} captionVisible columns={COLUMNS}>
      {runs.length === 0 ? (
        <tr>
          <td colSpan={COLUMNS.length} className="px-4 py-4 text-center text-stone-400">
            No runs yet
          </td>
        </tr>
      ) : (
        runs.map((run) => (
          <tr key={run.id} className="border-t border-stone-800 align-top">
            <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(run.started_at)}</td>
            <td className="px-4 py-2 whitespace-nowrap">
              {runDuration(run.started_at, run.finished_at) ?? '-'}
            </td>
            <td className={`px-4 py-2 font-medium ${OUTCOMES[run.outcome].className}`}>
              {OUTCOMES[run.outcome].label}
            </td>
            <td className="px-4 py-2">{formatNumber(run.wom_requests)}</td>
            <td className="px-4 py-2">
              <Counts counts={run.counts} />
            </td>
            <td className="px-4 py-2 break-words text-red-300">{run.error ?? ''}</td>
          </tr>
        ))
      )}
    </DataTable>
  );
}
