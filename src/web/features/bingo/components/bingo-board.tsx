import { useId, useState } from 'react';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { GameIcon } from '../../../components/game-icon.tsx';

type Team = BingoBoardView['teams'][number];
type Tile = BingoBoardView['tiles'][number];
type TileProgress = Team['tiles'][number];

const STATE_STYLE: Record<TileProgress['state'], string> = {
  complete: 'border-emerald-600 bg-emerald-950/70 text-emerald-100',
  pending: 'border-amber-600 bg-amber-950/60 text-amber-100',
  open: 'border-stone-700 bg-stone-900 text-stone-200',
};

const STATE_WORD: Record<TileProgress['state'], string> = {
  complete: 'Complete',
  pending: 'Waiting for a referee',
  open: 'Open',
};

const number = (value: number) => Math.floor(value).toLocaleString('en-US');

function progressOf(team: Team | undefined, tile: Tile): TileProgress | undefined {
  return team?.tiles.find((entry) => entry.tile_id === tile.id);
}

/** The tile's icon from the catalogue; without one, a kill or XP tile shows its boss or skill. */
function TileIcon({ tile }: { tile: Tile }) {
  const { goal } = tile;
  const metric = tile.icon ?? (goal.type === 'kc' || goal.type === 'xp' ? goal.metric : null);
  if (metric === null) return null;
  return (
    <span className="float-right ml-1">
      <GameIcon kind={iconKindOf(metric)} metric={metric} size={20} />
    </span>
  );
}

function TileText({ tile, progress }: { tile: Tile; progress: TileProgress | undefined }) {
  return (
    <>
      <TileIcon tile={tile} />
      <span className="block font-medium">{tile.title}</span>
      <span className="block text-xs opacity-80">
        {progress ? `${number(progress.progress)} / ${number(progress.required)}` : '-'} · {tile.points} pt
        {tile.points === 1 ? '' : 's'}
      </span>
      <span className="sr-only">, {STATE_WORD[progress?.state ?? 'open']}</span>
      {progress?.proof && (
        <a href={progress.proof.full} target="_blank" rel="noreferrer" className="mt-1 block">
          <img
            src={progress.proof.thumbnail}
            alt={`Proof for ${tile.title}`}
            loading="lazy"
            className="max-h-16 w-full rounded object-cover"
          />
        </a>
      )}
    </>
  );
}

/**
 * The board for the chosen team (issue 31): a grid of its tiles, each coloured by its state, or on a
 * phone, when a row of cells would be too narrow to read (more than four columns), a list.
 */
function BoardTiles({ board, team }: { board: BingoBoardView; team: Team | undefined }) {
  const cells = Array.from({ length: board.size * board.size }, (_, index) => {
    const row = Math.floor(index / board.size);
    const col = index % board.size;
    return { row, col, tile: board.tiles.find((tile) => tile.row === row && tile.col === col) };
  });
  const asList = board.size > 4;
  return (
    <>
      <ol
        aria-label={`Board for ${team?.name ?? 'no team'}`}
        className={`${asList ? 'hidden sm:grid' : 'grid'} gap-1.5`}
        style={{ gridTemplateColumns: `repeat(${board.size}, minmax(0, 1fr))` }}
      >
        {cells.map(({ row, col, tile }) =>
          tile ? (
            <li
              key={`${row}-${col}`}
              className={`min-h-20 rounded border p-2 text-sm ${STATE_STYLE[progressOf(team, tile)?.state ?? 'open']}`}
            >
              <TileText tile={tile} progress={progressOf(team, tile)} />
            </li>
          ) : (
            <li
              key={`${row}-${col}`}
              aria-hidden="true"
              className="min-h-20 rounded border border-dashed border-stone-800"
            />
          ),
        )}
      </ol>
      {asList && (
        <ul aria-label={`Tiles for ${team?.name ?? 'no team'}`} className="space-y-1.5 sm:hidden">
          {board.tiles.map((tile) => (
            <li
              key={tile.id}
              className={`rounded border p-2 text-sm ${STATE_STYLE[progressOf(team, tile)?.state ?? 'open']}`}
            >
              <TileText tile={tile} progress={progressOf(team, tile)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Standings({ board }: { board: BingoBoardView }) {
  const ranked = [...board.teams].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return (
    <div className="overflow-x-auto rounded border border-stone-800">
      <table className="w-full text-left text-sm">
        <caption className="bg-stone-950 px-3 py-2 text-left font-semibold text-stone-200">Standings</caption>
        <thead className="bg-stone-800 text-stone-300">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Team
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Tiles
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Bonus
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {ranked.map((team) => (
            <tr key={team.id} className="border-t border-stone-800">
              <th scope="row" className="px-3 py-2 font-medium text-stone-100">
                {team.name}
                <span className="block text-xs font-normal text-stone-400">
                  {team.members.map((member) => member.name).join(', ')}
                </span>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">
                {team.tiles.filter((tile) => tile.state === 'complete').length}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{team.bonus}</td>
              <td className="px-3 py-2 text-right font-semibold text-gold-300 tabular-nums">{team.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A board with a team selector, its tiles for that team, and every team's standing. */
export function BingoBoard({ board }: { board: BingoBoardView }) {
  const selectId = useId();
  const [teamId, setTeamId] = useState<number | undefined>(board.teams[0]?.id);
  const team = board.teams.find((candidate) => candidate.id === teamId);
  return (
    <div className="space-y-6">
      {board.teams.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-stone-200">
            Team
          </label>
          <select
            id={selectId}
            value={teamId}
            onChange={(event) => setTeamId(Number(event.target.value))}
            className="rounded border border-stone-700 bg-stone-950 px-3 py-1.5 text-stone-100 focus:border-gold-400"
          >
            {board.teams.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.score})
              </option>
            ))}
          </select>
        </div>
      )}
      <BoardTiles board={board} team={team} />
      <Standings board={board} />
    </div>
  );
}
