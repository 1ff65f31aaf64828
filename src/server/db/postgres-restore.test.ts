import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmptyTestDatabase,
  createTestDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from '#test/databases.ts';
import { pgDumpCanDump } from '#test/pg-dump.ts';
import { dumpTables, type TableDump } from '#test/table-dump.ts';
import { openPostgres } from './client.ts';
import { dumpPostgres, parsePostgresUrl } from './postgres-backup.ts';
import { restorePostgres } from './postgres-restore.ts';

const pgDumpUsable = await pgDumpCanDump(testDatabaseUrl);
const NOW = new Date('2026-11-24T18:33:53Z');

async function addMembers(database: TestDatabase, ...names: string[]): Promise<void> {
  const at = NOW.toISOString();
  await database.db
    .insertInto('members')
    .values(names.map((name, n) => ({ wom_id: String(n + 1), name, created_at: at, updated_at: at })))
    .execute();
}

/** Every row of every table of the database at `url`, read through a connection of its own. */
async function tablesAt(url: string): Promise<TableDump> {
  const handle = openPostgres(url);
  try {
    return await dumpTables(handle.db);
  } finally {
    await handle.close();
  }
}

// Restoring runs pg_restore and psql, installed with the pg_dump that can dump this run's server.
describe.runIf(pgDumpUsable)('postgres: restoring a pg_dump backup', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let dumpPath: string;
  let backedUp: TableDump;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clan-pg-restore-'));
    source = await createTestDatabase('postgres');
    await addMembers(source, 'Zezima', 'Lynx Titan');
    dumpPath = (await dumpPostgres(parsePostgresUrl(source.url), join(dir, 'clan.dump'))).path;
    backedUp = await dumpTables(source.db);
    await source.close();
  });
  afterEach(async () => {
    await source.destroy();
    await target.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const restore = (database: TestDatabase) => restorePostgres(database.url, dumpPath, dir, NOW);

  it('restores every row into an empty database, keeping nothing aside', async () => {
    target = await createEmptyTestDatabase('postgres');
    await target.close();
    const restored = await restore(target);
    expect(restored).toMatchObject({ migration: expect.stringMatching(/^\d{4}_/), keptAside: null });
    expect(await tablesAt(target.url)).toEqual(backedUp);
  });

  it('replaces a database with newer tables, backing up what it held first', async () => {
    target = await createTestDatabase('postgres');
    await addMembers(target, 'Only In Target');
    await sql`create table from_a_newer_version (id integer primary key)`.execute(target.db);
    await sql`create function from_a_newer_version() returns integer language sql as 'select 1'`.execute(
      target.db,
    );
    await target.close();
    const restored = await restore(target);
    expect(restored.keptAside).toBe(
      join(dir, `${parsePostgresUrl(target.url).database}.before-restore-2026-11-24T18-33-53Z.dump`),
    );
    expect(await tablesAt(target.url)).toEqual(backedUp);
    expect(readdirSync(dir).sort()).toEqual(['clan.dump', restored.keptAside!.slice(dir.length + 1)].sort());
  });

  async function refuses(database: TestDatabase, message: string): Promise<void> {
    const before = await tablesAt(database.url);
    await expect(restore(database)).rejects.toThrow(message);
    expect(await tablesAt(database.url)).toEqual(before);
  }

  it('refuses while the app is connected to the database, and changes nothing', async () => {
    target = await createTestDatabase('postgres');
    await addMembers(target, 'Still Running');
    await refuses(target, 'Stop the app before restoring');
    expect(readdirSync(dir)).toEqual(['clan.dump']);
  });

  it('rolls the whole restore back when it stops at an error, and changes nothing', async () => {
    target = await createTestDatabase('postgres');
    await addMembers(target, 'Kept');
    // Someone's view on a table the restore must drop and create again: the drop fails.
    await sql`create view member_names as select name from members`.execute(target.db);
    await target.close();
    await refuses(target, 'Nothing was restored: the restore stopped at an error.');
  });
});
