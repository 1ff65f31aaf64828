import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Attempts of a serializable transaction, counting the first, before its conflict becomes a 409. */
const SERIALIZABLE_ATTEMPTS = 4;
const FIRST_RETRY_MS = 10;

/** PostgreSQL aborted the transaction because a concurrent one made its reads stale. */
function isSerializationFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '40001' || error.code === '40P01';
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a serializable transaction and runs it again, after a short random pause, when
 * PostgreSQL aborts it for a concurrent one: the second try sees the first's committed result. Only
 * after a few such losses does the failure reach the caller (a 409). The random pause keeps two
 * retrying transactions from colliding again in lockstep. SQLite never aborts: it runs one writer at
 * a time.
 */
export async function inSerializableTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  sleep: (ms: number) => Promise<void> = realSleep,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      if (!isSerializationFailure(error) || attempt >= SERIALIZABLE_ATTEMPTS) throw error;
      const ceiling = FIRST_RETRY_MS * 2 ** (attempt - 1);
      await sleep(ceiling / 2 + Math.random() * ceiling);
    }
  }
}
