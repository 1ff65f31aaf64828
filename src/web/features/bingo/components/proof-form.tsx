import { useId, useState, type FormEvent } from 'react';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { SUBMISSION_MESSAGES, SUBMISSION_NOTE_MAX } from '#core/bingo/submissions.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useSendProof } from '../api/send-proof.ts';

const FIELD =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400';

/**
 * A signed-in member's proof for a tile (issue 31): the tile, a note and a screenshot. The server
 * decides who may send one (a member of a team, while the board runs); its refusal shows here.
 */
export function ProofForm({ board }: { board: BingoBoardView }) {
  const send = useSendProof(board.id);
  const [tileId, setTileId] = useState(String(board.tiles[0]?.id ?? ''));
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const ids = { tile: useId(), note: useId(), file: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (!file) {
      setProblem(SUBMISSION_MESSAGES.needsScreenshot);
      return;
    }
    setProblem(null);
    const tile = board.tiles.find((candidate) => String(candidate.id) === tileId);
    send.mutate(
      { tileId: Number(tileId), note, file },
      { onSuccess: () => setSent(`Your proof for ${tile?.title ?? 'the tile'} is waiting for a referee.`) },
    );
  };

  return (
    <section
      aria-labelledby={`${ids.tile}-heading`}
      className="space-y-3 rounded-lg border border-stone-800 bg-stone-900 p-4"
    >
      <h2 id={`${ids.tile}-heading`} className="text-lg font-semibold text-stone-100">
        Send a proof
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="space-y-1">
          <label htmlFor={ids.tile} className="block text-sm font-medium text-stone-200">
            Tile
          </label>
          <select
            id={ids.tile}
            value={tileId}
            onChange={(event) => setTileId(event.target.value)}
            className={FIELD}
          >
            {board.tiles.map((tile) => (
              <option key={tile.id} value={tile.id}>
                {tile.title}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.note} className="block text-sm font-medium text-stone-200">
            Note (optional)
          </label>
          <input
            id={ids.note}
            value={note}
            maxLength={SUBMISSION_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            className={FIELD}
            autoComplete="off"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.file} className="block text-sm font-medium text-stone-200">
            Screenshot (PNG or JPEG, at most 8 MB)
          </label>
          <input
            id={ids.file}
            type="file"
            accept="image/png,image/jpeg"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-stone-300"
          />
        </div>
        {problem && <FormAlert>{problem}</FormAlert>}
        {send.isError && <FormAlert>Failed to send the proof: {send.error.message}</FormAlert>}
        {sent && <FormAlert kind="success">{sent}</FormAlert>}
        <button
          type="submit"
          disabled={send.isPending}
          className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          {send.isPending ? 'Sending...' : 'Send proof'}
        </button>
      </form>
    </section>
  );
}
