import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database, MemberRow } from '../../db/schema.ts';

export type RosterRow = MemberRow & { claimed: SqlBool };

/** The members the public sees: not hidden, not deleted, not gone from the clan. */
export function isVisibleMember(eb: ExpressionBuilder<Database, 'members'>) {
  return eb.and([
    eb('members.hidden', '=', false),
    eb('members.deleted_at', 'is', null),
    eb('members.left_at', 'is', null),
  ]);
}

/** The opposite of isVisibleMember: hidden, deleted or gone from the clan. */
export function isHiddenFromPublic(eb: ExpressionBuilder<Database, 'members'>) {
  return eb.not(isVisibleMember(eb));
}

/**
 * WOM ids of the members the public must not see, in a stable order. Data that WOM sends about the
 * whole group (memberships, standings, leaders) is filtered against it when served.
 */
export async function listHiddenMemberIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('members')
    .select('wom_id')
    .where(isHiddenFromPublic)
    .orderBy('wom_id')
    .execute();
  return rows.map((row) => row.wom_id);
}

/** The members the public must not see, with the names they are known by (an event names its winner). */
export function listHiddenMemberNames(db: Kysely<Database>) {
  return db.selectFrom('members').select(['wom_id', 'name', 'wom_name']).where(isHiddenFromPublic).execute();
}

/** Whether someone has claimed the member's character: the `claimed` of a RosterRow. */
export function claimedColumn(eb: ExpressionBuilder<Database, 'members'>) {
  return eb
    .exists(
      eb
        .selectFrom('player_claims')
        .select(sql.lit(1).as('one'))
        .whereRef('player_claims.wom_id', '=', 'members.wom_id'),
    )
    .as('claimed');
}

/** Members the public sees: not hidden, not deleted, not gone from the clan. */
export function listVisibleMembers(db: Kysely<Database>): Promise<RosterRow[]> {
  return db
    .selectFrom('members')
    .selectAll('members')
    .select(claimedColumn)
    .where(isVisibleMember)
    .orderBy('members.name')
    .execute();
}

/**
 * The members the roster lists before any filter: visible ones without alts, which the roster hides
 * unless 'Show Alt Accounts' is on (spec §9). The Stats page's count is this, so the two agree.
 */
export async function countRosterMembers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(isVisibleMember)
    .where('members.alt', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findVisibleMember(db: Kysely<Database>, womId: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('wom_id', '=', womId)
    .where(isVisibleMember)
    .executeTakeFirst();
}
