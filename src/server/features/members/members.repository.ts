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

/** The siege score of every archived season the member was in, oldest first. */
export function listArchivedSeasonScores(db: Kysely<Database>, womId: string) {
  return db
    .selectFrom('season_scores')
    .innerJoin('seasons', 'seasons.id', 'season_scores.season_id')
    .select([
      'seasons.id as season_id',
      'seasons.name',
      'seasons.started_at',
      'seasons.ended_at',
      'season_scores.siege_score',
    ])
    .where('season_scores.member_wom_id', '=', womId)
    .where('seasons.is_open', '=', false)
    .orderBy('seasons.started_at')
    .orderBy('seasons.id')
    .execute();
}

/** The season now running: the member's score in it is the one on their row. */
export function findOpenSeason(db: Kysely<Database>) {
  return db
    .selectFrom('seasons')
    .select(['id', 'name', 'started_at'])
    .where('is_open', '=', true)
    .executeTakeFirst();
}

/**
 * The WOM-linked events the member won, newest first: the same wins the Event Wins board counts
 * (leaderboards.repository.ts), so the page and the board agree.
 */
export function listEventsWon(db: Kysely<Database>, womId: string) {
  return db
    .selectFrom('event_results')
    .innerJoin('events', 'events.id', 'event_results.event_id')
    .select(['events.id', 'events.name', 'events.metric', 'events.end_date'])
    .where('event_results.member_wom_id', '=', womId)
    .where('event_results.won', '=', true)
    .where('events.wom_id', 'is not', null)
    .orderBy('events.end_date', 'desc')
    .orderBy('events.id', 'desc')
    .execute();
}

/** The member's public goals, newest first; private goals never leave the database here. */
export function listPublicGoalsOf(db: Kysely<Database>, womId: string, limit: number) {
  return db
    .selectFrom('user_goals')
    .select([
      'id',
      'goal_type',
      'metric',
      'start_value',
      'current_value',
      'target_value',
      'completed',
      'target_date',
    ])
    .where('wom_id', '=', womId)
    .where('public', '=', true)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The public races the member runs in, with their own line, newest first. */
export function listPublicRacesOf(db: Kysely<Database>, womId: string, limit: number) {
  return db
    .selectFrom('race_participants')
    .innerJoin('races', 'races.id', 'race_participants.race_id')
    .select([
      'races.id',
      'races.title',
      'races.end_date',
      'race_participants.id as participant_id',
      'race_participants.metric',
      'race_participants.start_value',
      'race_participants.current_value',
      'race_participants.target_value',
    ])
    .where('race_participants.wom_id', '=', womId)
    .where('races.public', '=', true)
    .orderBy('races.created_at', 'desc')
    .orderBy('races.id', 'desc')
    .orderBy('race_participants.id')
    .limit(limit)
    .execute();
}

/** A visible member as the roster has them (with `claimed`), or undefined for anyone the public must not see. */
export function findVisibleRosterRow(db: Kysely<Database>, womId: string): Promise<RosterRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll('members')
    .select(claimedColumn)
    .where('members.wom_id', '=', womId)
    .where(isVisibleMember)
    .executeTakeFirst();
}
