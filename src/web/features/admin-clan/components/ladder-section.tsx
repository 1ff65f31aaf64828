import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { RanksAnswer } from '#core/clan/admin-clan.schema.ts';
import type { RankLadder } from '#core/clan/rank-ladder.schema.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { usePreviewLadder, useSaveLadder } from '../api/admin-clan.ts';
import { ladderForm, ladderFromForm, type LadderForm } from '../lib/ladder-form.ts';
import { LadderEditor } from './ladder-editor.tsx';
import { LadderPreview } from './ladder-preview.tsx';

const PRIMARY =
  'rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60';

/**
 * Edit, preview, save (issue 30): a ladder is checked here by the server's own rules, previewed with
 * what it would change, and saved only after the admin confirms that preview. Any edit after a
 * preview drops it, so what is confirmed is always what was previewed.
 */
export function LadderSection({ ladder, onSaved }: { ladder: RankLadder; onSaved: () => void }) {
  const [form, setForm] = useState<LadderForm>(() => ladderForm(ladder));
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ ladder: RankLadder; answer: RanksAnswer } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewLadder = usePreviewLadder();
  const saveLadder = useSaveLadder();

  const change = (next: LadderForm) => {
    setForm(next);
    setPreview(null);
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ladderFromForm(form);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    previewLadder.mutate(parsed.ladder, {
      onSuccess: (answer) => setPreview({ ladder: parsed.ladder, answer }),
    });
  };

  const save = () => {
    if (!preview) return;
    saveLadder.mutate(preview.ladder, {
      onSuccess: ({ ladder: saved, answer }) => {
        setConfirming(false);
        setPreview(null);
        setForm(ladderForm(saved));
        onSaved();
        toast.success(
          `Rank ladder saved. ${answer.proposals.length} rank change${answer.proposals.length === 1 ? ' is' : 's are'} now due.`,
        );
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <LadderEditor form={form} onChange={change} />
      {problem && <FormAlert>{problem}</FormAlert>}
      {previewLadder.isError && (
        <FormAlert>Failed to preview the ladder: {previewLadder.error.message}</FormAlert>
      )}
      {preview && <LadderPreview answer={preview.answer} ladder={preview.ladder} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={previewLadder.isPending} className={PRIMARY}>
          {previewLadder.isPending ? 'Previewing...' : 'Preview changes'}
        </button>
        {preview && (
          <button type="button" onClick={() => setConfirming(true)} className={PRIMARY}>
            Save ladder
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={save}
        title="Save the rank ladder?"
        description={
          preview
            ? `Every member's rank proposal is recomputed: ${preview.answer.proposals.length} rank change${preview.answer.proposals.length === 1 ? '' : 's'} will be due on the Alerts tab. Nobody's rank changes until you apply them.`
            : ''
        }
        label="Save ladder"
        tone="confirm"
        pending={saveLadder.isPending}
        pendingLabel="Saving..."
        error={saveLadder.isError ? `Failed to save the ladder: ${saveLadder.error.message}` : null}
      />
    </form>
  );
}
