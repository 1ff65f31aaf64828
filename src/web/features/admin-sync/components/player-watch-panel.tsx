import { useId, type ChangeEvent } from 'react';
import type { PlayerWatchStatus } from '#core/sync/sync.schema.ts';
import type { Notify } from '../../../components/notice-banner.tsx';
import { LoadingState } from '../../../components/states.tsx';
import { formatNumber } from '../../../lib/format.ts';
import {
  adminMembersKey,
  getPlayerWatchStatus,
  playerWatchQueryKey,
  useImportPlayerWatch,
  useRunPlayerWatch,
} from '../api/player-watch.ts';
import { usePolledStatus } from '../hooks/use-polled-status.ts';
import { ConnectionNotice } from './connection-notice.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { SyncRunsTable } from './sync-runs-table.tsx';

/**
 * The last download, when it failed. A failed download never clears anyone (domain-rules.md,
 * Player watch): the list from the last good one stays in use, and the admin is told so.
 */
function FailedDownload({ status }: { status: PlayerWatchStatus }) {
  const last = status.runs.find((run) => run.outcome !== 'running');
  if (status.running || last?.outcome !== 'failed') return null;
  return (
    <p role="alert" className="rounded border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200">
      The last download failed: {last.error ?? 'no reason was recorded'}. The last good list is kept.
    </p>
  );
}

/** Reads an uploaded file as the list: a JSON array, or a message saying why it is not one. */
async function readList(file: File): Promise<unknown[]> {
  const text = await file.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file.name} is not JSON`);
  }
  if (!Array.isArray(parsed)) throw new Error(`${file.name} is not a JSON array of cases`);
  return parsed as unknown[];
}

/** The player-watch list: where it comes from, its downloads, 'Download now' and an upload. */
export function PlayerWatchPanel({ notify }: { notify: Notify }) {
  const uploadId = useId();
  const { query: status, retryInMs } = usePolledStatus(
    playerWatchQueryKey,
    getPlayerWatchStatus,
    adminMembersKey,
  );
  const download = useRunPlayerWatch();
  const importList = useImportPlayerWatch();
  const running = status.data?.running ?? false;

  const downloadNow = () =>
    download.mutate(undefined, {
      onError: (error) => notify({ kind: 'error', text: `Failed to start the download: ${error.message}` }),
    });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      const result = await importList.mutateAsync(await readList(file));
      notify({
        kind: 'success',
        text: `Imported ${formatNumber(result.cases)} cases: ${formatNumber(result.reported_members)} members reported (${formatNumber(result.newly_reported)} new, ${formatNumber(result.cleared)} cleared).`,
      });
    } catch (error) {
      notify({ kind: 'error', text: `Failed to import the list: ${(error as Error).message}` });
    } finally {
      // The same file can be chosen again after it is fixed.
      input.value = '';
    }
  };

  return (
    <SectionPanel
      title="Player Watch List"
      description="The RuneWatch list is matched against member names; reported members appear under alerts."
    >
      {retryInMs !== null && status.error && (
        <ConnectionNotice retryInMs={retryInMs} message={status.error.message} />
      )}
      {status.data ? (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-400">Downloads from</dt>
            <dd className="break-all text-stone-200">
              {status.data.url ?? 'No address is configured: upload the list instead.'}
            </dd>
            <dt className="text-stone-400">Cases in the list</dt>
            <dd className="text-stone-200">{formatNumber(status.data.cases)}</dd>
            <dt className="text-stone-400">Reported members</dt>
            <dd className="text-stone-200">{formatNumber(status.data.alerts)}</dd>
          </dl>
          <div aria-live="polite">
            {running && <p className="text-sm text-sky-300">Downloading the list...</p>}
            <FailedDownload status={status.data} />
          </div>
        </>
      ) : (
        status.isPending && <LoadingState label="Loading the player-watch status..." />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={downloadNow}
          disabled={!status.data?.url || running || download.isPending}
          className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          {running ? 'Downloading...' : 'Download now'}
        </button>
        <label
          htmlFor={uploadId}
          className="cursor-pointer rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-400 has-[:disabled]:cursor-default has-[:disabled]:opacity-60"
        >
          {importList.isPending ? 'Importing...' : 'Upload list (JSON)'}
          <input
            id={uploadId}
            type="file"
            accept=".json,application/json"
            disabled={importList.isPending}
            onChange={(event) => void upload(event)}
            className="sr-only"
          />
        </label>
      </div>
      {status.data && <SyncRunsTable runs={status.data.runs} caption="Recent downloads" />}
    </SectionPanel>
  );
}
