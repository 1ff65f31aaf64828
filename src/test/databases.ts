import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { onServer, withDatabase } from './postgres-server.ts';

/** The PostgreSQL server of this run: TEST_DATABASE_URL, or the embedded one (postgres-setup.ts). */
export const testDatabaseUrl = inject('testDatabaseUrl');

/** The migrated database on that server that each test's database is copied from (postgres-setup.ts). */
const postgresTemplate = inject('testTemplateDatabase');

/** Every run tests both dialects. */
export const testDialects: Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase extends DatabaseHandle {
  /** The DATABASE_URL that reaches this database from another process. */
  url: string;
  /** Closes the connection and removes the file or database. */
  destroy(): Promise<void>;
}

async function createSqlite(template?: string): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'clan-test-'));
  const path = join(dir, 'clan.db');
  if (template) copyFileSync(template, path);
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

let sqliteTemplate: Promise<string> | undefined;

/**
 * One migrated SQLite file per test file, copied for each test: running every migration again for
 * each test cost more than most tests themselves. Closing it checkpoints the WAL into the one file.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const template = await createSqlite();
    process.once('exit', () =>
      rmSync(dirname(template.url.slice('sqlite:'.length)), { recursive: true, force: true }),
    );
    await migrateToLatest(template);
    await template.close();
    return template.url.slice('sqlite:'.length);
  })();
  return sqliteTemplate;
}

/**
 * A database of its own per test file: schemas would share one catalogue, and the migrator's
 * introspection of it trips over other files' schemas being dropped at the same moment.
 */
async function createPostgres(url: string, template?: string): Promise<TestDatabase> {
  const name = `clan_test_${randomUUID().replaceAll('-', '')}`;
  await onServer(url, template ? `create database ${name} template ${template}` : `create database ${name}`);
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
  return dialect === 'sqlite'
    ? createSqlite(await migratedSqliteFile())
    : createPostgres(testDatabaseUrl, postgresTemplate);
}
