import type { Kysely, Transaction } from 'kysely';
import { revisionKeyOf, type RevisionWatch } from './revision-watch.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Data sets whose served form is cached; each write to one bumps its revision. `wom` is the stored
 * WOM payloads (`wom_cache`), `events` the events table, `races` the races and their participants,
 * `goals` the members' goals, `dink` the moments, boards and progress made from Dink's posts,
 * `settings` the clan's own rules (ladder, points, profile).
 */
export type DataSet = 'members' | 'wom' | 'events' | 'races' | 'goals' | 'dink' | 'settings' | 'bingo';

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

/** A value built per key, with a synchronous look at the one built for a key, if it is ready. */
export type BuiltByKey<T> = ((key: string, build: () => Promise<T>) => Promise<T>) & {
  /** The value built for `key` once its build has finished; undefined otherwise, without building. */
  ready: (key: string) => T | undefined;
};

/**
 * Keeps the last value built and builds again only when a call brings another key; a build that
 * fails is not kept, so the next call tries again.
 */
export function lastBuiltByKey<T>(): BuiltByKey<T> {
  let cached: { key: string; value: Promise<T>; settled?: T } | null = null;
  const get = (key: string, build: () => Promise<T>) => {
    if (cached?.key !== key) {
      const entry: { key: string; value: Promise<T>; settled?: T } = { key, value: build() };
      cached = entry;
      entry.value.then(
        (value) => {
          entry.settled = value;
        },
        () => {
          if (cached === entry) cached = null;
        },
      );
    }
    return cached.value;
  };
  return Object.assign(get, {
    ready: (key: string) => (cached?.key === key ? cached.settled : undefined),
  });
}

interface Watched {
  watch: RevisionWatch;
  /** Starts whatever keeps the watch informed, on first use (PostgreSQL's listener). */
  start?: () => void;
}

const watched = new WeakMap<Kysely<Database>, Watched>();

/** Lets reads on this database key on the revisions the process knows instead of reading them. */
export function watchRevisions(db: Kysely<Database>, watch: RevisionWatch, start?: () => void): void {
  watched.set(db, { watch, start });
}

const readAll = (db: Db) =>
  db.selectFrom('data_revisions').select(['name', 'revision']).orderBy('name').execute();

/**
 * The revisions' key when this process knows it without asking the database, else null: what a
 * public read's early answer keys on (public-reads.ts).
 */
export function knownRevisionKey(db: Kysely<Database>): string | null {
  const entry = watched.get(db);
  if (!entry) return null;
  entry.start?.();
  return entry.watch.known();
}

/**
 * Every data set's revision, as a key that moves whenever any of them does. Public reads key on all
 * of them: writes are rare next to reads, and no read can miss a data set it depends on. Known in
 * memory most of the time (revision-watch.ts); inside a transaction it is read there, so the
 * transaction sees its own bumps.
 */
export async function readRevisionKey(db: Db): Promise<string> {
  const entry = watched.get(db);
  if (!entry) return revisionKeyOf(await readAll(db));
  entry.start?.();
  return entry.watch.known() ?? entry.watch.read(() => readAll(db));
}

/** A value rebuilt when a data revision moved; `ready()` is it without waiting, when it can be had so. */
export type CachedByRevision<T> = (() => Promise<T>) & { ready: () => T | undefined };

/**
 * A value rebuilt only when a data revision moved: correct across instances because the revisions
 * live in the database, and most requests know them without asking it (revision-watch.ts).
 */
export function cacheByRevision<T>(db: Kysely<Database>, build: () => Promise<T>): CachedByRevision<T> {
  const cached = lastBuiltByKey<T>();
  const get = async () => cached(await readRevisionKey(db), build);
  return Object.assign(get, {
    ready() {
      const key = knownRevisionKey(db);
      return key === null ? undefined : cached.ready(key);
    },
  });
}

/** `cacheByRevision` per variant of a read. */
export type CachedVariantsByRevision<T> = ((variant: string) => Promise<T>) & {
  ready: (variant: string) => T | undefined;
};

/**
 * `cacheByRevision` for a read with a few variants (a bounded query parameter), each kept apart so
 * that alternating requests do not rebuild each other's value.
 */
export function cacheVariantsByRevision<T>(
  db: Kysely<Database>,
  build: (variant: string) => Promise<T>,
): CachedVariantsByRevision<T> {
  const variants = new Map<string, BuiltByKey<T>>();
  const get = async (variant: string) => {
    let cached = variants.get(variant);
    if (!cached) {
      cached = lastBuiltByKey<T>();
      variants.set(variant, cached);
    }
    return cached(await readRevisionKey(db), () => build(variant));
  };
  return Object.assign(get, {
    ready(variant: string) {
      const key = knownRevisionKey(db);
      return key === null ? undefined : variants.get(variant)?.ready(key);
    },
  });
}
