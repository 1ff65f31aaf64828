import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#test/databases.ts';
import { pgDumpCanDump } from '#test/pg-dump.ts';
import { backupSqlite, restoreSqlite } from './backup.ts';
import { openSqlite, type DatabaseHandle } from './client.ts';
import { migrateToLatest } from './migrator.ts';
import { backupPostgres, dumpPostgres, parsePostgresUrl, restoreInstructions } from './postgres-backup.ts';

const pgDumpUsable = await pgDumpCanDump(testDatabaseUrl);
const NOW = new Date('2026-11-24T18:33:53.123Z');
const EMPTY_MEMBER = {
  wom_name: null,
  womrole: null,
  wom_role_synced: null,
  title: null,
  join_date: null,
  build: null,
  ironman_type: null,
  wom_account_type: null,
  runewatch_reported_at: null,
  runewatch_case: null,
  runewatch_whitelist_reason: null,
  runewatch_whitelisted_at: null,
  runewatch_whitelisted_by: null,
  left_at: null,
  deleted_at: null,
};

async function addMember(handle: DatabaseHandle, womId: string, name: string): Promise<void> {
  const at = NOW.toISOString();
  await handle.db
    .insertInto('members')
    .values({ ...EMPTY_MEMBER, wom_id: womId, name, created_at: at, updated_at: at })
    .execute();
}

function memberNames(path: string): string[] {
  const file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    return (file.prepare('select name from members order by wom_id').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
  } finally {
    file.close();
  }
}

describe('sqlite: backup and restore of the database file', () => {
  let dir: string;
  let databasePath: string;
  let app: DatabaseHandle | null;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clan-backup-'));
    databasePath = join(dir, 'data', 'clan.db');
    app = openSqlite(databasePath);
    await migrateToLatest(app);
    await addMember(app, '1', 'Before Backup');
  });
  afterEach(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function stopApp(): Promise<void> {
    await app?.close();
    app = null;
  }

  it('copies writes still in the -wal of an open database and reports the copy', async () => {
    expect(existsSync(`${databasePath}-wal`)).toBe(true);
    const backup = await backupSqlite(databasePath, join(dir, 'copy.db'));
    expect(backup).toMatchObject({ path: join(dir, 'copy.db'), bytes: expect.any(Number), members: 1 });
    expect(backup.migration).toMatch(/^\d{4}_/);
    expect(memberNames(backup.path)).toEqual(['Before Backup']);
  });

  it('never overwrites an existing file and leaves no partial file behind', async () => {
    const taken = join(dir, 'taken.db');
    writeFileSync(taken, 'precious');
    await expect(backupSqlite(databasePath, taken)).rejects.toThrow('taken.db already exists');
    expect(readFileSync(taken, 'utf8')).toBe('precious');
    expect(readdirSync(dir).sort()).toEqual(['data', 'taken.db']);
  });

  it('puts the backup in place and keeps the replaced database aside with its data', async () => {
    const backup = await backupSqlite(databasePath, join(dir, 'copy.db'));
    await addMember(app!, '2', 'After Backup');
    await stopApp();
    const restored = await restoreSqlite(backup.path, databasePath, NOW);
    expect(restored.keptAside).toBe(`${databasePath}.before-restore-2026-11-24T18-33-53Z`);
    expect(memberNames(databasePath)).toEqual(['Before Backup']);
    expect(memberNames(restored.keptAside!)).toEqual(['Before Backup', 'After Backup']);
    expect(readdirSync(join(dir, 'data')).sort()).toEqual([
      'clan.db',
      'clan.db.before-restore-2026-11-24T18-33-53Z',
    ]);
  });

  it('restores onto a machine with no database yet', async () => {
    const backup = await backupSqlite(databasePath, join(dir, 'copy.db'));
    const fresh = join(dir, 'elsewhere', 'clan.db');
    expect((await restoreSqlite(backup.path, fresh, NOW)).keptAside).toBeNull();
    expect(memberNames(fresh)).toEqual(['Before Backup']);
  });

  it('replaces a damaged database, keeping it and its -wal aside, and leaves no -wal to replay into the backup', async () => {
    const backup = await backupSqlite(databasePath, join(dir, 'copy.db'));
    await stopApp();
    writeFileSync(databasePath, 'damaged '.repeat(1000));
    writeFileSync(`${databasePath}-wal`, 'stale log '.repeat(1000));
    const restored = await restoreSqlite(backup.path, databasePath, NOW);
    expect(readdirSync(join(dir, 'data')).sort()).toEqual([
      'clan.db',
      'clan.db.before-restore-2026-11-24T18-33-53Z',
      'clan.db.before-restore-2026-11-24T18-33-53Z-wal',
    ]);
    expect(readFileSync(`${restored.keptAside}-wal`, 'utf8')).toBe('stale log '.repeat(1000));
    expect(memberNames(databasePath)).toEqual(['Before Backup']);
  });

  it('refuses while the database is open, saying to stop the app, and changes nothing', async () => {
    const backup = await backupSqlite(databasePath, join(dir, 'copy.db'));
    await expect(restoreSqlite(backup.path, databasePath, NOW)).rejects.toThrow(
      `Stop the app before restoring: ${databasePath} is in use.`,
    );
    expect(readdirSync(join(dir, 'data')).sort()).toEqual(['clan.db', 'clan.db-shm', 'clan.db-wal']);
  });

  async function refusesToRestore(file: string, message: string): Promise<void> {
    await addMember(app!, '2', 'Current');
    await stopApp();
    const before = readFileSync(databasePath);
    await expect(restoreSqlite(file, databasePath, NOW)).rejects.toThrow(message);
    expect(readFileSync(databasePath).equals(before)).toBe(true);
    expect(readdirSync(join(dir, 'data'))).toEqual(['clan.db']);
  }

  it('refuses a file that is not a SQLite database', async () => {
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'not a database, just some bytes '.repeat(200));
    await refusesToRestore(garbage, `${garbage} is not a SQLite database.`);
  });

  it('refuses a SQLite database of another app', async () => {
    const other = join(dir, 'other.db');
    const file = new SqliteDatabase(other);
    file.exec('create table notes (body text); insert into notes values (1)');
    file.close();
    await refusesToRestore(other, `${other} is not a database of this app: it has no migrations table.`);
  });

  it('refuses a backup from a newer version of the app', async () => {
    const backup = await backupSqlite(databasePath, join(dir, 'newer.db'));
    const file = new SqliteDatabase(backup.path);
    file
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('2099_01_01_0000_future', 'x');
    file.close();
    await refusesToRestore(
      backup.path,
      `${backup.path} comes from a newer version of this app (migration 2099_01_01_0000_future).`,
    );
  });
});

