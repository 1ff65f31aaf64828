import { useId, useState } from 'react';
import { RESET_CONFIRMATION } from '#core/seasons/season.schema.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { useExportMembers } from '../api/export-members.ts';
import { useResetScores } from '../api/reset-scores.ts';
import { errorMessage } from '../lib/error-message.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * The 'Reset All Siege Scores' confirmation (spec §4, §5). Confirm stays disabled until the admin has
 * typed the phrase exactly. Confirming downloads the backup CSV first and resets only once that
 * worked; the server then closes the season, archiving every score, and sets all of them to 0.
 */
export function ResetScoresDialog({
  open,
  onOpenChange,
  notify,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  notify: Notify;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [working, setWorking] = useState(false);
  const { mutateAsync: exportMembers } = useExportMembers();
  const { mutateAsync: resetScores } = useResetScores();
  const matches = typed === RESET_CONFIRMATION;

  const close = () => {
    setTyped('');
    onOpenChange(false);
  };

  const confirm = async () => {
    setWorking(true);
    try {
      let backup: Awaited<ReturnType<typeof exportMembers>>;
      try {
        backup = await exportMembers();
      } catch (error) {
        notify({
          kind: 'error',
          text: `Failed to reset scores: the backup CSV could not be downloaded (${errorMessage(error)}), so no score was changed.`,
        });
        return;
      }
      saveFile(backup.blob, backup.filename);
      try {
        await resetScores(typed);
        notify({ kind: 'success', text: 'Reset all siege scores to 0. A backup CSV was downloaded.' });
      } catch (error) {
        notify({ kind: 'error', text: `Failed to reset scores: ${errorMessage(error)}` });
      }
    } finally {
      setWorking(false);
      close();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={() => void confirm()}
      title="Reset All Siege Scores"
      description={
        <>
          <p>
            This sets every member&apos;s siege score to 0, hidden members included. The current scores are
            kept in the season archive, and a backup CSV of all members is downloaded before anything changes.
          </p>
          <p>This cannot be undone from the dashboard.</p>
        </>
      }
      label="Reset Scores"
      pendingLabel="Resetting..."
      pending={working}
      confirmDisabled={!matches}
    >
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-stone-200">
          Type <strong className="font-mono text-red-300">{RESET_CONFIRMATION}</strong> to confirm
        </label>
        <input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 font-mono text-stone-100 focus:border-gold-400"
        />
      </div>
    </ConfirmDialog>
  );
}
