import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { bingoStatus } from '#core/bingo/bingo-status.ts';
import {
  BINGO_MESSAGES,
  BINGO_TEMPLATES_MAX,
  bingoLayoutSchema,
  type BingoLayout,
  type BingoTemplate,
  type BingoTileInput,
  type adminBingoExtrasSchema,
} from '#core/bingo/bingo.schema.ts';
import type { BingoBoardView } from '#core/bingo/board-view.ts';
import type { PointBatch } from '#core/members/point-batches.schema.ts';
import { rankByValue } from '#core/ranking/competition-ranking.ts';
import { usernameKey } from '#core/auth/username.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { bookBatch } from '../point-batches/point-batches.service.ts';
import { countInboxPosts, readBoardView } from './bingo-progress.ts';
import { findBoard } from './bingo.repository.ts';
import { NO_BOARD, insertTile, type BingoDeps } from './bingo.service.ts';

const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);

async function boardRow(trx: Kysely<Database> | Transaction<Database>, id: number) {
  const row = await trx.selectFrom('bingo_boards').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NO_BOARD);
  return row;
}

/** What only a board's admins see: its codeword, review setting, referees, sign-ups and booked points. */
export async function adminExtras(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<z.infer<typeof adminBingoExtrasSchema>> {
  const board = await boardRow(db, id);
  const [referees, signups] = await Promise.all([
    db
      .selectFrom('bingo_referees')
      .innerJoin('users', 'users.id', 'bingo_referees.user_id')
      .select(['users.id as user_id', 'users.username'])
      .where('bingo_referees.board_id', '=', id)
      .orderBy('users.username')
      .execute(),
    db
      .selectFrom('bingo_signups')
      .innerJoin('members', 'members.wom_id', 'bingo_signups.wom_id')
      .innerJoin('users', 'users.id', 'bingo_signups.user_id')
      .select(['bingo_signups.wom_id', 'members.name', 'users.username'])
      .where('bingo_signups.board_id', '=', id)
      .orderBy('members.name')
      .execute(),
  ]);
  const window = {
    starts_at: new Date(board.starts_at).toISOString(),
    ends_at: new Date(board.ends_at).toISOString(),
  };
  return {
    codeword: board.codeword,
    review: board.review,
    signups_open: toBool(board.signups),
    status: bingoStatus(window, now),
    referees,
    signups,
    points_batch_id: board.points_batch_id,
  };
}

/**
 * Adds a tile to a free cell (issue 31: after the start, the only change a board takes), until the
 * board ends. What Dink told of it that the inbox still holds counts at once.
 */
export async function addTile(
  deps: BingoDeps,
  id: number,
  tile: BingoTileInput,
  actor: AuditActor,
): Promise<BingoBoardView> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const board = await boardRow(trx, id);
    if (Date.parse(board.ends_at) <= now.getTime()) throw conflict(BINGO_MESSAGES.ended);
    if (tile.row >= board.size || tile.col >= board.size)
      throw badRequest(`row: ${BINGO_MESSAGES.offBoard(board.size)}`);
    const taken = await trx
      .selectFrom('bingo_tiles')
      .select('id')
      .where('board_id', '=', id)
      .where('row', '=', tile.row)
      .where('col', '=', tile.col)
      .executeTakeFirst();
    if (taken) throw conflict(BINGO_MESSAGES.cellTaken(tile.row, tile.col));
    await insertTile(trx, id, tile);
    await recordAudit(trx, {
      actor,
      action: 'bingo.tile',
      targetType: 'bingo',
      targetId: id,
      before: null,
      after: tile,
      at: now,
    });
    await countInboxPosts(trx, id, now);
    await bumpRevision(trx, 'bingo');
  });
  const view = await readBoardView(deps.db, id);
  if (!view) throw notFound(NO_BOARD);
  return view;
}

/** Deletes a board with everything on it; audited. */
export async function deleteBoard(deps: BingoDeps, id: number, actor: AuditActor): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findBoard(trx, id);
    if (!before) throw notFound(NO_BOARD);
    await trx.deleteFrom('bingo_boards').where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      action: 'bingo.delete',
      targetType: 'bingo',
      targetId: id,
      before,
      after: null,
      at: now,
    });
    await bumpRevision(trx, 'bingo');
  });
}

/** Sets a board's referees by username: each may decide its proofs as an admin does. */
export async function setReferees(
  deps: BingoDeps,
  id: number,
  usernames: readonly string[],
  actor: AuditActor,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await boardRow(trx, id);
    const keys = [...new Set(usernames.map(usernameKey))];
    const users = await trx
      .selectFrom('users')
      .select(['id', 'username', 'username_key'])
      .where('username_key', 'in', [...keys, ''])
      .execute();
    const found = new Set(users.map((user) => user.username_key));
    const unknown = usernames.find((name) => !found.has(usernameKey(name)));
    if (unknown !== undefined) throw badRequest(BINGO_MESSAGES.unknownUser(unknown));
    const before = await trx
      .selectFrom('bingo_referees')
      .select('user_id')
      .where('board_id', '=', id)
      .execute();
    await trx.deleteFrom('bingo_referees').where('board_id', '=', id).execute();
    for (const user of users)
      await trx.insertInto('bingo_referees').values({ board_id: id, user_id: user.id }).execute();
    await recordAudit(trx, {
      actor,
      action: 'bingo.referees',
      targetType: 'bingo',
      targetId: id,
      before: before.map((row) => row.user_id),
      after: users.map((user) => user.username),
      at: now,
    });
  });
}

