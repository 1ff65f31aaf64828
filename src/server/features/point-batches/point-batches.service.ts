import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { pointsOverflowMessage } from '#core/bounds/int32.ts';
import type { ClanPoints } from '#core/clan/rank-ladder.schema.ts';
import { pointsForPlacement } from '#core/events/competition-results.ts';
import {
  POINT_BATCH_MESSAGES,
  type PointBatch,
  type pointBatchInputSchema,
} from '#core/members/point-batches.schema.ts';
import type { Clock } from '#shared/clock.ts';
import { ConflictError } from '../../db/errors.ts';
import { bumpRevision } from '../../db/revisions.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, badRequest, notFound } from '../../http/http-error.ts';
import { addToScore, insertLedgerRow } from '../admin-members/admin-members.repository.ts';
import { refreshRankQueue } from '../admin-members/rank-queue.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { readClanRules } from '../clan-settings/clan-settings.ts';
import { findOpenSeason } from '../seasons/seasons.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
type BatchInput = z.output<typeof pointBatchInputSchema>;

export interface PointBatchesDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** How many awards a page of the list holds. */
export const POINT_BATCHES_PAGE = 20;

const refused = (message: string) => new HttpError(409, 'CONFLICT', message);

/** Each entry's amount: as given, or what its placement pays by the clan's points (never the short rate). */
function amountOf(entry: BatchInput['entries'][number], points: ClanPoints): number {
  return 'amount' in entry ? entry.amount : pointsForPlacement(entry.placement, false, points);
}

async function batchView(db: Db, ids: readonly number[]): Promise<PointBatch[]> {
  if (ids.length === 0) return [];
  const [batches, rows] = await Promise.all([
    db.selectFrom('point_batches').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute(),
    db
      .selectFrom('points')
      .innerJoin('members', 'members.wom_id', 'points.member_wom_id')
      .select(['points.batch_id', 'points.member_wom_id', 'points.amount', 'members.name'])
      .where('points.batch_id', 'in', ids)
      .where('points.kind', '=', 'award')
      .orderBy('points.amount', 'desc')
      .orderBy('members.name')
      .execute(),
  ]);
  return batches.map((batch) => {
    const entries = rows
      .filter((row) => row.batch_id === batch.id)
      .map((row) => ({ wom_id: row.member_wom_id, name: row.name, amount: row.amount }));
    return {
      id: batch.id,
      event_id: batch.event_id,
      reason: batch.reason,
      created_at: batch.created_at,
      undone_at: batch.undone_at,
      total: entries.reduce((sum, entry) => sum + entry.amount, 0),
      entries,
    };
  });
}

/** The awards made in one go, newest first, a page before `before` (an id) at a time. */
export async function listPointBatches(
  db: Kysely<Database>,
  before: number | undefined,
): Promise<PointBatch[]> {
  const ids = await db
    .selectFrom('point_batches')
    .select('id')
    .$if(before !== undefined, (query) => query.where('id', '<', before ?? 0))
    .orderBy('id', 'desc')
    .limit(POINT_BATCHES_PAGE)
    .execute();
  return batchView(
    db,
    ids.map((row) => row.id),
  );
}

/**
 * An event's points in one go (issue 30): one ledger row per member (an award the buttons' undo
 * would also recognise), each member's score raised by as much, the batch and its audit row, in one
 * transaction; a member unknown or a score past what its column holds refuses the whole award.
 */
export async function awardBatch(
  deps: PointBatchesDeps,
  input: BatchInput,
  actor: AuditActor,
): Promise<PointBatch> {
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => bookBatch(trx, input, actor, now));
}

