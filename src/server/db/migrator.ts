import { Migrator, type Kysely, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './client.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

function migratorFor(handle: DatabaseHandle): Migrator {
  return new Migrator({ db: handle.db, provider });
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

function throwOnFailure(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new MigrationError(`Migration ${failed} failed: ${reason}`, { cause: result.error });
  }
}

/** Applies every pending migration; returns the names applied in this run. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const result = await migratorFor(handle).migrateToLatest();
  throwOnFailure(result);
  return (result.results ?? []).map((r) => r.migrationName);
}

/**
 * Migrates a database whose transaction the caller holds (a restore's, on its one connection) to
 * `to`, or to the latest when null: the migrator opens no transaction of its own.
 */
export async function migrateWithin(db: Kysely<unknown>, to: string | null): Promise<void> {
  const migrator = new Migrator({ db, provider, disableTransactions: true });
  throwOnFailure(await (to === null ? migrator.migrateToLatest() : migrator.migrateTo(to)));
}

/** The most recent migration applied, or null on an empty database. */
export async function currentMigration(handle: DatabaseHandle): Promise<string | null> {
  const applied = (await migratorFor(handle).getMigrations()).filter((m) => m.executedAt !== undefined);
  return applied.at(-1)?.name ?? null;
}
