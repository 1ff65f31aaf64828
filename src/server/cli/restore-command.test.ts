import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '#test/run-cli.ts';
import { openSqlite } from '../db/client.ts';
import { migrateToLatest } from '../db/migrator.ts';

function memberNames(path: string): string[] {
  const file = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    return (file.prepare('select name from members order by name').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
  } finally {
    file.close();
  }
}

function addMember(path: string, womId: string, name: string): void {
  const file = new SqliteDatabase(path);
  try {
    const at = new Date().toISOString();
    file
      .prepare('insert into members (wom_id, name, created_at, updated_at) values (?, ?, ?, ?)')
      .run(womId, name, at, at);
  } finally {
    file.close();
  }
}

describe('sqlite: npm run restore lists the backups in BACKUP_DIR and restores one by its name', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clan-restore-command-'));
  const databasePath = join(dir, 'data', 'clan.db');
  const backups = join(dir, 'kept');
  const env = { DATABASE_URL: `sqlite:${databasePath}`, BACKUP_DIR: backups };
  let name: string;

  beforeAll(async () => {
    const database = openSqlite(databasePath);
    await migrateToLatest(database);
    await database.close();
    addMember(databasePath, '1', 'Backed Up');
    const backup = await runCli('backup', [], env);
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    name = readdirSync(backups).join();
    expect(name).toMatch(/^clan-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db$/);
  }, 30_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists them with size and age without an argument or with --list, and says how to pick one', async () => {
    for (const args of [[], ['--list']]) {
      const listing = await runCli('restore', args, env);
      expect(listing).toMatchObject({ code: 0, stderr: '' });
      expect(listing.stdout).toContain(`Backups in ${backups}, newest first:`);
      expect(listing.stdout).toMatch(new RegExp(`^  ${name}\\s+[\\d.]+ KB  just now$`, 'm'));
      expect(listing.stdout).toContain(`Restore one with: npm run restore -- ${name}`);
    }
  }, 30_000);

  it('refuses a name that is neither listed nor a file, changing nothing', async () => {
    addMember(databasePath, '2', 'After Backup');
    const restore = await runCli('restore', ['clan-1999-01-01T00-00-00Z.db'], env);
    expect(restore).toMatchObject({ code: 1, stdout: '' });
    expect(restore.stderr).toContain('There is no backup named clan-1999-01-01T00-00-00Z.db');
    expect(memberNames(databasePath)).toEqual(['After Backup', 'Backed Up']);
  }, 30_000);

  it('restores the backup a listed name names', async () => {
    const restore = await runCli('restore', [name], env);
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toContain(`Restored ${join(backups, name)}`);
    expect(memberNames(databasePath)).toEqual(['Backed Up']);
  }, 30_000);
});
