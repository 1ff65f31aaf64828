import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createEmptyTestDatabase,
  createTestDatabase,
  testDatabaseUrl,
  testDialects,
  type TestDatabase,
} from '#test/databases.ts';
import { pgDumpCanDump } from '#test/pg-dump.ts';
import { freePort } from '#test/free-port.ts';
import { runCli as runCliProcess } from '#test/run-cli.ts';
import {
  signInOverHttp,
  startServerProcess,
  stopServerProcess,
  until,
  type ServerProcess,
} from '#test/server-process.ts';
import type { Dialect } from '../db/client.ts';

const pgDumpUsable = await pgDumpCanDump(testDatabaseUrl);
const ADMIN = { username: 'backupadmin', password: 'backup-test-password' };

/** `npm run backup|restore` on the database at `databaseUrl`, optionally on another PATH. */
const runCli = (script: 'backup' | 'restore', args: string[], databaseUrl: string, path?: string) =>
  runCliProcess(script, args, { DATABASE_URL: databaseUrl, ...(path === undefined ? {} : { PATH: path }) });

function newMember(womId: string) {
  return {
    wom_id: womId,
    name: `Recruit ${womId}`,
    wom_name: null,
    womrole: null,
    title: null,
    join_date: null,
    current_lvl: 0,
    current_xp: 0,
    first_lvl: 0,
    first_xp: 0,
    ehb: 0,
    siege_score: 0,
  };
}

/**
 * Admins adding members over HTTP from a few concurrent loops, as fast as the server answers; a
 * write is `refused` unless answered 201.
 */
