import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { Page } from '#core/http/paging.ts';
import { afterCursor } from '../../db/paging.ts';
import type { Database, RaceParticipantsTable } from '../../db/schema.ts';
import { isVisibleMember } from '../members/members.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Who asks: a visitor (null), a user, or an admin, who sees private races too. */
export type RaceViewer = { id: number; is_admin: boolean } | null;

export type ParticipantRow = Selectable<RaceParticipantsTable>;

export interface NewParticipant {
  wom_id: string;
  player_name: string;
  metric: string;
  start_value: number;
  target_value: number;
}

export interface RaceFields {
  title: string;
  description: string | null;
  public: boolean;
  end_date: string | null;
}

/** The races the viewer may see: public ones, their own, and every one for an admin. */
function visibleTo(viewer: RaceViewer) {
  return (eb: ExpressionBuilder<Database, 'races'>) => {
    if (viewer?.is_admin) return eb.val(true);
    const isPublic = eb('races.public', '=', true);
    return viewer ? eb.or([isPublic, eb('races.creator_id', '=', viewer.id)]) : isPublic;
  };
}

/** Races in which one of the user's claimed characters takes part. */
function includesCharacterOf(userId: number) {
  return (eb: ExpressionBuilder<Database, 'races'>) =>
    eb.exists(
      eb
        .selectFrom('race_participants')
        .innerJoin('player_claims', 'player_claims.wom_id', 'race_participants.wom_id')
        .select('race_participants.id')
        .whereRef('race_participants.race_id', '=', 'races.id')
        .where('player_claims.user_id', '=', userId),
    );
}

function selectRaces(db: Db) {
  return db
    .selectFrom('races')
    .innerJoin('users', 'users.id', 'races.creator_id')
    .select([
      'races.id',
      'races.creator_id',
      'users.username as creator_name',
      'races.title',
      'races.description',
      'races.public',
      'races.end_date',
      'races.created_at',
    ]);
}

export type RaceRow = Awaited<ReturnType<ReturnType<typeof selectRaces>['executeTakeFirstOrThrow']>>;

