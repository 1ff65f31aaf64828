import type { Kysely, Transaction } from 'kysely';
import { balanceTeams } from '#core/bingo/balance-teams.ts';
import { bingoStatus } from '#core/bingo/bingo-status.ts';
import type { BingoTileInput, CreateBingoInput } from '#core/bingo/bingo.schema.ts';
import { BINGO_MESSAGES } from '#core/bingo/bingo.schema.ts';
import { BINGO_LIMITS } from '#core/bingo/bingo.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { countInboxPosts, readBoardView } from './bingo-progress.ts';
import { countOpenBoards, findBoard } from './bingo.repository.ts';

export interface BingoDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Boards a page of `GET /api/bingo` lists. */
export const BINGO_PAGE = 20;

/** Refuses, by field, a team member who is not a member of the clan. */
async function checkMembers(trx: Transaction<Database>, teams: CreateBingoInput['teams']): Promise<void> {
  const wanted = teams.flatMap((team) => team.members);
  const known = new Set(
    (
      await trx
        .selectFrom('members')
        .select('wom_id')
        .where('wom_id', 'in', [...wanted, ''])
        .where('deleted_at', 'is', null)
        .execute()
    ).map((row) => row.wom_id),
  );
  teams.forEach((team, index) => {
    const stranger = team.members.find((womId) => !known.has(womId));
    if (stranger !== undefined)
      throw badRequest(`teams.${index}.members: no member has the WOM id ${stranger}`);
  });
}

/** Writes a board's tiles and teams (its old ones gone first, when it is being changed). */
async function writeTilesAndTeams(trx: Transaction<Database>, boardId: number, input: CreateBingoInput) {
  await trx.deleteFrom('bingo_tiles').where('board_id', '=', boardId).execute();
  await trx.deleteFrom('bingo_teams').where('board_id', '=', boardId).execute();
  for (const tile of input.tiles) await insertTile(trx, boardId, tile);
  for (const team of input.teams) {
    const row = await trx
      .insertInto('bingo_teams')
      .values({ board_id: boardId, name: team.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const womId of team.members)
      await trx
        .insertInto('bingo_team_members')
        .values({ board_id: boardId, team_id: row.id, wom_id: womId })
        .execute();
  }
  // A member put in a team leaves the sign-up list.
  const placed = input.teams.flatMap((team) => team.members);
  if (placed.length > 0)
    await trx
      .deleteFrom('bingo_signups')
      .where('board_id', '=', boardId)
      .where('wom_id', 'in', placed)
      .execute();
}

export async function insertTile(
  trx: Transaction<Database>,
  boardId: number,
  tile: BingoTileInput,
): Promise<number> {
  const row = await trx
    .insertInto('bingo_tiles')
    .values({
      board_id: boardId,
      row: tile.row,
      col: tile.col,
      title: tile.title,
      icon: tile.icon,
      points: tile.points,
      goal: JSON.stringify(tile.goal),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const boardColumns = (input: CreateBingoInput) => ({
  title: input.title,
  description: input.description,
  starts_at: new Date(input.starts_at).toISOString(),
  ends_at: new Date(input.ends_at).toISOString(),
  size: input.size,
  codeword: input.codeword,
  review: input.review,
  signups: input.signups,
  bonuses: JSON.stringify(input.bonuses),
});

async function viewOf(db: Kysely<Database>, id: number): Promise<BingoBoardView> {
  const view = await readBoardView(db, id, 'admin');
  if (!view) throw notFound(NO_BOARD);
  return view;
}

export const NO_BOARD = 'No such board';

/**
 * Creates a board with its tiles and teams in one transaction, audited (issue 31). At most 10 boards
 * may be open at once; every team member must be a member of the clan, else 400 naming the field.
 */
export async function createBoard(
  deps: BingoDeps,
  input: CreateBingoInput,
  actor: AuditActor,
): Promise<BingoBoardView> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const id = await deps.db.transaction().execute(async (trx) => {
    if ((await countOpenBoards(trx, at)) >= BINGO_LIMITS.running)
      throw new HttpError(409, 'CONFLICT', `At most ${BINGO_LIMITS.running} boards can be open at once`);
    await checkMembers(trx, input.teams);
    const board = await trx
      .insertInto('bingo_boards')
      .values({ ...boardColumns(input), created_by: actor.userId, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTilesAndTeams(trx, board.id, input);
    // A board made after its start counts what its members posted since, as the inbox holds it.
    await countInboxPosts(trx, board.id, now);
    await recordAudit(trx, {
      actor,
      action: 'bingo.create',
      targetType: 'bingo',
      targetId: board.id,
      before: null,
      after: input,
      at: now,
    });
    await bumpRevision(trx, 'bingo');
    return board.id;
  });
  return viewOf(deps.db, id);
}

/** Changes a board wholly (its tiles and teams too), only until it starts; audited with before and after. */
export async function updateBoard(
  deps: BingoDeps,
  id: number,
  input: CreateBingoInput,
  actor: AuditActor,
): Promise<BingoBoardView> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findBoard(trx, id);
    if (!before) throw notFound(NO_BOARD);
    if (Date.parse(before.starts_at) <= now.getTime())
      throw new HttpError(409, 'CONFLICT', BINGO_MESSAGES.started);
    await checkMembers(trx, input.teams);
    await trx
      .updateTable('bingo_boards')
      .set({ ...boardColumns(input), updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('bingo_team_members').where('board_id', '=', id).execute();
    await trx.deleteFrom('bingo_submissions').where('board_id', '=', id).execute();
    await writeTilesAndTeams(trx, id, input);
    await recordAudit(trx, {
      actor,
      action: 'bingo.update',
      targetType: 'bingo',
      targetId: id,
      before,
      after: input,
      at: now,
    });
    await bumpRevision(trx, 'bingo');
  });
  return viewOf(deps.db, id);
}

/** The boards, newest first, a page before the id `before` at a time, each with its status now. */
export async function listBoards(db: Kysely<Database>, now: Date, before: number | undefined) {
  const rows = await db
    .selectFrom('bingo_boards')
    .select(['id', 'title', 'starts_at', 'ends_at'])
    .$if(before !== undefined, (query) => query.where('id', '<', before ?? 0))
    .orderBy('id', 'desc')
    .limit(BINGO_PAGE)
    .execute();
  return {
    items: rows.map((row) => {
      const board = {
        starts_at: new Date(row.starts_at).toISOString(),
        ends_at: new Date(row.ends_at).toISOString(),
      };
      return { id: row.id, title: row.title, ...board, status: bingoStatus(board, now) };
    }),
  };
}

/**
 * The balance button (issue 31): the chosen members split into `teams` teams of near-equal EHB + EHP,
 * with each team's total; a WOM id no member has is refused by name.
 */
export async function balanceMembers(db: Kysely<Database>, womIds: readonly string[], teams: number) {
  const rows = await db
    .selectFrom('members')
    .select(['wom_id', 'name', 'ehb', 'ehp'])
    .where('wom_id', 'in', [...womIds, ''])
    .where('deleted_at', 'is', null)
    .execute();
  const known = new Set(rows.map((row) => row.wom_id));
  const stranger = womIds.find((womId) => !known.has(womId));
  if (stranger !== undefined) throw badRequest(`members: no member has the WOM id ${stranger}`);
  return balanceTeams(
    rows.map((row) => ({ wom_id: row.wom_id, name: row.name, weight: Number(row.ehb) + Number(row.ehp) })),
    teams,
  ).map((team) => ({
    total: Math.round(team.total * 10) / 10,
    members: team.members.map((member) => ({ wom_id: member.wom_id, name: member.name })),
  }));
}
