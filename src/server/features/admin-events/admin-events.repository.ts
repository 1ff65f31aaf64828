import type { Kysely, SqlBool, Transaction } from 'kysely';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import type { EventFields } from '#core/events/event-save.ts';
import { withConstraintErrors } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { PUBLIC_EVENT_COLUMNS, selectEventsNewestFirst } from '../events/events.repository.ts';
import { toBool } from '../../db/values.ts';

type Db = Kysely<Database> | Transaction<Database>;

const COLUMNS = [
  ...PUBLIC_EVENT_COLUMNS,
  'manual',
  'short_event',
  'wom_title',
  'wom_missing_at',
  'points_awarded_at',
  'results_at',
  'created_at',
  'updated_at',
] as const;

type EventRow = Omit<AdminEvent, 'manual' | 'short_event' | 'before_site'> & {
  manual: SqlBool;
  short_event: SqlBool;
  before_site: SqlBool;
};

function toAdminEvent(row: EventRow): AdminEvent {
  return {
    ...row,
    manual: toBool(row.manual),
    short_event: toBool(row.short_event),
    before_site: toBool(row.before_site),
  };
}

/** Every event, synced and manual, in the public list's order. */
export async function listAdminEvents(db: Db): Promise<AdminEvent[]> {
  const rows = await selectEventsNewestFirst(db).select(COLUMNS).execute();
  return rows.map(toAdminEvent);
}

export async function findAdminEvent(db: Db, id: number): Promise<AdminEvent | undefined> {
  const row = await db.selectFrom('events').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toAdminEvent(row);
}

/** The event linked to a WOM competition, if any. */
export async function findEventIdByWomId(db: Db, womId: string): Promise<number | null> {
  const row = await db.selectFrom('events').select('id').where('wom_id', '=', womId).executeTakeFirst();
  return row?.id ?? null;
}

/** An event's fields as saved: the admin's, plus what WOM said of the linked competition then. */
export type SavedEventFields = EventFields & { wom_title: string | null; wom_missing_at: null };

/** Throws ConflictError when another event holds the WOM competition. */
export async function insertManualEvent(db: Db, fields: SavedEventFields, now: string): Promise<AdminEvent> {
  const row = await withConstraintErrors(() =>
    db
      .insertInto('events')
      .values({ ...fields, manual: true, created_at: now, updated_at: now })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow(),
  );
  return toAdminEvent(row);
}

/** Only an admin's event changes; throws ConflictError when another event holds the WOM competition. */
export async function updateManualEvent(
  db: Db,
  id: number,
  fields: SavedEventFields,
  now: string,
): Promise<AdminEvent | undefined> {
  const row = await withConstraintErrors(() =>
    db
      .updateTable('events')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .where('manual', '=', true)
      .returning(COLUMNS)
      .executeTakeFirst(),
  );
  return row && toAdminEvent(row);
}

/** Only an admin's event goes; its results go with it, and its points stay on the ledger. */
export async function deleteManualEvent(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('events')
    .where('id', '=', id)
    .where('manual', '=', true)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes an event's points booking for this transaction: marks it booked unless it already is, and
 * says whether it did. Under the row's lock, a second admin's booking waits and then finds it done.
 */
export async function claimEventBooking(db: Db, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set({ points_awarded_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('points_awarded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