describe('postgres: connection strings in what the commands print', () => {
  it('keeps the password out of what it prints and passes on a command line', () => {
    const target = parsePostgresUrl('postgres://clan:p%40ss@db.example.com:6543/siege?sslmode=require');
    expect(target).toEqual({
      url: 'postgres://clan@db.example.com:6543/siege?sslmode=require',
      password: 'p@ss',
      host: 'db.example.com',
      port: '6543',
      database: 'siege',
      user: 'clan',
    });
    expect(restoreInstructions(target, 'x.dump')).not.toContain('p@ss');
  });
});

describe('postgres: backup with pg_dump', () => {
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    dir = mkdtempSync(join(tmpdir(), 'clan-dump-'));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  // Which of the two depends on the pg_dump installed beside this run's PostgreSQL server; the
  // export itself is tested with pg_dump left off the PATH (postgres-export.test.ts).
  if (pgDumpUsable) {
    it('dumps the database in pg_dump custom format, never over an existing file', async () => {
      await addMember(database, '1', 'Dumped');
      const target = parsePostgresUrl(database.url);
      const dump = await dumpPostgres(target, join(dir, 'clan.dump'));
      expect(dump).toEqual({ path: join(dir, 'clan.dump'), bytes: expect.any(Number) });
      const listing = spawnSync('pg_restore', ['--list', dump.path], { encoding: 'utf8' });
      expect(listing.stdout).toContain('TABLE DATA public members');
      await expect(dumpPostgres(target, dump.path)).rejects.toThrow('clan.dump already exists');
      expect(readdirSync(dir)).toEqual(['clan.dump']);
    });
  } else {
    it('falls back to the site’s own export when pg_dump cannot dump this server', async () => {
      await addMember(database, '1', 'Exported');
      const backup = await backupPostgres(database.url, (extension) => join(dir, `clan.${extension}`), NOW);
      expect(backup).toMatchObject({
        format: 'postgres_export',
        rows: expect.objectContaining({ members: 1 }),
      });
      expect(readdirSync(dir)).toEqual(['clan.jsonl.gz']);
    });
  }
});