/** The page's races, newest first, and one more if there is one (paging.ts `toPage`). */
function onPage(query: ReturnType<typeof selectRaces>, page: Page): Promise<RaceRow[]> {
  const { cursor } = page;
  return (cursor ? query.where(afterCursor('races', cursor)) : query)
    .orderBy('races.created_at', 'desc')
    .orderBy('races.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** A page of the public races, newest first. */
export function listPublicRaces(db: Db, page: Page): Promise<RaceRow[]> {
  return onPage(selectRaces(db).where('races.public', '=', true), page);
}

/**
 * A page of the user's races, newest first: those they created, and those they may see in which
 * one of their claimed characters takes part (someone else's private race stays hidden from them).
 */
export function listRacesOf(
  db: Db,
  viewer: { id: number; is_admin: boolean },
  page: Page,
): Promise<RaceRow[]> {
  return onPage(
    selectRaces(db).where((eb) =>
      eb.or([
        eb('races.creator_id', '=', viewer.id),
        eb.and([visibleTo(viewer)(eb), includesCharacterOf(viewer.id)(eb)]),
      ]),
    ),
    page,
  );
}

/** How many races the user created that have not ended by `now`. */
export async function countOpenRacesOf(db: Db, creatorId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('races')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('creator_id', '=', creatorId)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', now.toISOString())]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The race if the viewer may see it. */
export function findVisibleRace(db: Db, id: number, viewer: RaceViewer): Promise<RaceRow | undefined> {
  return selectRaces(db).where('races.id', '=', id).where(visibleTo(viewer)).executeTakeFirst();
}

/**
 * The participants the viewer may see: every one for an admin; for anyone else only those whose
 * member the public roster shows, since a participant names its player with values and history.
 */
function shownTo(viewer: RaceViewer) {
  return (eb: ExpressionBuilder<Database, 'race_participants'>) =>
    viewer?.is_admin
      ? eb.val(true)
      : eb.exists(
          eb
            .selectFrom('members')
            .select('members.wom_id')
            .whereRef('members.wom_id', '=', 'race_participants.wom_id')
            .where(isVisibleMember),
        );
}

/** The races' participants the viewer may see, in the order they were added. */
export async function listParticipants(
  db: Db,
  raceIds: readonly number[],
  viewer: RaceViewer,
): Promise<ParticipantRow[]> {
  if (raceIds.length === 0) return [];
  return db
    .selectFrom('race_participants')
    .selectAll()
    .where('race_id', 'in', raceIds)
    .where(shownTo(viewer))
    .orderBy('race_id')
    .orderBy('id')
    .execute();
}

/** Every value seen for the participants, oldest first. */
export async function listProgress(db: Db, participantIds: readonly number[]) {
  if (participantIds.length === 0) return [];
  return db
    .selectFrom('race_progress')
    .select(['participant_id', 'value', 'recorded_at'])
    .where('participant_id', 'in', participantIds)
    .orderBy('participant_id')
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
}

/** Visible members among the ids, in wom_id order, with their stored snapshot text ('null' or none when WOM has none). */
export function listMemberSnapshots(db: Db, womIds: readonly string[]) {
  return db
    .selectFrom('members')
    .leftJoin('member_stats', 'member_stats.wom_id', 'members.wom_id')
    .select([
      'members.wom_id',
      'members.name',
      'member_stats.snapshot',
      'member_stats.snapshot_at',
      'member_stats.fetched_at',
    ])
    .where('members.wom_id', 'in', womIds.length > 0 ? [...womIds] : [''])
    .where(isVisibleMember)
    .orderBy('members.wom_id')
    .execute();
}

/**
 * Participants of races that have not ended by `now` (no end date, or one still ahead) whose
 * player has a stored snapshot, with it; only the given players when `womIds` is set.
 */
export function listRunningParticipantSnapshots(db: Db, now: Date, womIds?: readonly string[]) {
  let query = db
    .selectFrom('race_participants')
    .innerJoin('races', 'races.id', 'race_participants.race_id')
    .innerJoin('member_stats', 'member_stats.wom_id', 'race_participants.wom_id')
    .select([
      'race_participants.id',
      'race_participants.race_id',
      'race_participants.metric',
      'race_participants.current_value',
      'race_participants.target_value',
      'member_stats.snapshot',
    ])
    .where((eb) => eb.or([eb('races.end_date', 'is', null), eb('races.end_date', '>', now.toISOString())]))
    .where('member_stats.snapshot', '!=', 'null')
    .orderBy('race_participants.id');
  if (womIds) query = query.where('race_participants.wom_id', 'in', womIds.length > 0 ? [...womIds] : ['']);
  return query.execute();
}

/** The races whose end date falls after `from` and no later than `to`. */
export function listRacesEndedBetween(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('races')
    .select('id')
    .where('end_date', '>', from.toISOString())
    .where('end_date', '<=', to.toISOString())
    .orderBy('id')
    .execute();
}

export async function insertRace(
  db: Db,
  race: RaceFields & { creator_id: number; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('races')
    .values({ ...race, updated_at: race.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRace(db: Db, id: number, fields: RaceFields, now: string): Promise<void> {
  await db
    .updateTable('races')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes the race; its participants and their history go with it (foreign keys cascade). */
export async function deleteRace(db: Db, id: number): Promise<void> {
  await db.deleteFrom('races').where('id', '=', id).execute();
}

/** Adds the participant starting at its start value, and that value as the first point of its history. */
export async function insertParticipant(
  db: Db,
  raceId: number,
  participant: NewParticipant,
  now: string,
): Promise<void> {
  const row = await db
    .insertInto('race_participants')
    .values({ ...participant, race_id: raceId, current_value: participant.start_value })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProgress(db, row.id, participant.start_value, now);
}

export async function updateTarget(db: Db, participantId: number, targetValue: number): Promise<void> {
  await db
    .updateTable('race_participants')
    .set({ target_value: targetValue })
    .where('id', '=', participantId)
    .execute();
}

/** Deletes the participants and, by cascade, their history. */
export async function deleteParticipants(db: Db, participantIds: readonly number[]): Promise<void> {
  if (participantIds.length === 0) return;
  await db.deleteFrom('race_participants').where('id', 'in', participantIds).execute();
}

/** A new current value for the participant, appended to its history. */
export async function recordCurrentValue(
  db: Db,
  participantId: number,
  value: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('race_participants')
    .set({ current_value: value })
    .where('id', '=', participantId)
    .execute();
  await insertProgress(db, participantId, value, now);
}

async function insertProgress(db: Db, participantId: number, value: number, now: string): Promise<void> {
  await db
    .insertInto('race_progress')
    .values({ participant_id: participantId, value, recorded_at: now })
    .execute();
}
