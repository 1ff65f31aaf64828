import type { Kysely } from 'kysely';
import { BINGO_MESSAGES, BINGO_SIGNUPS_MAX, type MyBingo } from '#core/bingo/bingo.schema.ts';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { HttpError, forbidden, notFound } from '../../http/http-error.ts';
import { NO_BOARD, type BingoDeps } from './bingo.service.ts';

/** Whether the user may decide a board's proofs: an admin, or a referee named for that board. */
export async function canReferee(db: Kysely<Database>, boardId: number, user: SessionUser): Promise<boolean> {
  if (user.is_admin) return true;
  const row = await db
    .selectFrom('bingo_referees')
    .select('user_id')
    .where('board_id', '=', boardId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The signed-in member's place on a board: the team of a character they claimed, the codeword once
 * the board runs (for its players and referees only), and their characters' sign-ups.
 */
export async function myBoard(
  db: Kysely<Database>,
  id: number,
  user: SessionUser,
  now: Date,
): Promise<MyBingo> {
  const board = await db
    .selectFrom('bingo_boards')
    .select(['id', 'starts_at', 'codeword', 'signups'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!board) throw notFound(NO_BOARD);
  const [team, characters, signups, referee] = await Promise.all([
    db
      .selectFrom('player_claims')
      .innerJoin('bingo_team_members', 'bingo_team_members.wom_id', 'player_claims.wom_id')
      .innerJoin('bingo_teams', 'bingo_teams.id', 'bingo_team_members.team_id')
      .select(['bingo_teams.id', 'bingo_teams.name'])
      .where('player_claims.user_id', '=', user.id)
      .where('bingo_team_members.board_id', '=', id)
      .orderBy('bingo_teams.id')
      .executeTakeFirst(),
    db
      .selectFrom('player_claims')
      .innerJoin('members', 'members.wom_id', 'player_claims.wom_id')
      .select(['members.wom_id', 'members.name'])
      .where('player_claims.user_id', '=', user.id)
      .where('members.deleted_at', 'is', null)
      .orderBy('members.name')
      .execute(),
    db
      .selectFrom('bingo_signups')
      .select('wom_id')
      .where('board_id', '=', id)
      .where('user_id', '=', user.id)
      .execute(),
    canReferee(db, id, user),
  ]);
  const started = Date.parse(board.starts_at) <= now.getTime();
  const signed = new Set(signups.map((row) => row.wom_id));
  return {
    team: team ?? null,
    codeword: started && (team || referee) ? board.codeword : null,
    referee,
    signups_open: toBool(board.signups) && !started,
    characters: characters.map((row) => ({ ...row, signed_up: signed.has(row.wom_id) })),
  };
}

/**
 * Puts a claimed character on a board's sign-up list, or takes it off: only while the board takes
 * sign-ups and has not started. The admins turn the list into teams.
 */
export async function setSignup(
  deps: BingoDeps,
  id: number,
  user: SessionUser,
  womId: string,
  signedUp: boolean,
): Promise<MyBingo> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const board = await trx
      .selectFrom('bingo_boards')
      .select(['starts_at', 'signups'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!board) throw notFound(NO_BOARD);
    if (!toBool(board.signups) || Date.parse(board.starts_at) <= now.getTime())
      throw new HttpError(409, 'CONFLICT', BINGO_MESSAGES.signupsClosed);
    const claim = await trx
      .selectFrom('player_claims')
      .select('wom_id')
      .where('user_id', '=', user.id)
      .where('wom_id', '=', womId)
      .executeTakeFirst();
    if (!claim) throw forbidden(BINGO_MESSAGES.notYours);
    if (!signedUp) {
      await trx.deleteFrom('bingo_signups').where('board_id', '=', id).where('wom_id', '=', womId).execute();
      return;
    }
    const count = await trx
      .selectFrom('bingo_signups')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('board_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= BINGO_SIGNUPS_MAX)
      throw new HttpError(409, 'CONFLICT', BINGO_MESSAGES.signupsClosed);
    await trx
      .insertInto('bingo_signups')
      .values({ board_id: id, wom_id: womId, user_id: user.id, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.columns(['board_id', 'wom_id']).doNothing())
      .execute();
  });
  return myBoard(deps.db, id, user, now);
}
