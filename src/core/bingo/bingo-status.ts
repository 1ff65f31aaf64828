export type BingoStatus = 'upcoming' | 'running' | 'finished';

/** Where a board is at `now`: before its start, inside its window (it takes proofs), or after its end. */
export function bingoStatus(board: { starts_at: string; ends_at: string }, now: Date): BingoStatus {
  if (now.getTime() < Date.parse(board.starts_at)) return 'upcoming';
  return now.getTime() < Date.parse(board.ends_at) ? 'running' : 'finished';
}
