import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { backupDownloadPath, useBackups } from '../api/backups.ts';

const COLUMNS = ['Backup', 'Size', 'Taken'];

/**
 * 'Backups': the copies the backup job keeps (7 daily, 4 weekly, 6 monthly by default), each to
 * download, and a warning when the newest good one is over two days old, so a silently failing
 * schedule is seen before it is needed.
 */
export function BackupsPanel() {
  const backups = useBackups();
  return (
    <SectionPanel
      title="Backups"
      description="The server backs the database up every day and keeps the newest of the last 7 days, 4 weeks and 6 months. Download one to keep it elsewhere; npm run restore puts one back."
    >
      {backups.isPending && <LoadingState label="Loading the backups..." />}
      {backups.isError && (
        <ErrorState
          title="Backups unavailable"
          message={`Failed to load the backups: ${backups.error.message}`}
          onRetry={() => void backups.refetch()}
        />
      )}
      {backups.data && (
        <>
          {backups.data.stale && (
            <p
              role="alert"
              className="rounded border border-amber-700 bg-amber-950/60 px-3 py-2 text-sm text-amber-100"
            >
              {backups.data.backups.length === 0
                ? 'No backup has been taken yet.'
                : 'The last good backup is more than two days old: check the server log for "backup failed".'}
            </p>
          )}
          <DataTable caption="Backups" columns={COLUMNS} stacked>
            {backups.data.backups.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="px-4 py-4 text-center text-stone-400">
                  No backups yet
                </td>
              </tr>
            ) : (
              backups.data.backups.map((backup) => (
                <tr key={backup.name}>
                  <td className="px-4 py-2 break-all">
                    <StackedLabel>Backup</StackedLabel>
                    <a
                      href={backupDownloadPath(backup.name)}
                      download={backup.name}
                      className="text-gold-300 hover:text-gold-400 hover:underline"
                    >
                      {backup.name}
                    </a>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <StackedLabel>Size</StackedLabel>
                    {formatBytes(backup.bytes)}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <StackedLabel>Taken</StackedLabel>
                    {formatDateTime(backup.taken_at)}
                  </td>
                </tr>
              ))
            )}
          </DataTable>
        </>
      )}
    </SectionPanel>
  );
}
