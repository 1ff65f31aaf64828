import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { previousReleaseMigrations } from '#test/previous-release.ts';
import { runCli } from '#test/run-cli.ts';
import { openSqlite } from '../db/client.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { migrations } from '../db/migrations/index.ts';

describe('sqlite: npm run db:migrate upgrades a database as a start does', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clan-migrate-command-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up a database of the previous release first, says where, then migrates it', async () => {
    const databasePath = join(dir, 'data', 'clan.db');
    const database = openSqlite(databasePath);
    await migrateToLatest(database, previousReleaseMigrations);
    await database.close();
    const env = { DATABASE_URL: `sqlite:${databasePath}`, BACKUP_DIR: join(dir, 'backups') };

    const upgrade = await runCli('migrate', [], env);
    expect(upgrade).toMatchObject({ code: 0, stderr: '' });
    const [backup] = readdirSync(join(dir, 'backups'));
    expect(backup).toMatch(/^clan-pre-upgrade-.*Z\.db$/);
    const latest = Object.keys(migrations).at(-1)!;
    expect(upgrade.stdout.split('\n')).toEqual([
      `Backed up the database to ${join(dir, 'backups', backup!)} before migrating it: ${latest}`,
      `Applied: ${latest}`,
      '',
    ]);

    const again = await runCli('migrate', [], env);
    expect(again).toMatchObject({ code: 0, stdout: 'The database is up to date.\n' });
    expect(readdirSync(join(dir, 'backups'))).toEqual([backup]);
  }, 30_000);
});
