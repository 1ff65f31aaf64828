import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { pathTo, paths } from '#core/site/pages.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import type { MemberChoice } from '../../../components/member-combobox.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import {
  useAddTile,
  useAdminBoard,
  useBookPoints,
  useDeleteBoard,
  useSaveTemplate,
  useSetReferees,
  type AdminBoard,
} from '../api/admin-bingo.ts';
import { boardToForm, emptyTile, tilePayload, type TileDraft } from '../lib/board-form.ts';
import { BoardBuilder } from './board-builder.tsx';
import { FIELD, LABEL, TileEditor } from './tile-editor.tsx';

const BUTTON =
  'rounded border border-stone-600 px-3 py-1.5 text-sm text-stone-200 hover:bg-stone-800 disabled:opacity-60';

/** Names the board's referees by username: each may decide its proofs as an admin does. */
function Referees({ board, notify }: { board: AdminBoard; notify: Notify }) {
  const id = useId();
  const save = useSetReferees(board.id);
  const [names, setNames] = useState(board.referees.map((referee) => referee.username).join(', '));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const usernames = names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    save.mutate(usernames, {
      onSuccess: () => notify({ kind: 'success', text: `${board.title}'s referees were saved.` }),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={id} className={LABEL}>
          Referees (usernames, separated by commas)
        </label>
        <input id={id} value={names} onChange={(event) => setNames(event.target.value)} className={FIELD} />
      </div>
      <button type="submit" disabled={save.isPending} className={BUTTON}>
        Save referees
      </button>
      {save.isError && <FormAlert>{save.error.message}</FormAlert>}
    </form>
  );
}

/** A tile for a free cell of a board that has started: the only change it then takes. */
function AddTile({ board, onClose, notify }: { board: AdminBoard; onClose: () => void; notify: Notify }) {
  const add = useAddTile(board.id);
  const taken = new Set(board.tiles.map((tile) => `${tile.row},${tile.col}`));
  const free = Array.from({ length: board.size * board.size }, (_, index) => ({
    row: Math.floor(index / board.size),
    col: index % board.size,
  })).find((cell) => !taken.has(`${cell.row},${cell.col}`));
  const [tile, setTile] = useState<TileDraft | null>(free ? emptyTile(free.row, free.col) : null);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Add a Tile">
      {tile ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(tilePayload(tile), {
              onSuccess: () => {
                notify({ kind: 'success', text: `${tile.title} was added to ${board.title}.` });
                onClose();
              },
            });
          }}
        >
          <TileEditor tile={tile} onChange={setTile} />
          {add.isError && <FormAlert>{add.error.message}</FormAlert>}
          <button
            type="submit"
            disabled={add.isPending}
            className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950"
          >
            Add Tile
          </button>
        </form>
      ) : (
        <p className="text-stone-300">Every cell of this board holds a tile.</p>
      )}
    </Modal>
  );
}

/**
 * One board as its admins run it (issue 31): change it before it starts or add tiles after, name
 * referees, see sign-ups, save it as a template, book its points by placement once it ends, or
 * delete it; and its referee queue, which the dashboard passes in.
 */
export function BoardAdmin({
  boardId,
  members,
  notify,
  queue,
}: {
  boardId: number;
  members: readonly MemberChoice[];
  notify: Notify;
  queue: (board: AdminBoard) => ReactNode;
}) {
  const board = useAdminBoard(boardId);
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const remove = useDeleteBoard(boardId);
  const points = useBookPoints(boardId);
  const template = useSaveTemplate();
  const { confirm, dialog } = useConfirm();
  const title = board.data?.title ?? 'the board';

  const bookPoints = async () => {
    const yes = await confirm({
      title: `Book ${title}'s points?`,
      description:
        "Every member of each placed team gets what the team's place pays by the clan's placements, in one award you can undo from the Events tab.",
      label: 'Book Points',
    });
    if (!yes) return;
    points.mutate(undefined, {
      onSuccess: (batch) =>
        notify({ kind: 'success', text: `${batch.total} points were booked for ${title}.` }),
      onError: (error) => notify({ kind: 'error', text: `Failed to book the points: ${error.message}` }),
    });
  };

  const deleteIt = async () => {
    const yes = await confirm({
      title: `Delete ${title}?`,
      description: 'The board, its teams, tiles and proofs go. Points already booked stay.',
      label: 'Delete Board',
    });
    if (!yes) return;
    void remove.mutateAsync().then(
      () => notify({ kind: 'success', text: `${title} was successfully deleted.` }),
      (error: Error) => notify({ kind: 'error', text: `Failed to delete ${title}: ${error.message}` }),
    );
  };

  return (
    <QueryState query={board} loadingLabel="Loading the board..." errorTitle="Error Loading the Board">
      {(data) => (
        <div className="space-y-4 rounded-lg border border-stone-800 bg-stone-900 p-4">
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-300">
            <Link to={pathTo(paths.bingo, data.id)} className="font-medium text-gold-300 underline">
              Open the public board
            </Link>
            <span>
              · {data.review === 'referee' ? 'Referee checks what the site finds' : 'Completes tiles at once'}
            </span>
            {data.codeword && <span>· Codeword: {data.codeword}</span>}
          </div>
          <div className="flex flex-wrap gap-2">
            {data.status === 'upcoming' && (
              <button type="button" onClick={() => setEditing(true)} className={BUTTON}>
                Change board
              </button>
            )}
            {data.status === 'running' && (
              <button type="button" onClick={() => setAdding(true)} className={BUTTON}>
                Add a tile
              </button>
            )}
            <button
              type="button"
              disabled={template.isPending}
              onClick={() =>
                template.mutate(
                  { name: data.title, board_id: data.id },
                  {
                    onSuccess: (saved) =>
                      notify({ kind: 'success', text: `${saved.name} was saved as a template.` }),
                    onError: (error) =>
                      notify({ kind: 'error', text: `Failed to save the template: ${error.message}` }),
                  },
                )
              }
              className={BUTTON}
            >
              Save as template
            </button>
            {data.status === 'finished' && data.points_batch_id === null && (
              <button
                type="button"
                disabled={points.isPending}
                onClick={() => void bookPoints()}
                className={BUTTON}
              >
                Book points by placement
              </button>
            )}
            <button
              type="button"
              onClick={() => void deleteIt()}
              className="rounded border border-red-500 px-3 py-1.5 text-sm text-red-200 hover:bg-red-950"
            >
              Delete board
            </button>
          </div>
          <Referees board={data} notify={notify} />
          {data.signups.length > 0 && (
            <p className="text-sm text-stone-300">
              Signed up ({data.signups.length}): {data.signups.map((entry) => entry.name).join(', ')}
            </p>
          )}
          {queue(data)}
          {editing && (
            <BoardBuilder
              boardId={data.id}
              initial={boardToForm(data, data)}
              members={members}
              signups={data.signups}
              onClose={() => setEditing(false)}
              onSaved={(title) => {
                setEditing(false);
                notify({ kind: 'success', text: `${title} was successfully saved.` });
              }}
            />
          )}
          {adding && <AddTile board={data} notify={notify} onClose={() => setAdding(false)} />}
          {dialog}
        </div>
      )}
    </QueryState>
  );
}
