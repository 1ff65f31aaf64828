import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Data sets whose served form is cached; each write to one bumps its revision. `wom` is the stored
 * WOM payloads (`wom_cache`), `events` the events table.
 */
export type DataSet = 'members' | 'wom' | 'events';

/** Call inside the transaction that changes the data set, so the bump commits with the change. */
export async function bumpRevision(db: Db, name: DataSet): Promise<void> {
  await db
    .insertInto('data_revisions')
    .values({ name, revision: 1 })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ revision: eb('data_revisions.revision', '+', 1) })),
    )
    .execute();
}

export async function readRevision(db: Db, name: DataSet): Promise<number> {
  const row = await db
    .selectFrom('data_revisions')
    .select('revision')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.revision ?? 0;
}

/**
 * Keeps the last value built and builds again only when a call brings another key; a build that
 * fails is not kept, so the next call tries again.
 */
export function lastBuiltByKey<T>(): (key: string, build: () => Promise<T>) => Promise<T> {
  let cached: { key: string; value: Promise<T> } | null = null;
  return (key, build) => {
    if (cached?.key !== key) {
      const value = build();
      cached = { key, value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}

type RevisionRow = { name: string; revision: number };

const keyOf = (rows: readonly RevisionRow[]) => rows.map((row) => `${row.name}:${row.revision}`).join('|');

/**
 * A synchronous way to read the revisions, for a database that has one (SQLite): null while it cannot
 * answer for committed data (a transaction is open on its connection), so the caller queries.
 */
export type CommittedRevisionReader = () => readonly RevisionRow[] | null;

const committedReaders = new WeakMap<Kysely<Database>, CommittedRevisionReader>();

/** Lets `readRevisionKey(db)` skip the query path on this database while no transaction is open. */
export function registerCommittedRevisionReader(db: Kysely<Database>, reader: CommittedRevisionReader): void {
  committedReaders.set(db, reader);
}

/**
 * Every data set's revision in one small read, as a key that moves whenever any of them does. Public
 * reads key on all of them: writes are rare next to reads, and no read can miss a data set it
 * depends on. This runs on every public read, so on SQLite it is one prepared statement, not a trip
 * through the query builder and the connection's queue.
 */
export async function readRevisionKey(db: Db): Promise<string> {
  const committed = committedReaders.get(db)?.();
  if (committed) return keyOf(committed);
  return keyOf(await db.selectFrom('data_revisions').select(['name', 'revision']).orderBy('name').execute());
}

/**
 * A value rebuilt only when a data revision moved: one small read per request instead of
 * rebuilding, and correct across instances because the revisions live in the database.
 */
export function cacheByRevision<T>(db: Kysely<Database>, build: () => Promise<T>): () => Promise<T> {
  const cached = lastBuiltByKey<T>();
  return async () => cached(await readRevisionKey(db), build);
}

/**
 * `cacheByRevision` for a read with a few variants (a bounded query parameter), each kept apart so
 * that alternating requests do not rebuild each other's value.
 */
export function cacheVariantsByRevision<T>(
  db: Kysely<Database>,
  build: (variant: string) => Promise<T>,
): (variant: string) => Promise<T> {
  const variants = new Map<string, (key: string, build: () => Promise<T>) => Promise<T>>();
  return async (variant) => {
    let cached = variants.get(variant);
    if (!cached) {
      cached = lastBuiltByKey<T>();
      variants.set(variant, cached);
    }
    return cached(await readRevisionKey(db), () => build(variant));
  };
}
