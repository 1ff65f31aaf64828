import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isHiddenFromPublic } from '../members/members.repository.ts';

/** The columns of an event as `GET /api/events` serves it, winners aside. */
export const PUBLIC_EVENT_COLUMNS = [
  'id',
  'name',
  'type',
  'metric',
  'description',
  'start_date',
  'end_date',
  'wom_id',
  'winner_username',
  'before_site',
] as const;

/** Events, newest start first (spec §7): the order of the public list and of the admin's. */
export function selectEventsNewestFirst(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('events')
    .orderBy('start_date', (order) => order.desc().nullsLast())
    .orderBy('id', 'desc');
}

/** Every event; the page groups them by status. */
export function listEvents(db: Kysely<Database>) {
  return selectEventsNewestFirst(db).select(PUBLIC_EVENT_COLUMNS).execute();
}

/** What a calendar file says of an event: its public fields, and when it last changed (its DTSTAMP). */
const CALENDAR_COLUMNS = [
  'id',
  'name',
  'metric',
  'description',
  'start_date',
  'end_date',
  'wom_id',
  'updated_at',
] as const;

/** Every event with both dates, soonest start first: the calendar feed's rows before its cut. */
export function listCalendarEvents(db: Kysely<Database>) {
  return db
    .selectFrom('events')
    .select(CALENDAR_COLUMNS)
    .where('start_date', 'is not', null)
    .where('end_date', 'is not', null)
    .$narrowType<{ start_date: string; end_date: string }>()
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

/** One event for its calendar file, when it has both dates. */
export function findCalendarEvent(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('events')
    .select(CALENDAR_COLUMNS)
    .where('id', '=', id)
    .where('start_date', 'is not', null)
    .where('end_date', 'is not', null)
    .$narrowType<{ start_date: string; end_date: string }>()
    .executeTakeFirst();
}

/** Events in which a member the public must not see was placed first. */
export async function listEventIdsWonByHiddenMembers(db: Kysely<Database>): Promise<Set<number>> {
  const rows = await db
    .selectFrom('event_results')
    .innerJoin('members', 'members.wom_id', 'event_results.member_wom_id')
    .select('event_results.event_id')
    .distinct()
    .where('event_results.won', '=', true)
    .where(isHiddenFromPublic)
    .execute();
  return new Set(rows.map((row) => row.event_id));
}
