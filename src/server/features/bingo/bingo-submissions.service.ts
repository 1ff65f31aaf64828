import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  SUBMISSIONS_PER_HOUR,
  SUBMISSION_MESSAGES,
  type BingoSubmission,
  type decisionInputSchema,
} from '#core/bingo/submissions.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, RateLimitedError, badRequest, forbidden, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { storeImage, type ImageCaps } from '../dink/dink-inbox.repository.ts';
import type { DinkImage } from '../dink/dink-upload.ts';
import { encodeScreenshot } from '../dink/screenshot-encoding.ts';
import type { SessionUser } from '#core/auth/auth.schema.ts';
import { canReferee } from './bingo-members.service.ts';
import { completeTile } from './bingo-progress.ts';
import { findBoard } from './bingo.repository.ts';

export interface SubmissionDeps {
  db: Kysely<Database>;
  clock: Clock;
  imageCaps: ImageCaps;
}

const HOUR_MS = 3_600_000;
/** Submissions a page of the queue (or of a member's own list) holds. */
export const SUBMISSIONS_PAGE = 20;

function submissionRows(db: Kysely<Database>) {
  return db
    .selectFrom('bingo_submissions')
    .innerJoin('bingo_tiles', 'bingo_tiles.id', 'bingo_submissions.tile_id')
    .innerJoin('bingo_teams', 'bingo_teams.id', 'bingo_submissions.team_id')
    .innerJoin('members', 'members.wom_id', 'bingo_submissions.wom_id')
    .select([
      'bingo_submissions.id',
      'bingo_submissions.board_id',
      'bingo_submissions.tile_id',
      'bingo_tiles.title as tile_title',
      'bingo_teams.name as team_name',
      'bingo_submissions.wom_id',
      'members.name as member_name',
      'bingo_submissions.note',
      'bingo_submissions.source',
      'bingo_submissions.status',
      'bingo_submissions.reason',
      'bingo_submissions.created_at',
      'bingo_submissions.decided_at',
      'bingo_submissions.image_id',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof submissionRows>['execute']>>[number];

function toSubmission(row: Row): BingoSubmission {
  const { image_id: imageId, ...rest } = row;
  // Served only to the member who sent it, the admins and the board's referees.
  const url = `/api/bingo/submissions/${row.id}/screenshot`;
  return {
    ...rest,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    screenshot: imageId === null ? null : { full: url, thumbnail: `${url}/thumbnail` },
  };
}

/**
 * A member's proof for a tile (issue 31): only while the board runs, only from a member of one of
 * its teams (through a character they claimed), with a screenshot, at most 10 an hour per account.
 * The screenshot is re-encoded and kept under the same caps as Dink's.
 */
export async function submitProof(
  deps: SubmissionDeps,
  request: { boardId: number; tileId: number; userId: number; note: string; image: DinkImage | null },
  actor: AuditActor,
): Promise<BingoSubmission> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const board = await deps.db
    .selectFrom('bingo_boards')
    .select(['id', 'starts_at', 'ends_at'])
    .where('id', '=', request.boardId)
    .executeTakeFirst();
  if (!board) throw notFound('No such board');
  if (now.getTime() < Date.parse(board.starts_at) || now.getTime() >= Date.parse(board.ends_at))
    throw new HttpError(409, 'CONFLICT', SUBMISSION_MESSAGES.notRunning);
  const tile = await deps.db
    .selectFrom('bingo_tiles')
    .select('id')
    .where('id', '=', request.tileId)
    .where('board_id', '=', board.id)
    .executeTakeFirst();
  if (!tile) throw notFound(SUBMISSION_MESSAGES.noTile);
  const member = await deps.db
    .selectFrom('player_claims')
    .innerJoin('bingo_team_members', 'bingo_team_members.wom_id', 'player_claims.wom_id')
    .select(['bingo_team_members.wom_id', 'bingo_team_members.team_id'])
    .where('player_claims.user_id', '=', request.userId)
    .where('bingo_team_members.board_id', '=', board.id)
    .orderBy('bingo_team_members.wom_id')
    .executeTakeFirst();
  if (!member) throw forbidden(SUBMISSION_MESSAGES.notInTeam);
  const done = await deps.db
    .selectFrom('bingo_completions')
    .select('tile_id')
    .where('team_id', '=', member.team_id)
    .where('tile_id', '=', tile.id)
    .executeTakeFirst();
  if (done) throw new HttpError(409, 'CONFLICT', SUBMISSION_MESSAGES.alreadyComplete);
  const recent = await deps.db
    .selectFrom('bingo_submissions')
    .select('created_at')
    .where('user_id', '=', request.userId)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS).toISOString())
    .orderBy('created_at')
    .execute();
  const oldest = recent[0];
  if (recent.length >= SUBMISSIONS_PER_HOUR && oldest) {
    const wait = Math.max(1, Math.ceil((Date.parse(oldest.created_at) + HOUR_MS - now.getTime()) / 1000));
    throw new RateLimitedError(wait, SUBMISSION_MESSAGES.tooMany(Math.ceil(wait / 60)));
  }
  if (!request.image) throw badRequest(SUBMISSION_MESSAGES.needsScreenshot);
  const screenshot = await encodeScreenshot(request.image.bytes);
  const id = await deps.db.transaction().execute(async (trx) => {
    const imageId = await storeImage(trx, { screenshot, womId: member.wom_id, now: at }, deps.imageCaps);
    const row = await trx
      .insertInto('bingo_submissions')
      .values({
        board_id: board.id,
        tile_id: tile.id,
        team_id: member.team_id,
        wom_id: member.wom_id,
        user_id: request.userId,
        note: request.note,
        image_id: imageId,
        status: 'pending',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: 'bingo.submit',
      targetType: 'bingo_submission',
      targetId: row.id,
      before: null,
      after: { board_id: board.id, tile_id: tile.id, wom_id: member.wom_id, note: request.note },
      at: now,
    });
    await bumpRevision(trx, 'bingo');
    return row.id;
  });
  const saved = await submissionRows(deps.db)
    .where('bingo_submissions.id', '=', id)
    .executeTakeFirstOrThrow();
  return toSubmission(saved);
}

