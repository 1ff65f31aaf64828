import { z } from 'zod';
import { tileGoalSchema, type TileGoal } from './bingo.schema.ts';
import { teamScore, tileState, type BingoBonuses } from './bingo-scoring.ts';
import { gainProgress, itemProgress, type ItemDrop } from './tile-progress.ts';

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
  tiles: Array<{ id: number; row: number; col: number; title: string; points: number; goal: TileGoal }>;
  teams: Array<{ id: number; name: string; members: Array<{ wom_id: string; name: string }> }>;
}

/**
 * What the board's tiles are checked against: Dink's drops, WOM's gains by metric since the start,
 * and the members' submissions as the referees left them.
 */
export interface BoardFacts {
  drops: readonly ItemDrop[];
  /** Per metric, each member's gain since the board began (kills for a boss, XP for a skill). */
  gains: ReadonlyMap<string, ReadonlyMap<string, number>>;
  submissions: ReadonlyArray<{ tile_id: number; team_id: number; status: 'pending' | 'approved' | 'denied' }>;
}

const requiredOf = (goal: TileGoal): number => {
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

/**
 * The public board: each team's progress on each tile from the facts, its state, and its score with
 * the line bonuses. A tile a referee approved a submission for is complete whatever the facts say; a
 * manual tile counts only that, and waits as pending while a submission does.
 */
export function boardView(board: BoardInput, facts: BoardFacts): BingoBoardView {
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
        const decided = facts.submissions.filter(
          (entry) => entry.tile_id === tile.id && entry.team_id === team.id,
        );
        if (decided.some((entry) => entry.status === 'approved'))
          return { tile_id: tile.id, state: 'complete' as const, progress: required, required };
        let progress = 0;
        if (tile.goal.type === 'item')
          progress = itemProgress(tile.goal, facts.drops, board, members).progress;
        else if (tile.goal.type !== 'manual')
          progress = gainProgress(facts.gains.get(tile.goal.metric) ?? new Map(), members);
        const waiting = progress < required && decided.some((entry) => entry.status === 'pending');
        return { tile_id: tile.id, state: tileState(progress, required, waiting), progress, required };
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
        members: team.members,
        tiles: states,
      };
    }),
  };
}
