/**
 * A bingo board's score for one team (issue 31): the points of every complete tile, and a bonus for
 * each complete row, column and diagonal and for the whole board. A line counts only when every cell
 * on it holds a tile and each of those is complete: a board with empty cells can still be played,
 * but a line with a hole in it is never made.
 */

export type TileState = 'open' | 'pending' | 'complete';

export interface BingoBonuses {
  row: number;
  column: number;
  diagonal: number;
  board: number;
}

export interface ScoredTile {
  row: number;
  col: number;
  points: number;
}

/** A tile's state: complete once recorded, pending while a proof waits for a referee, else open. */
export function tileState(complete: boolean, awaitingReview: boolean): TileState {
  if (complete) return 'complete';
  return awaitingReview ? 'pending' : 'open';
}

export interface CompletedLines {
  rows: number[];
  columns: number[];
  /** 'main' runs top left to bottom right, 'anti' top right to bottom left. */
  diagonals: Array<'main' | 'anti'>;
  board: boolean;
}

const cellKey = (row: number, col: number) => `${row},${col}`;

/** The lines a team has made on a `size`×`size` board, given which tiles it completed. */
export function completedLines<T extends ScoredTile>(
  size: number,
  tiles: readonly T[],
  complete: (tile: T) => boolean,
): CompletedLines {
  const done = new Set(tiles.filter(complete).map((tile) => cellKey(tile.row, tile.col)));
  const cells = Array.from({ length: size }, (_, i) => i);
  const full = (line: Array<[number, number]>) => line.every(([row, col]) => done.has(cellKey(row, col)));
  const diagonals: Array<'main' | 'anti'> = [];
  if (full(cells.map((i) => [i, i]))) diagonals.push('main');
  if (full(cells.map((i) => [i, size - 1 - i]))) diagonals.push('anti');
  return {
    rows: cells.filter((row) => full(cells.map((col) => [row, col]))),
    columns: cells.filter((col) => full(cells.map((row) => [row, col]))),
    diagonals,
    board: cells.every((row) => full(cells.map((col) => [row, col]))),
  };
}

/** A team's score: its complete tiles' points, plus every bonus its lines earn. */
export function teamScore<T extends ScoredTile>(
  size: number,
  tiles: readonly T[],
  complete: (tile: T) => boolean,
  bonuses: BingoBonuses,
): { tiles: number; bonus: number; total: number; lines: CompletedLines } {
  const lines = completedLines(size, tiles, complete);
  const fromTiles = tiles.filter(complete).reduce((sum, tile) => sum + tile.points, 0);
  const bonus =
    lines.rows.length * bonuses.row +
    lines.columns.length * bonuses.column +
    lines.diagonals.length * bonuses.diagonal +
    (lines.board ? bonuses.board : 0);
  return { tiles: fromTiles, bonus, total: fromTiles + bonus, lines };
}
