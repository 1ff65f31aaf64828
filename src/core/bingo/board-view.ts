import { z } from 'zod';
import { tileGoalSchema, type TileGoal } from './bingo.schema.ts';
import { teamScore, tileState, type BingoBonuses } from './bingo-scoring.ts';
import {
  gainProgress,
  itemProgress,
  killProgress,
  type TileEvent,
  type TileProgress,
} from './tile-progress.ts';

/** `GET /api/bingo/:id` (issue 31's contract). */
export const bingoBoardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  size: z.number().int(),
  bonuses: z.object({ row: z.number(), column: z.number(), diagonal: z.number(), board: z.number() }),
  tiles: z.array(
    z.object({
      id: z.number().int(),
      row: z.number().int(),
      col: z.number().int(),
      title: z.string(),
      icon: z.string().nullable(),
      points: z.number().int(),
      goal: tileGoalSchema,
    }),
  ),
  teams: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      score: z.number().int(),
      bonus: z.number().int(),
      members: z.array(z.object({ wom_id: z.string(), name: z.string() })),
      tiles: z.array(
        z.object({
          tile_id: z.number().int(),
          state: z.enum(['open', 'pending', 'complete']),
          progress: z.number(),
          required: z.number(),
          /** The screenshot behind a completed tile; null while none, or when its member is not public. */
          proof: z.object({ full: z.string(), thumbnail: z.string() }).nullable(),
        }),
      ),
    }),
  ),
});
export type BingoBoardView = z.infer<typeof bingoBoardSchema>;

export interface BoardInput {
  id: number;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  size: number;
  bonuses: BingoBonuses;
  tiles: Array<{
    id: number;
    row: number;
    col: number;
    title: string;
    icon: string | null;
    points: number;
    goal: TileGoal;
  }>;
  /** Each team's members; `listed` is false for one hidden from the public (who still plays). */
  teams: Array<{
    id: number;
    name: string;
    members: Array<{ wom_id: string; name: string; listed: boolean }>;
  }>;
}

export interface Proof {
  full: string;
  thumbnail: string;
}

/**
 * What the board's tiles are checked against: Dink's events by tile, WOM's gains by metric since the
 * start, and the completions and pending proofs as the site and its referees left them.
 */
export interface BoardFacts {
  events: ReadonlyMap<number, readonly TileEvent[]>;
  /**
   * Per metric, each member's gain since the board began (XP for a skill; kills for a boss, only for
   * members whose kills WOM measured at the start: Dink counts the others').
   */
  gains: ReadonlyMap<string, ReadonlyMap<string, number>>;
  completions: ReadonlyArray<{ tile_id: number; team_id: number; proof: Proof | null }>;
  pending: ReadonlyArray<{ tile_id: number; team_id: number }>;
}

export const requiredOf = (goal: TileGoal): number => {
  switch (goal.type) {
    case 'item':
    case 'kc':
      return goal.count;
    case 'xp':
      return goal.amount;
    case 'manual':
      return 1;
  }
};

const NO_GAINS: ReadonlyMap<string, number> = new Map();

/** A team's progress on a tile from Dink's events and WOM's gains; a manual tile has none. */
export function tileProgress(
  board: Pick<BoardInput, 'starts_at' | 'ends_at'>,
  tile: BoardInput['tiles'][number],
  members: ReadonlySet<string>,
  facts: Pick<BoardFacts, 'events' | 'gains'>,
): TileProgress {
  const events = facts.events.get(tile.id) ?? [];
  switch (tile.goal.type) {
    case 'item':
      return itemProgress(tile.goal.count, events, board, members);
    case 'kc':
      return killProgress(
        tile.goal.count,
        facts.gains.get(tile.goal.metric) ?? NO_GAINS,
        events,
        board,
        members,
      );
    case 'xp':
      return {
        progress: gainProgress(facts.gains.get(tile.goal.metric) ?? NO_GAINS, members),
        completedBy: null,
      };
    case 'manual':
      return { progress: 0, completedBy: null };
  }
}

/**
 * The tiles teams have reached and the site has not yet recorded: for each, the event whose
 * screenshot proves it (null for a WOM gain). `known` holds `team:tile` for each completion or
 * site-found proof already made, so none is made twice.
 */
export function reachedTiles(
  board: BoardInput,
  facts: Pick<BoardFacts, 'events' | 'gains'>,
  known: ReadonlySet<string>,
) {
  return board.teams.flatMap((team) => {
    const members = new Set(team.members.map((member) => member.wom_id));
    return board.tiles.flatMap((tile) => {
      if (tile.goal.type === 'manual' || known.has(`${team.id}:${tile.id}`)) return [];
      const { progress, completedBy } = tileProgress(board, tile, members, facts);
      return progress >= requiredOf(tile.goal) ? [{ team_id: team.id, tile, completedBy }] : [];
    });
  });
}

/**
 * The public board: each team's progress on each tile, its state, and its score with the line
 * bonuses. A tile is complete once the site recorded it (found by itself or approved by a referee),
 * pending while a proof waits for a referee, else open.
 */
export function boardView(
  board: BoardInput,
  facts: BoardFacts,
  audience: 'public' | 'admin' = 'public',
): BingoBoardView {
  const key = (entry: { team_id: number; tile_id: number }) => `${entry.team_id}:${entry.tile_id}`;
  const completions = new Map(facts.completions.map((entry) => [key(entry), entry]));
  const pending = new Set(facts.pending.map(key));
  return {
    id: board.id,
    title: board.title,
    description: board.description,
    starts_at: board.starts_at,
    ends_at: board.ends_at,
    size: board.size,
    bonuses: board.bonuses,
    tiles: board.tiles,
    teams: board.teams.map((team) => {
      const members = new Set(team.members.map((member) => member.wom_id));
      const states = board.tiles.map((tile) => {
        const required = requiredOf(tile.goal);
        const cell = `${team.id}:${tile.id}`;
        const completion = completions.get(cell);
        const { progress } = tileProgress(board, tile, members, facts);
        const shown = completion ? Math.max(progress, required) : Math.min(progress, required);
        return {
          tile_id: tile.id,
          state: tileState(completion !== undefined, pending.has(cell)),
          progress: tile.goal.type === 'manual' ? (completion ? 1 : 0) : shown,
          required,
          proof: completion?.proof ?? null,
        };
      });
      const complete = new Set(
        states.filter((state) => state.state === 'complete').map((state) => state.tile_id),
      );
      const score = teamScore(board.size, board.tiles, (tile) => complete.has(tile.id), board.bonuses);
      return {
        id: team.id,
        name: team.name,
        score: score.total,
        bonus: score.bonus,
        members: team.members
          .filter((member) => audience === 'admin' || member.listed)
          .map(({ wom_id, name }) => ({ wom_id, name })),
        tiles: states,
      };
    }),
  };
}
