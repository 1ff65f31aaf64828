import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { MAX_INT32 } from '#core/bounds/int32.ts';
import type { Page } from '#core/http/paging.ts';
import type { Database, MembersTable, NewMemberRow, PointsKind } from '../../db/schema.ts';
import { withConstraintErrors } from '../../db/errors.ts';
import { claimedColumn, type RosterRow } from '../members/members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MemberUpdate = Updateable<MembersTable>;

const memberRows = (db: Db) => db.selectFrom('members').selectAll('members').select(claimedColumn);

/** A member whether deleted or not, as the admin views read them. */
export function findMemberRow(db: Db, womId: string): Promise<RosterRow | undefined> {
  return memberRows(db).where('members.wom_id', '=', womId).executeTakeFirst();
}

/** Every member not deleted: hidden ones and those who left the clan included. */
export function listMemberRows(db: Db): Promise<RosterRow[]> {
  return memberRows(db).where('members.deleted_at', 'is', null).execute();
}

/** What a members CSV import compares its rows with: every member not deleted. */
export function listImportTargets(db: Db) {
  return db
    .selectFrom('members')
    .select(['wom_id', 'name', 'wom_name', 'title', 'first_lvl', 'first_xp', 'siege_score', 'join_date'])
    .where('deleted_at', 'is', null)
    .execute();
}

/** Soft-deleted members, the most recently deleted first. */
export function listDeletedMemberRows(db: Db): Promise<RosterRow[]> {
  return memberRows(db)
    .where('members.deleted_at', 'is not', null)
    .orderBy('members.deleted_at', 'desc')
    .orderBy('members.wom_id')
    .execute();
}

/** Throws ConflictError when the WOM id is taken. */
export async function insertMember(db: Db, member: NewMemberRow): Promise<void> {
  await withConstraintErrors(() => db.insertInto('members').values(member).execute());
}

export async function updateMemberRow(db: Db, womId: string, patch: MemberUpdate): Promise<void> {
  await db.updateTable('members').set(patch).where('wom_id', '=', womId).execute();
}

/**
 * Writes the patch only if the member is still at the version the caller read (`updated_at`).
 * Checking and writing in one statement means that of two saves of the same version exactly one
 * writes: on PostgreSQL the second waits for the first's row lock, then finds the version moved.
 */
export async function updateMemberAtVersion(
  db: Db,
  womId: string,
  version: string,
  patch: MemberUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set(patch)
    .where('wom_id', '=', womId)
    .where('updated_at', '=', version)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Adds points to a member's score in the database (never from a copy read earlier, which a concurrent
 * award would make stale) and returns the new score; undefined when there is no such member, they are
 * deleted, or the score would pass MAX_INT32 or, taking points away, fall below 0 (the caller tells
 * these apart).
 */
export async function addToScore(
  db: Db,
  womId: string,
  amount: number,
  at: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('members')
    .set((eb) => ({ siege_score: eb('siege_score', '+', amount), updated_at: at }))
    .where('wom_id', '=', womId)
    .where('deleted_at', 'is', null)
    // Each bound where it can be passed, as a value the integer column holds on PostgreSQL too.
    .$if(amount > 0, (query) => query.where('siege_score', '<=', MAX_INT32 - amount))
    .$if(amount < 0, (query) => query.where('siege_score', '>=', -amount))
    .returning('siege_score')
    .executeTakeFirst();
  return row?.siege_score;
}

export async function insertLedgerRow(
  db: Db,
  row: {
    member_wom_id: string;
    season_id: number;
    amount: number;
    reason: string;
    actor_user_id: number | null;
    created_at: string;
    kind?: PointsKind;
    reverses_id?: number;
    batch_id?: number;
  },
): Promise<void> {
  // The unique key on reverses_id refuses a second undo of one award, two admins at once included.
  await withConstraintErrors(() =>
    db
      .insertInto('points')
      .values({ ...row, event_id: null })
      .execute(),
  );
}

/** One of a member's ledger rows, with the row that undid it if one did. */
export function findLedgerRow(db: Db, womId: string, pointId: number) {
  return db
    .selectFrom('points')
    .leftJoin('points as undo', 'undo.reverses_id', 'points.id')
    .select([
      'points.id',
      'points.amount',
      'points.reason',
      'points.kind',
      'points.season_id',
      'undo.id as undone_by',
    ])
    .where('points.id', '=', pointId)
    .where('points.member_wom_id', '=', womId)
    .executeTakeFirst();
}

/**
 * One page of a member's ledger in a season, newest first (`created_at desc, id desc`, a keyset like
 * the other paged lists), with the event that paid or the admin who gave each row while they exist.
 * One row past `limit` is read so the last page is known without an empty one after it.
 */
export function listLedgerRows(db: Db, womId: string, seasonId: number, page: Page) {
  const { cursor } = page;
  let query = db
    .selectFrom('points')
    .leftJoin('events', 'events.id', 'points.event_id')
    .leftJoin('users', 'users.id', 'points.actor_user_id')
    .leftJoin('points as undo', 'undo.reverses_id', 'points.id')
    .select([
      'points.id',
      'points.amount',
      'points.reason',
      'points.created_at',
      'points.kind',
      'points.reverses_id',
      'undo.created_at as undone_at',
      'events.id as event_id',
      'events.name as event_name',
      'users.id as actor_id',
      'users.username as actor_username',
    ])
    .where('points.member_wom_id', '=', womId)
    .where('points.season_id', '=', seasonId);
  if (cursor) {
    query = query.where(
      sql<boolean>`(points.created_at < ${cursor.createdAt} or (points.created_at = ${cursor.createdAt} and points.id < ${cursor.id}))`,
    );
  }
  return query
    .orderBy('points.created_at', 'desc')
    .orderBy('points.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}