function startAddingMembers(server: ServerProcess, cookie: string) {
  const acknowledged: string[] = [];
  const refused: string[] = [];
  /** Ids whose request was sent after `markBackupDone`: no backup taken earlier can hold them. */
  const sentAfterBackup = new Set<string>();
  let backupDone = false;
  let stopped = false;
  let next = 900_000;
  const loop = async () => {
    while (!stopped) {
      const womId = String((next += 1));
      if (backupDone) sentAfterBackup.add(womId);
      const response = await fetch(`${server.base}/api/admin/members`, {
        method: 'POST',
        headers: { cookie, origin: server.base, 'content-type': 'application/json' },
        body: JSON.stringify(newMember(womId)),
      }).catch(() => null);
      (response?.status === 201 ? acknowledged : refused).push(womId);
      // A server gone (a failed test killed it) ends the load rather than spinning on refusals.
      if (response === null) return;
    }
  };
  const loops = [loop(), loop(), loop()];
  return {
    acknowledged,
    refused,
    markBackupDone() {
      backupDone = true;
    },
    acknowledgedAfterBackup: () => acknowledged.filter((id) => sentAfterBackup.has(id)),
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function memberIds(server: ServerProcess): Promise<Set<string>> {
  const cookie = await signInOverHttp(server.base, ADMIN);
  const response = await fetch(`${server.base}/api/admin/members`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return new Set(((await response.json()) as Array<{ wom_id: string }>).map((member) => member.wom_id));
}

function sqliteMemberIds(path: string): Set<string> {
  const file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    return new Set(
      (file.prepare('select wom_id from members').all() as Array<{ wom_id: string }>).map(
        (row) => row.wom_id,
      ),
    );
  } finally {
    file.close();
  }
}

function integrityOf(path: string): string {
  const file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    return String(file.pragma('integrity_check', { simple: true }));
  } finally {
    file.close();
  }
}

describe('backup and restore of a running server', () => {
  let dir: string | undefined;
  const databases: TestDatabase[] = [];
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
    for (const database of databases.splice(0)) await database.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function serverOn(databaseUrl: string): Promise<ServerProcess> {
    const server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      WOM_GROUP_ID: '1234',
      // A WOM that cannot be reached: Add Member saves each new member unchecked (decision 035), so
      // the load's thousands of made-up ids are written rather than refused as unknown to WOM.
      WOM_BASE_URL: `http://127.0.0.1:${await freePort()}/v2`,
      WOM_REQUESTS_PER_MINUTE: '10000',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    });
    servers.push(server);
    return server;
  }

  /** A database the server creates and migrates itself: a SQLite file in `dir`, or an empty PostgreSQL one. */
  async function emptyDatabaseUrl(dialect: Dialect): Promise<string> {
    if (dialect === 'sqlite') return `sqlite:${join(dir!, 'data', 'clan.db')}`;
    const database = await createEmptyTestDatabase('postgres');
    databases.push(database);
    return database.url;
  }

  // PostgreSQL is backed up by pg_dump and restored by pg_restore, which refuse a server newer than
  // themselves (db/backup.test.ts checks that message); a run whose server they cannot dump has nothing to restore.
  for (const dialect of testDialects.filter((name) => name === 'sqlite' || pgDumpUsable)) {
    it(`${dialect}: a backup taken while admins write holds every write acknowledged before it began, and restores into a working site`, async () => {
      dir = mkdtempSync(join(tmpdir(), 'clan-backup-load-'));
      const databaseUrl = await emptyDatabaseUrl(dialect);
      const first = await serverOn(databaseUrl);
      const load = startAddingMembers(first, await signInOverHttp(first.base, ADMIN));
      await until('the load has written a little', async () => load.acknowledged.length >= 20);

      const acknowledgedBeforeBackup = [...load.acknowledged];
      const destination = join(dir, 'backups', dialect === 'sqlite' ? 'during-load.db' : 'during-load.dump');
      const backup = await runCli('backup', [destination], databaseUrl);
      load.markBackupDone();
      expect(backup).toMatchObject({ code: 0, stderr: '' });
      expect(backup.stdout).toContain(`Backed up`);
      expect(backup.stdout).toContain(destination);
      await until(
        'the load writes on after the backup',
        async () => load.acknowledgedAfterBackup().length >= 5,
      );
      await load.stop();
      expect(load.refused).toEqual([]);
      // Killed, not stopped: a SQLite database keeps the writes since the backup in a stale -wal.
      await stopServerProcess(first, 'SIGKILL');

      let restoredUrl = databaseUrl;
      if (dialect === 'sqlite') {
        const restore = await runCli('restore', [destination], databaseUrl);
        expect(restore).toMatchObject({ code: 0, stderr: '' });
        const keptAside = /kept as (\S+)\.$/m.exec(restore.stdout)?.[1];
        expect(keptAside).toBeDefined();
        // The replaced database is kept with every acknowledged write, the killed server's -wal included.
        const keptIds = sqliteMemberIds(keptAside!);
        expect(load.acknowledged.filter((id) => !keptIds.has(id))).toEqual([]);
      } else {
        restoredUrl = await emptyDatabaseUrl('postgres');
        const restore = await runCli('restore', [destination], restoredUrl);
        expect(restore).toMatchObject({ code: 0, stderr: '' });
        expect(restore.stdout).toContain('The database held no data of this app before.');
      }

      const second = await serverOn(restoredUrl);
      const restoredIds = await memberIds(second);
      expect(acknowledgedBeforeBackup.filter((id) => !restoredIds.has(id))).toEqual([]);
      expect(load.acknowledgedAfterBackup().filter((id) => restoredIds.has(id))).toEqual([]);
      await stopServerProcess(second, 'SIGTERM');
      if (dialect === 'sqlite') expect(integrityOf(join(dir, 'data', 'clan.db'))).toBe('ok');
    }, 120_000);
  }

  it('sqlite: restore refuses while a server runs on the database, and changes nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'clan-backup-load-'));
    const databaseUrl = await emptyDatabaseUrl('sqlite');
    const server = await serverOn(databaseUrl);
    const backupPath = join(dir, 'copy.db');
    expect((await runCli('backup', [backupPath], databaseUrl)).code).toBe(0);

    const restore = await runCli('restore', [backupPath], databaseUrl);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('Stop the app before restoring');
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('restor'))).toEqual([]);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);

    const again = await runCli('backup', [backupPath], databaseUrl);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  }, 60_000);

  it('sqlite: restore refuses a file that is not a database of this app and creates no database', async () => {
    dir = mkdtempSync(join(tmpdir(), 'clan-backup-load-'));
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'SQLite format 3 but not really '.repeat(100));
    const restore = await runCli('restore', [garbage], await emptyDatabaseUrl('sqlite'));
    expect(restore).toMatchObject({ code: 1, stdout: '' });
    expect(restore.stderr).toContain('is not a SQLite database');
    expect(existsSync(join(dir, 'data', 'clan.db'))).toBe(false);
  }, 30_000);

  it('postgres: without pg_dump installed, backup writes the site’s own export, which restore puts back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'clan-backup-load-'));
    const source = await createTestDatabase('postgres');
    databases.push(source);
    const at = new Date().toISOString();
    await source.db
      .insertInto('members')
      .values({ wom_id: '7', name: 'Exported', created_at: at, updated_at: at })
      .execute();
    const destination = join(dir, 'clan.jsonl.gz');
    const backup = await runCli('backup', [destination], source.url, dir);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toContain(`Backed up ${new URL(source.url).pathname.slice(1)} to ${destination}`);
    expect(backup.stdout).toContain('pg_dump is not installed here');

    const restoredUrl = await emptyDatabaseUrl('postgres');
    const restore = await runCli('restore', [destination], restoredUrl, dir);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    const restored = await serverOn(restoredUrl);
    expect(await memberIds(restored)).toContain('7');
  }, 60_000);
});
