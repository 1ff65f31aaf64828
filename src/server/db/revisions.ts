import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Data sets whose served form is cached; each write to one bumps its revision. `wom` is the stored
 * WOM payloads (`wom_cache`).
 */
export type DataSet = 'members' | 'wom';

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

/**
 * A value rebuilt only when the data set's revision moved: one small read per request instead of
 * rebuilding, and correct across instances because the revision lives in the database.
 */
export function cacheByRevision<T>(
  db: Kysely<Database>,
  name: DataSet,
  build: () => Promise<T>,
): () => Promise<T> {
  const cached = lastBuiltByKey<T>();
  return async () => cached(String(await readRevision(db, name)), build);
}
