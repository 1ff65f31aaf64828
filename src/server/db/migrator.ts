import {
  Migrator,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { DatabaseHandle } from './client.ts';
import { migrations } from './migrations/index.ts';

/** This version's migrations, by name; tests hand in others (one that fails). */
export type Migrations = Record<string, Migration>;

const providerOf = (list: Migrations): MigrationProvider => ({ getMigrations: async () => list });

/**
 * Kysely's migrator runs every pending migration in one transaction where the dialect's DDL is
 * transactional: PostgreSQL, and SQLite as db/client.ts opens it. A failing migration rolls back
 * the whole run.
 */
function migratorFor(handle: DatabaseHandle, list: Migrations): Migrator {
  return new Migrator({ db: handle.db, provider: providerOf(list) });
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

/** Applies every pending migration, all or none; returns the names applied in this run. */
export async function migrateToLatest(
  handle: DatabaseHandle,
  list: Migrations = migrations,
): Promise<string[]> {
  const result = await migratorFor(handle, list).migrateToLatest();
  throwOnFailure(result);
  return (result.results ?? []).map((r) => r.migrationName);
}

/** The migrations applied to the database and those still to run, each in order. */
export async function migrationState(
  handle: DatabaseHandle,
  list: Migrations = migrations,
): Promise<{ applied: string[]; pending: string[] }> {
  const all = await migratorFor(handle, list).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt !== undefined).map((m) => m.name),
    pending: all.filter((m) => m.executedAt === undefined).map((m) => m.name),
  };
}

/**
 * Migrates a database whose transaction the caller holds (a restore's, on its one connection) to
 * `to`, or to the latest when null: the migrator opens no transaction of its own.
 */
export async function migrateWithin(db: Kysely<unknown>, to: string | null): Promise<void> {
  const migrator = new Migrator({ db, provider: providerOf(migrations), disableTransactions: true });
  throwOnFailure(await (to === null ? migrator.migrateToLatest() : migrator.migrateTo(to)));
}

/** The most recent migration applied, or null on an empty database. */
export async function currentMigration(handle: DatabaseHandle): Promise<string | null> {
  return (await migrationState(handle)).applied.at(-1) ?? null;
}
