import { useId, useState, type FormEvent } from 'react';
import { BINGO_LIMITS } from '#core/bingo/bingo.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import type { MemberChoice } from '../../../components/member-combobox.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useSaveBoard, useTemplates } from '../api/admin-bingo.ts';
import { boardFromTemplate, boardPayload, emptyTile, type BoardForm } from '../lib/board-form.ts';
import { TeamsEditor } from './teams-editor.tsx';
import { FIELD, LABEL, TileEditor } from './tile-editor.tsx';

const SIZES = Array.from(
  { length: BINGO_LIMITS.maxSize - BINGO_LIMITS.minSize + 1 },
  (_, index) => BINGO_LIMITS.minSize + index,
);
const BONUSES = [
  ['row', 'Row bonus'],
  ['column', 'Column bonus'],
  ['diagonal', 'Diagonal bonus'],
  ['board', 'Whole-board bonus'],
] as const;

/**
 * Builds a board, or changes one before it starts (issue 31): its window, size, codeword, review
 * setting, sign-ups and bonuses; a grid where each cell opens its tile's fields; and the teams.
 * A new board may start from a saved template. The server checks it all and names a bad field.
 */
export function BoardBuilder({
  boardId,
  initial,
  members,
  signups,
  onClose,
  onSaved,
}: {
  boardId: number | null;
  initial: BoardForm;
  members: readonly MemberChoice[];
  signups: ReadonlyArray<{ wom_id: string; name: string }>;
  onClose: () => void;
  onSaved: (title: string) => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [cell, setCell] = useState<{ row: number; col: number } | null>(null);
  const save = useSaveBoard(boardId);
  const templates = useTemplates();
  const set = (changes: Partial<BoardForm>) => setForm((current) => ({ ...current, ...changes }));
  const tileAt = (row: number, col: number) =>
    form.tiles.find((tile) => tile.row === row && tile.col === col);
  const editing = cell ? (tileAt(cell.row, cell.col) ?? emptyTile(cell.row, cell.col)) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(boardPayload(form), { onSuccess: (saved) => onSaved(saved.title) });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={boardId === null ? 'New Bingo Board' : 'Change Bingo Board'}
      size="large"
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {boardId === null && (templates.data?.length ?? 0) > 0 && (
          <div className="space-y-1">
            <label htmlFor={`${id}-template`} className={LABEL}>
              Start from a template
            </label>
            <select
              id={`${id}-template`}
              defaultValue=""
              onChange={(event) => {
                const template = templates.data?.find((entry) => String(entry.id) === event.target.value);
                if (template) setForm((current) => boardFromTemplate(current, template.layout));
              }}
              className={FIELD}
            >
              <option value="">-- None --</option>
              {templates.data?.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor={`${id}-title`} className={LABEL}>
              Title
            </label>
            <input
              id={`${id}-title`}
              value={form.title}
              maxLength={BINGO_LIMITS.titleLength}
              onChange={(event) => set({ title: event.target.value })}
              className={FIELD}
            />
          </div>
          <div className="space-y-1 sm:col-span-2">
            <label htmlFor={`${id}-description`} className={LABEL}>
              Description
            </label>
            <textarea
              id={`${id}-description`}
              rows={2}
              value={form.description}
              maxLength={BINGO_LIMITS.descriptionLength}
              onChange={(event) => set({ description: event.target.value })}
              className={FIELD}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-starts`} className={LABEL}>
              Starts (your time)
            </label>
            <input
              id={`${id}-starts`}
              type="datetime-local"
              value={form.startsAt}
              onChange={(event) => set({ startsAt: event.target.value })}
              className={FIELD}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-ends`} className={LABEL}>
              Ends (your time)
            </label>
            <input
              id={`${id}-ends`}
              type="datetime-local"
              value={form.endsAt}
              onChange={(event) => set({ endsAt: event.target.value })}
              className={FIELD}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-size`} className={LABEL}>
              Board size
            </label>
            <select
              id={`${id}-size`}
              value={form.size}
              onChange={(event) => set({ size: Number(event.target.value) })}
              className={FIELD}
            >
              {SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} × {size}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-codeword`} className={LABEL}>
              Codeword (optional, shown in proof screenshots)
            </label>
            <input
              id={`${id}-codeword`}
              value={form.codeword}
              maxLength={40}
              onChange={(event) => set({ codeword: event.target.value })}
              className={FIELD}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-review`} className={LABEL}>
              Tiles the site completes
            </label>
            <select
              id={`${id}-review`}
              value={form.review}
              onChange={(event) => set({ review: event.target.value as BoardForm['review'] })}
              className={FIELD}
            >
              <option value="auto">Complete at once</option>
              <option value="referee">Wait for a referee first</option>
            </select>
          </div>
          <label className="flex items-center gap-2 self-end text-sm text-stone-200">
            <input
              type="checkbox"
              checked={form.signups}
              onChange={(event) => set({ signups: event.target.checked })}
            />
            Members may sign up before it starts
          </label>
          {BONUSES.map(([key, label]) => (
            <div key={key} className="space-y-1">
              <label htmlFor={`${id}-${key}`} className={LABEL}>
                {label}
              </label>
              <input
                id={`${id}-${key}`}
                type="number"
                min={0}
                value={form.bonuses[key]}
                onChange={(event) => set({ bonuses: { ...form.bonuses, [key]: event.target.value } })}
                className={FIELD}
              />
            </div>
          ))}
        </div>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-stone-100">Tiles</legend>
          <p className="text-sm text-stone-400">Choose a cell to give it a tile.</p>
          <ol
            aria-label="Board cells"
            className="grid gap-1"
            style={{ gridTemplateColumns: `repeat(${form.size}, minmax(0, 1fr))` }}
          >
            {Array.from({ length: form.size * form.size }, (_, index) => {
              const row = Math.floor(index / form.size);
              const col = index % form.size;
              const tile = tileAt(row, col);
              const chosen = cell?.row === row && cell.col === col;
              return (
                <li key={index}>
                  <button
                    type="button"
                    aria-pressed={chosen}
                    aria-label={`Row ${row + 1}, column ${col + 1}: ${tile?.title || 'empty'}`}
                    onClick={() => setCell({ row, col })}
                    className={`h-14 w-full truncate rounded border px-1 text-xs ${chosen ? 'border-gold-400 bg-stone-800' : tile ? 'border-stone-600 bg-stone-900' : 'border-dashed border-stone-700'} text-stone-200`}
                  >
                    {tile?.title || '+'}
                  </button>
                </li>
              );
            })}
          </ol>
          {editing && (
            <>
              <TileEditor
                tile={editing}
                onChange={(tile) =>
                  set({
                    tiles: [
                      ...form.tiles.filter((entry) => entry.row !== tile.row || entry.col !== tile.col),
                      tile,
                    ],
                  })
                }
              />
              {tileAt(editing.row, editing.col) && (
                <button
                  type="button"
                  onClick={() => {
                    set({
                      tiles: form.tiles.filter(
                        (entry) => entry.row !== editing.row || entry.col !== editing.col,
                      ),
                    });
                    setCell(null);
                  }}
                  className="rounded border border-red-500 px-3 py-1.5 text-sm text-red-200 hover:bg-red-950"
                >
                  Clear this cell
                </button>
              )}
            </>
          )}
        </fieldset>

        <TeamsEditor
          teams={form.teams}
          onChange={(teams) => set({ teams })}
          members={members}
          signups={signups}
        />

        {save.isError && <FormAlert>{save.error.message}</FormAlert>}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded border border-stone-600 px-4 py-2 text-sm text-stone-200 hover:bg-stone-800"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={save.isPending}
            className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
          >
            {save.isPending ? 'Saving...' : boardId === null ? 'Create Board' : 'Save Board'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
