import type { Kysely } from 'kysely';
import { balanceTeams } from '#core/bingo/balance-teams.ts';
import { bingoStatus } from '#core/bingo/bingo-status.ts';
import type { CreateBingoInput } from '#core/bingo/bingo.schema.ts';
import { BINGO_LIMITS } from '#core/bingo/bingo.schema.ts';
import type { Clock } from '../../clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import { readBoardView } from './bingo-progress.ts';
import { countOpenBoards } from './bingo.repository.ts';

export interface BingoDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Boards a page of `GET /api/bingo` lists. */
export const BINGO_PAGE = 20;

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
    const wanted = input.teams.flatMap((team) => team.members);
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
    input.teams.forEach((team, index) => {
      const stranger = team.members.find((womId) => !known.has(womId));
      if (stranger !== undefined)
        throw badRequest(`teams.${index}.members: no member has the WOM id ${stranger}`);
    });
    const board = await trx
      .insertInto('bingo_boards')
      .values({
        title: input.title,
        description: input.description,
        starts_at: new Date(input.starts_at).toISOString(),
        ends_at: new Date(input.ends_at).toISOString(),
        size: input.size,
        codeword: input.codeword,
        review: input.review,
        bonuses: JSON.stringify(input.bonuses),
        created_by: actor.userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const tile of input.tiles) {
      await trx
        .insertInto('bingo_tiles')
        .values({
          board_id: board.id,
          row: tile.row,
          col: tile.col,
          title: tile.title,
          points: tile.points,
          goal: JSON.stringify(tile.goal),
        })
        .execute();
    }
    for (const team of input.teams) {
      const row = await trx
        .insertInto('bingo_teams')
        .values({ board_id: board.id, name: team.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const womId of team.members)
        await trx
          .insertInto('bingo_team_members')
          .values({ board_id: board.id, team_id: row.id, wom_id: womId })
          .execute();
    }
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
  const view = await readBoardView(deps.db, id);
  if (!view) throw new HttpError(404, 'NOT_FOUND', 'No such board');
  return view;
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
