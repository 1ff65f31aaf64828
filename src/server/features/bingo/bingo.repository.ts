import type { Kysely, Transaction } from 'kysely';
import { tileGoalSchema, type TileGoal } from '#core/bingo/bingo.schema.ts';
import type { BoardInput } from '#core/bingo/board-view.ts';
import type { Database } from '../../db/schema.ts';
import { isVisibleMember } from '../members/members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored tile goal; one no longer valid reads as manual, which only a referee completes. */
export const goalOf = (text: string): TileGoal => {
  const parsed = tileGoalSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : { type: 'manual' };
};

/** A board with its tiles and teams (members named as the site names them), or undefined. */
export async function findBoard(db: Db, id: number): Promise<BoardInput | undefined> {
  const board = await db.selectFrom('bingo_boards').selectAll().where('id', '=', id).executeTakeFirst();
  if (!board) return undefined;
  const [tiles, teams, members] = await Promise.all([
    db
      .selectFrom('bingo_tiles')
      .selectAll()
      .where('board_id', '=', id)
      .orderBy('row')
      .orderBy('col')
      .execute(),
    db.selectFrom('bingo_teams').select(['id', 'name']).where('board_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('bingo_team_members')
      .innerJoin('members', 'members.wom_id', 'bingo_team_members.wom_id')
      .select((eb) => [
        'bingo_team_members.team_id',
        'bingo_team_members.wom_id',
        'members.name',
        isVisibleMember(eb).as('listed'),
      ])
      .where('bingo_team_members.board_id', '=', id)
      .orderBy('members.name')
      .execute(),
  ]);
  const bonuses = JSON.parse(board.bonuses) as BoardInput['bonuses'];
  return {
    id: board.id,
    title: board.title,
    description: board.description,
    starts_at: new Date(board.starts_at).toISOString(),
    ends_at: new Date(board.ends_at).toISOString(),
    size: board.size,
    bonuses,
    tiles: tiles.map((tile) => ({
      id: tile.id,
      row: tile.row,
      col: tile.col,
      title: tile.title,
      icon: tile.icon,
      points: tile.points,
      goal: goalOf(tile.goal),
    })),
    teams: teams.map((team) => ({
      id: team.id,
      name: team.name,
      members: members
        .filter((member) => member.team_id === team.id)
        .map((member) => ({ wom_id: member.wom_id, name: member.name, listed: Boolean(member.listed) })),
    })),
  };
}

/** The boards running at `now`, oldest first. */
export async function listRunningBoardIds(db: Db, now: Date): Promise<number[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('bingo_boards')
    .select('id')
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** How long after its end a board is still settled: the sync that records its final figures. */
const SETTLED_AFTER_END_MS = 2 * 86_400_000;

/** The boards begun by `now` that ended at most two days before. */
export async function listSettlingBoardIds(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('bingo_boards')
    .select('id')
    .where('starts_at', '<=', now.toISOString())
    .where('ends_at', '>', new Date(now.getTime() - SETTLED_AFTER_END_MS).toISOString())
    .execute();
  return rows.map((row) => row.id);
}

/** Boards whose window has not closed by `now`: the ones that count as running (or about to). */
export async function countOpenBoards(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('bingo_boards')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('ends_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