/** An award in one go, in the caller's transaction (a bingo board's placements book theirs so). */
export async function bookBatch(
  trx: Transaction<Database>,
  input: BatchInput,
  actor: AuditActor,
  now: Date,
): Promise<PointBatch> {
  const at = now.toISOString();
  const { points, ladder } = await readClanRules(trx);
  if (input.event_id !== null) {
    const event = await trx
      .selectFrom('events')
      .select('id')
      .where('id', '=', input.event_id)
      .executeTakeFirst();
    if (!event) throw badRequest('No such event');
  }
  const batch = await trx
    .insertInto('point_batches')
    .values({ event_id: input.event_id, reason: input.reason, actor_user_id: actor.userId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const booked: Array<{ wom_id: string; amount: number }> = [];
  for (const entry of input.entries) {
    const amount = amountOf(entry, points);
    if (amount === 0) continue;
    const score = await addToScore(trx, entry.wom_id, amount, at);
    if (score === undefined) {
      const member = await trx
        .selectFrom('members')
        .select(['name', 'siege_score', 'deleted_at'])
        .where('wom_id', '=', entry.wom_id)
        .executeTakeFirst();
      if (!member || member.deleted_at !== null)
        throw badRequest(POINT_BATCH_MESSAGES.unknownMember(entry.wom_id));
      throw badRequest(pointsOverflowMessage(member.name, member.siege_score, amount));
    }
    booked.push({ wom_id: entry.wom_id, amount });
  }
  // Read after the scores were written: a reset that committed meanwhile opened the season to book to.
  const season = await findOpenSeason(trx);
  for (const { wom_id: womId, amount } of booked) {
    await insertLedgerRow(trx, {
      member_wom_id: womId,
      season_id: season.id,
      amount,
      reason: input.reason,
      actor_user_id: actor.userId,
      created_at: at,
      kind: 'award',
      batch_id: batch.id,
    });
  }
  await recordAudit(trx, {
    actor,
    action: 'points.batch',
    targetType: 'point_batch',
    targetId: batch.id,
    before: null,
    after: { event_id: input.event_id, reason: input.reason, entries: booked },
    at: now,
  });
  await bumpRevision(trx, 'members');
  await refreshRankQueue(
    trx,
    ladder,
    now,
    booked.map((entry) => entry.wom_id),
  );
  const [view] = await batchView(trx, [batch.id]);
  if (!view) throw notFound(POINT_BATCH_MESSAGES.notFound);
  return view;
}

/**
 * Undoes an award made in one go, as a whole: a reversing row for each of its rows and every score
 * lowered by as much, audited, in one transaction. Only an award of the open season that still
 * stands can be undone, and never below a score of 0; otherwise 409 and nothing is written.
 */
export async function undoBatch(deps: PointBatchesDeps, id: number, actor: AuditActor): Promise<PointBatch> {
  const now = deps.clock.now();
  const at = now.toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const batch = await trx.selectFrom('point_batches').selectAll().where('id', '=', id).executeTakeFirst();
      if (!batch) throw notFound(POINT_BATCH_MESSAGES.notFound);
      // Marked first: of two admins undoing at once, the second finds it undone (or waits, then does).
      const marked = await trx
        .updateTable('point_batches')
        .set({ undone_at: at, undone_by: actor.userId })
        .where('id', '=', id)
        .where('undone_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) throw refused(POINT_BATCH_MESSAGES.alreadyUndone);
      const season = await findOpenSeason(trx);
      const rows = await trx
        .selectFrom('points')
        .innerJoin('members', 'members.wom_id', 'points.member_wom_id')
        .select(['points.id', 'points.member_wom_id', 'points.amount', 'points.season_id', 'members.name'])
        .where('points.batch_id', '=', id)
        .where('points.kind', '=', 'award')
        .execute();
      if (rows.some((row) => row.season_id !== season.id)) throw refused(POINT_BATCH_MESSAGES.closedSeason);
      for (const row of rows) {
        await insertLedgerRow(trx, {
          member_wom_id: row.member_wom_id,
          season_id: season.id,
          amount: -row.amount,
          reason: `Undone: ${batch.reason}`,
          actor_user_id: actor.userId,
          created_at: at,
          kind: 'undo',
          reverses_id: row.id,
          batch_id: id,
        });
        const score = await addToScore(trx, row.member_wom_id, -row.amount, at);
        if (score === undefined) throw refused(POINT_BATCH_MESSAGES.belowZero(row.name));
      }
      await recordAudit(trx, {
        actor,
        action: 'points.batch_undo',
        targetType: 'point_batch',
        targetId: id,
        before: {
          reason: batch.reason,
          entries: rows.map((row) => ({ wom_id: row.member_wom_id, amount: row.amount })),
        },
        after: { undone: rows.length },
        at: now,
      });
      await bumpRevision(trx, 'members');
      const { ladder } = await readClanRules(trx);
      await refreshRankQueue(
        trx,
        ladder,
        now,
        rows.map((row) => row.member_wom_id),
      );
      const [view] = await batchView(trx, [id]);
      if (!view) throw notFound(POINT_BATCH_MESSAGES.notFound);
      return view;
    });
  } catch (error) {
    // A row of the award undone on its own (the member's points history) meanwhile.
    if (error instanceof ConflictError) throw refused(POINT_BATCH_MESSAGES.alreadyUndone);
    throw error;
  }
}
