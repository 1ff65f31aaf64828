import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { WOM_SYNC } from '../wom-sync/wom-sync.service.ts';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;
const LIVE_PREFIX = 'live_standings:';

export interface NewsEventRow {
  id: number;
  name: string;
  type: string | null;
  metric: string | null;
  start_date: string;
  end_date: string;
  wom_id: string | null;
  wom_missing_at: string | null;
  created_at: string;
}

/**
 * Events with both dates that end from about yesterday on: every reminder comes before the end. The
 * stored dates are ISO texts of several forms, all starting with the date, so comparing that prefix
 * a day early is a safe first cut; the caller reads the exact instants.
 */
const EVENT_COLUMNS = [
  'id',
  'name',
  'type',
  'metric',
  'start_date',
  'end_date',
  'wom_id',
  'wom_missing_at',
  'created_at',
] as const;

type EventColumns = Omit<NewsEventRow, 'start_date' | 'end_date'> & {
  start_date: string | null;
  end_date: string | null;
};

/** Only an event with both dates has moments to announce. */
function withDates(row: EventColumns): NewsEventRow[] {
  const { start_date, end_date } = row;
  return start_date === null || end_date === null ? [] : [{ ...row, start_date, end_date }];
}

export async function listEventsEndingSince(db: Db, now: Date): Promise<NewsEventRow[]> {
  const since = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('events')
    .select(EVENT_COLUMNS)
    .where('end_date', '>=', since)
    .orderBy('id')
    .execute();
  return rows.flatMap(withDates);
}

export async function listEventsById(db: Db, ids: number[]): Promise<NewsEventRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('events').select(EVENT_COLUMNS).where('id', 'in', ids).execute();
  return rows.flatMap(withDates);
}

/** Which of the keys are marked as announced already. */
export async function markedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('news_marks').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((row) => row.key));
}

const liveKey = (eventId: number) => `${LIVE_PREFIX}${eventId}`;

/**
 * The competitions with a live standings message under way, each with its last update's time. One
 * mark per competition, its time moved at each update, and removed by the final one.
 */
export async function listLiveMarks(db: Db): Promise<Map<number, Date>> {
  const rows = await db
    .selectFrom('news_marks')
    .select(['key', 'created_at'])
    .where('key', 'like', `${LIVE_PREFIX}%`)
    .execute();
  return new Map(rows.map((row) => [Number(row.key.slice(LIVE_PREFIX.length)), new Date(row.created_at)]));
}

/**
 * Takes the competition's next live update: true when its last one is at least `everyMs` old (or
 * there was none), moving its time to now; false when another run took it meanwhile.
 */
export async function claimLiveUpdate(
  trx: Transaction<Database>,
  eventId: number,
  now: Date,
  everyMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await trx
    .insertInto('news_marks')
    .values({ key: liveKey(eventId), created_at: at })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ created_at: at })
        .where('news_marks.created_at', '<=', new Date(now.getTime() - everyMs).toISOString()),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Ends the competition's live message: true for the one run that ends it. */
export async function finishLiveMark(trx: Transaction<Database>, eventId: number): Promise<boolean> {
  const result = await trx.deleteFrom('news_marks').where('key', '=', liveKey(eventId)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A final update WOM did not answer: tried again a live interval later. */
export async function touchLiveMark(trx: Transaction<Database>, eventId: number, now: Date): Promise<void> {
  await trx
    .updateTable('news_marks')
    .set({ created_at: now.toISOString() })
    .where('key', '=', liveKey(eventId))
    .execute();
}

export interface FailingStreak {
  /** The first failed run after the last success: names the streak. */
  firstRunId: number;
  failures: number;
  lastError: string;
}

/** The WOM sync's failed runs since its last success, or null when its latest finished run succeeded. */
export async function womSyncFailingStreak(db: Db): Promise<FailingStreak | null> {
  const success = await db
    .selectFrom('sync_runs')
    .select('id')
    .where('kind', '=', WOM_SYNC)
    .where('outcome', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const failed = await db
    .selectFrom('sync_runs')
    .select(['id', 'error'])
    .where('kind', '=', WOM_SYNC)
    .where('outcome', '=', 'failed')
    .where('id', '>', success?.id ?? 0)
    .orderBy('id')
    .execute();
  const first = failed[0];
  const last = failed.at(-1);
  if (!first || !last) return null;
  return { firstRunId: first.id, failures: failed.length, lastError: last.error ?? 'Unknown error' };
}
