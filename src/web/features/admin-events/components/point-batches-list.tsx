import type { Notify } from '../../../components/notice-banner.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { usePointBatches, useUndoBatch } from '../api/point-batches.ts';

/** The latest awards made in one go, each undone as a whole after a confirmation (issue 30). */
export function PointBatchesList({ notify }: { notify: Notify }) {
  const batches = usePointBatches();
  const undo = useUndoBatch();
  const { confirm, dialog } = useConfirm();
  if (!batches.data || batches.data.length === 0) return null;

  const run = async (id: number, reason: string, members: number) => {
    const yes = await confirm({
      title: `Undo "${reason}"?`,
      description: `Each of its ${members} members loses the points it gave, by a reversing entry in their points history.`,
      label: 'Undo award',
    });
    if (!yes) return;
    undo.mutate(id, {
      onSuccess: () => notify({ kind: 'success', text: `"${reason}" is undone.` }),
      onError: (error) => notify({ kind: 'error', text: `Failed to undo "${reason}": ${error.message}` }),
    });
  };

  return (
    <SectionPanel
      title="Awards made in one go"
      description="The latest 20; undoing one takes back every entry it booked."
    >
      <ul className="divide-y divide-stone-800">
        {batches.data.map((batch) => (
          <li key={batch.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-medium text-stone-100">{batch.reason}</p>
              <p className="text-xs text-stone-400">
                {batch.total} points to {batch.entries.length} member{batch.entries.length === 1 ? '' : 's'},{' '}
                {formatDateTime(batch.created_at)}
                {batch.undone_at && `, undone ${formatDateTime(batch.undone_at)}`}
              </p>
            </div>
            {!batch.undone_at && (
              <button
                type="button"
                disabled={undo.isPending}
                onClick={() => void run(batch.id, batch.reason, batch.entries.length)}
                className="rounded border border-red-900 px-3 py-1 text-sm text-red-300 hover:bg-red-950 disabled:opacity-60"
              >
                Undo<span className="sr-only"> {batch.reason}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {dialog}
    </SectionPanel>
  );
}