const templateOf = (row: { id: number; name: string; created_at: string; layout: string }): BingoTemplate => {
  const parsed = bingoLayoutSchema.safeParse(JSON.parse(row.layout));
  return {
    id: row.id,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    layout: parsed.success
      ? parsed.data
      : {
          description: '',
          size: 5,
          codeword: null,
          review: 'auto',
          bonuses: { row: 0, column: 0, diagonal: 0, board: 0 },
          tiles: [],
        },
  };
};

/** The saved layouts, newest first (at most 50 are kept). */
export async function listTemplates(db: Kysely<Database>): Promise<BingoTemplate[]> {
  const rows = await db.selectFrom('bingo_templates').selectAll().orderBy('id', 'desc').execute();
  return rows.map(templateOf);
}

/** Saves a board's layout (not its dates or teams) under a name, to start new boards from. */
export async function saveTemplate(
  deps: BingoDeps,
  input: { name: string; board_id: number },
  actor: AuditActor,
): Promise<BingoTemplate> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const board = await findBoard(trx, input.board_id);
    if (!board) throw notFound(NO_BOARD);
    const row = await boardRow(trx, input.board_id);
    const count = await trx
      .selectFrom('bingo_templates')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= BINGO_TEMPLATES_MAX) throw conflict(BINGO_MESSAGES.templatesFull);
    const clash = await trx
      .selectFrom('bingo_templates')
      .select('id')
      .where('name', '=', input.name)
      .executeTakeFirst();
    if (clash) throw conflict(BINGO_MESSAGES.templateName);
    const layout: BingoLayout = {
      description: board.description,
      size: board.size,
      codeword: row.codeword,
      review: row.review,
      bonuses: board.bonuses,
      tiles: board.tiles.map(({ row: r, col, title, icon, points, goal }) => ({
        row: r,
        col,
        title,
        icon,
        points,
        goal,
      })),
    };
    const saved = await trx
      .insertInto('bingo_templates')
      .values({
        name: input.name,
        layout: JSON.stringify(layout),
        created_by: actor.userId,
        created_at: now.toISOString(),
      })
      .returning(['id', 'name', 'created_at', 'layout'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: 'bingo.template',
      targetType: 'bingo_template',
      targetId: saved.id,
      before: null,
      after: { name: input.name },
      at: now,
    });
    return templateOf(saved);
  });
}

export async function deleteTemplate(deps: BingoDeps, id: number, actor: AuditActor): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('bingo_templates')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('No such template');
    await trx.deleteFrom('bingo_templates').where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      action: 'bingo.template',
      targetType: 'bingo_template',
      targetId: id,
      before,
      after: null,
      at: now,
    });
  });
}

/**
 * Books a finished board's clan points by team placement (issue 31), through the audited ledger in
 * one award: every member of a team gets what its place pays by the clan's placements (teams tied
 * share a place). Once per board, unless that award was undone.
 */
export async function bookBoardPoints(deps: BingoDeps, id: number, actor: AuditActor): Promise<PointBatch> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await boardRow(trx, id);
    if (Date.parse(row.ends_at) > now.getTime()) throw conflict(BINGO_MESSAGES.notFinished);
    if (row.points_batch_id !== null) {
      const batch = await trx
        .selectFrom('point_batches')
        .select('undone_at')
        .where('id', '=', row.points_batch_id)
        .executeTakeFirst();
      if (batch && batch.undone_at === null) throw conflict(BINGO_MESSAGES.booked);
    }
    const view = await readBoardView(trx, id, 'admin');
    const placed = rankByValue(view?.teams ?? [], (team) => team.score);
    const entries = placed.flatMap(({ item, rank }) =>
      item.members.map((member) => ({ wom_id: member.wom_id, placement: rank })),
    );
    if (entries.length === 0) throw conflict(BINGO_MESSAGES.noTeams);
    const batch = await bookBatch(
      trx,
      { event_id: null, reason: `Bingo: ${row.title}`.slice(0, 200), entries },
      actor,
      now,
    );
    await trx.updateTable('bingo_boards').set({ points_batch_id: batch.id }).where('id', '=', id).execute();
    await recordAudit(trx, {
      actor,
      action: 'bingo.points',
      targetType: 'bingo',
      targetId: id,
      before: null,
      after: { batch_id: batch.id },
      at: now,
    });
    return batch;
  });
}
