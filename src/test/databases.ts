import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrator.ts';

/** The PostgreSQL server of this run: TEST_DATABASE_URL, or the embedded one (postgres-setup.ts). */
export const testDatabaseUrl = inject('testDatabaseUrl');

/** Every run tests both dialects. */
export const testDialects: Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** The DATABASE_URL that reaches this database from another process. */
  url: string;
  /** Closes the connection and removes the file or database. */
  destroy(): Promise<void>;
}

async function createSqlite(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'clan-test-'));
  const path = join(dir, 'clan.db');
  const handle = openSqlite(path);
  return {
    ...handle,
    url: `sqlite:${path}`,
    async destroy() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Replaces the database name in a connection URL. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own per test file: schemas would share one catalogue, and the migrator's
 * introspection of it trips over other files' schemas being dropped at the same moment.
 */
async function createPostgres(url: string): Promise<TestDatabase> {
  const name = `clan_test_${randomUUID().replaceAll('-', '')}`;
  await onServer(url, `create database ${name}`);
  const databaseUrl = withDatabase(url, name);
  const handle = openPostgres(databaseUrl);
  return {
    ...handle,
    url: databaseUrl,
    async destroy() {
      await handle.close();
      await onServer(url, `drop database ${name} with (force)`);
    },
  };
}

/** A fresh, empty database of the dialect, not yet migrated. */
export async function createEmptyTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  return dialect === 'sqlite' ? createSqlite() : createPostgres(testDatabaseUrl);
}

/** A fresh, fully migrated database of the dialect, isolated from every other test. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const database = await createEmptyTestDatabase(dialect);
  await migrateToLatest(database);
  return database;
}
