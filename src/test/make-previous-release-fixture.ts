/**
 * Writes the previous release's database as SQL, for the upgrade test (previous-release-upgrade.test.ts):
 * src/server/db/fixtures/previous-release.sqlite.sql and previous-release.postgres.sql, each a fresh
 * database migrated to PREVIOUS_RELEASE and filled by seedPreviousRelease, dumped with its schema.
 * Run once per release, against a PostgreSQL server whose user may create databases:
 *
 *   npx tsx src/test/make-previous-release-fixture.ts postgres://postgres@127.0.0.1:5432/postgres
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { openPostgres, openSqlite, type DatabaseHandle } from '#server/db/client.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { onServer, withDatabase } from './postgres-server.ts';
import { previousReleaseMigrations } from './previous-release.ts';
import { seedPreviousRelease } from './previous-release-seed.ts';

const FIXTURES = fileURLToPath(new URL('../server/db/fixtures/', import.meta.url));

async function fill(handle: DatabaseHandle): Promise<void> {
  try {
    await migrateToLatest(handle, previousReleaseMigrations);
    await seedPreviousRelease(handle.db);
  } finally {
    await handle.close();
  }
}

function sqliteLiteral(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return `X'${value.toString('hex')}'`;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`SQLite gave a value of an unknown kind: ${typeof value}`);
}

/** The file as SQLite's `.dump` writes it: tables and their rows, then indexes and triggers. */
function dumpSqlite(path: string): string {
  const file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    const objects = file
      .prepare('select type, name, sql from sqlite_master where sql is not null order by rowid')
      .all() as Array<{ type: string; name: string; sql: string }>;
    const lines = ['PRAGMA foreign_keys=OFF;', 'BEGIN TRANSACTION;'];
    const tables = objects.filter((object) => object.type === 'table');
    for (const table of tables) {
      if (table.name !== 'sqlite_sequence') lines.push(`${table.sql};`);
    }
    for (const table of tables) {
      for (const row of file.prepare(`select * from "${table.name}" order by rowid`).all() as Array<
        Record<string, unknown>
      >) {
        const columns = Object.keys(row).map((column) => `"${column}"`);
        const values = Object.values(row).map(sqliteLiteral);
        lines.push(`INSERT INTO "${table.name}" (${columns.join(',')}) VALUES(${values.join(',')});`);
      }
    }
    for (const object of objects) if (object.type !== 'table') lines.push(`${object.sql};`);
    lines.push('COMMIT;', '');
    return lines.join('\n');
  } finally {
    file.close();
  }
}

async function sqliteFixture(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'clan-fixture-'));
  try {
    const path = join(dir, 'clan.db');
    await fill(openSqlite(path));
    return dumpSqlite(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pg_dump's plain SQL, without its psql-only `\restrict` guard lines, so any client can run it. */
async function postgresFixture(serverUrl: string): Promise<string> {
  const name = `clan_fixture_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `create database ${name}`);
  try {
    const url = withDatabase(serverUrl, name);
    await fill(openPostgres(url));
    const dump = spawnSync('pg_dump', ['--no-owner', '--no-acl', '--column-inserts', url], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
    return dump.stdout
      .split('\n')
      .filter((line) => !/^\\(un)?restrict /.test(line))
      .join('\n');
  } finally {
    await onServer(serverUrl, `drop database ${name} with (force)`);
  }
}

const serverUrl = process.argv[2];
if (serverUrl === undefined) {
  process.stderr.write('Usage: npx tsx src/test/make-previous-release-fixture.ts <postgres server URL>\n');
  process.exit(1);
}
writeFileSync(join(FIXTURES, 'previous-release.sqlite.sql'), await sqliteFixture());
writeFileSync(join(FIXTURES, 'previous-release.postgres.sql'), await postgresFixture(serverUrl));
process.stdout.write(`Wrote the previous release's database to ${FIXTURES}\n`);
