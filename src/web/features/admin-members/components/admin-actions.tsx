import { Download, RotateCcw, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useExportMembers } from '../api/export-members.ts';
import { errorMessage } from '../lib/error-message.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { ImportMembersDialog } from './import-members-dialog.tsx';
import { ResetScoresDialog } from './reset-scores-dialog.tsx';

/** The footer of the members tab (spec §2): the export, the import of an export, and the yearly reset. */
export function AdminActions({ notify }: { notify: Notify }) {
  const headingId = useId();
  const [resetOpen, setResetOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const { mutateAsync: exportMembers, isPending: exporting } = useExportMembers();

  const exportCsv = async () => {
    try {
      const { blob, filename, count } = await exportMembers();
      saveFile(blob, filename);
      notify({ kind: 'success', text: `Exported ${count} members to CSV.` });
    } catch (error) {
      notify({ kind: 'error', text: `Failed to export to CSV: ${errorMessage(error)}` });
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-stone-800 bg-stone-900/60 p-4">
      <h3 id={headingId} className="text-lg font-semibold text-stone-100">
        Administration Actions
      </h3>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void exportCsv()}
          disabled={exporting}
          aria-busy={exporting}
          className="flex items-center gap-2 rounded bg-stone-800 px-4 py-2 font-medium text-stone-100 hover:bg-stone-700 disabled:opacity-60"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Export Members to CSV
        </button>
        <button
          type="button"
          onClick={() => setImportOpen(true)}
          className="flex items-center gap-2 rounded bg-stone-800 px-4 py-2 font-medium text-stone-100 hover:bg-stone-700"
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          Import CSV
        </button>
        <button
          type="button"
          onClick={() => setResetOpen(true)}
          className="flex items-center gap-2 rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700"
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Reset All Siege Scores
        </button>
      </div>
      <p className="mt-3 text-sm text-stone-400">
        These actions are typically performed once per year during clan resets.
      </p>
      <ImportMembersDialog open={importOpen} onOpenChange={setImportOpen} notify={notify} />
      <ResetScoresDialog open={resetOpen} onOpenChange={setResetOpen} notify={notify} />
    </section>
  );
}