/** A board's submissions for the referee queue, oldest first within a status, a page after `after`. */
export async function listSubmissions(
  db: Kysely<Database>,
  boardId: number,
  filter: { status?: BingoSubmission['status']; after?: number },
): Promise<BingoSubmission[]> {
  const rows = await submissionRows(db)
    .where('bingo_submissions.board_id', '=', boardId)
    .$if(filter.status !== undefined, (query) =>
      query.where('bingo_submissions.status', '=', filter.status ?? 'pending'),
    )
    .$if(filter.after !== undefined, (query) => query.where('bingo_submissions.id', '>', filter.after ?? 0))
    .orderBy('bingo_submissions.id')
    .limit(SUBMISSIONS_PAGE)
    .execute();
  return rows.map(toSubmission);
}

/**
 * The signed-in member's own submissions, newest first, a page before the id `before` at a time
 * (their profile shows each one's state).
 */
export async function ownSubmissions(
  db: Kysely<Database>,
  userId: number,
  before: number | undefined,
): Promise<BingoSubmission[]> {
  const rows = await submissionRows(db)
    .where('bingo_submissions.user_id', '=', userId)
    .$if(before !== undefined, (query) => query.where('bingo_submissions.id', '<', before ?? 0))
    .orderBy('bingo_submissions.id', 'desc')
    .limit(SUBMISSIONS_PAGE)
    .execute();
  return rows.map(toSubmission);
}

/**
 * A referee's decision (issue 31): approve, deny with the reason the member sees, or put back to
 * pending (undoing an approval); audited with before and after.
 */
export async function decideSubmission(
  deps: { db: Kysely<Database>; clock: Clock },
  id: number,
  decision: z.output<typeof decisionInputSchema>,
  actor: AuditActor,
): Promise<BingoSubmission> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('bingo_submissions')
      .select(['board_id', 'team_id', 'tile_id', 'wom_id', 'image_id', 'status', 'reason'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound(SUBMISSION_MESSAGES.notFound);
    const pending = decision.status === 'pending';
    await trx
      .updateTable('bingo_submissions')
      .set({
        status: decision.status,
        reason: pending ? null : decision.reason,
        decided_by: pending ? null : actor.userId,
        decided_at: pending ? null : now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    if (decision.status === 'approved' && before.status !== 'approved') {
      const board = await findBoard(trx, before.board_id);
      if (board)
        await completeTile(
          trx,
          board,
          {
            team_id: before.team_id,
            tile_id: before.tile_id,
            wom_id: before.wom_id,
            image_id: before.image_id,
            submission_id: id,
          },
          now,
        );
    } else if (decision.status !== 'approved' && before.status === 'approved') {
      await trx.deleteFrom('bingo_completions').where('submission_id', '=', id).execute();
    }
    await recordAudit(trx, {
      actor,
      action: 'bingo.decide',
      targetType: 'bingo_submission',
      targetId: id,
      before: { status: before.status, reason: before.reason },
      after: { status: decision.status, reason: decision.reason },
      at: now,
    });
    await bumpRevision(trx, 'bingo');
  });
  return toSubmission(
    await submissionRows(deps.db).where('bingo_submissions.id', '=', id).executeTakeFirstOrThrow(),
  );
}

/**
 * A submission's screenshot, for the member who sent it, the admins and the board's referees only;
 * undefined for anyone else, or once the screenshot is gone.
 */
export async function submissionScreenshot(
  db: Kysely<Database>,
  id: number,
  user: SessionUser,
  size: 'full' | 'thumbnail',
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('bingo_submissions')
    .innerJoin('dink_images', 'dink_images.id', 'bingo_submissions.image_id')
    .select([
      'bingo_submissions.board_id',
      'bingo_submissions.user_id',
      'dink_images.bytes',
      'dink_images.thumbnail',
    ])
    .where('bingo_submissions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.user_id !== user.id && !(await canReferee(db, row.board_id, user))) return undefined;
  return size === 'full' ? row.bytes : row.thumbnail;
}

/** The board a submission belongs to, or undefined. */
export async function submissionBoard(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('bingo_submissions')
    .select('board_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.board_id;
}
