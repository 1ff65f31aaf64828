import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, testConfig } from '#test/app.ts';
import { createEmptyTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { previousReleaseMigrations } from '#test/previous-release.ts';
import { dumpTables } from '#test/table-dump.ts';
import { currentMigration, migrateToLatest, type Migrations } from '../../db/migrator.ts';
import { migrations } from '../../db/migrations/index.ts';
import { listBackups } from './backup-folder.ts';
import { upgradeDatabase, UpgradeError, type UpgradeDeps } from './safe-upgrade.ts';

const LATEST = Object.keys(migrations).at(-1)!;
const PREVIOUS = Object.keys(previousReleaseMigrations).at(-1)!;

/** This version's migrations and one more that changes schema and rows, then fails. */
const withFailingMigration: Migrations = {
  ...migrations,
  '2099_01_01_0000_fails_halfway': {
    async up(db: Kysely<unknown>) {
      await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
      await sql`update members set name = 'Changed'`.execute(db);
      await sql`delete from users`.execute(db);
      throw new Error('the disk is on fire');
    },
  },
};

for (const dialect of testDialects) {
  describe(`${dialect}: upgrading the database at start`, () => {
    let database: TestDatabase;
    let dir: string;
    let deps: UpgradeDeps;
    let logged: string[];
    beforeEach(async () => {
      database = await createEmptyTestDatabase(dialect);
      dir = mkdtempSync(join(tmpdir(), 'clan-upgrade-'));
      logged = [];
      const config = testConfig({ DATABASE_URL: database.url, BACKUP_DIR: dir });
      deps = {
        database: config.database,
        backups: config.backups,
        clock: createManualClock('2026-12-08T06:00:00.000Z'),
        log: (message) => logged.push(message),
      };
    });
    afterEach(async () => {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    /** A database the previous release made and used: an account and a member. */
    async function previousReleaseDatabase(): Promise<void> {
      await migrateToLatest(database, previousReleaseMigrations);
      const at = '2026-12-01T10:00:00.000Z';
      await database.db
        .insertInto('users')
        .values({ username: 'Ann', password_hash: 'hash', created_at: at, updated_at: at })
        .execute();
      await database.db
        .insertInto('members')
        .values({ wom_id: '101', name: 'Zezima', created_at: at, updated_at: at })
        .execute();
    }

    it('migrates a fresh database without a backup: there is nothing to keep', async () => {
      expect(await upgradeDatabase(database, deps)).toEqual({
        applied: Object.keys(migrations),
        backup: null,
      });
      expect(readdirSync(dir)).toEqual([]);
      expect(logged).toEqual([]);
    });

    it('backs up a database with data before its pending migrations, names it in the log, and lists it', async () => {
      await previousReleaseDatabase();
      const upgrade = await upgradeDatabase(database, deps);
      expect(upgrade.applied).toEqual([LATEST]);
      expect(basename(upgrade.backup!)).toMatch(/-pre-upgrade-2026-12-08T06-00-00Z\.(db|dump|jsonl\.gz)$/);
      expect(logged).toEqual([`Backed up the database to ${upgrade.backup} before migrating it: ${LATEST}`]);
      expect(listBackups(deps)).toEqual([
        { name: basename(upgrade.backup!), at: new Date('2026-12-08T06:00:00Z'), kind: 'pre-upgrade' },
      ]);
      expect(await currentMigration(database)).toBe(LATEST);
    });

    it('takes no backup when nothing is pending', async () => {
      await previousReleaseDatabase();
      await migrateToLatest(database);
      expect(await upgradeDatabase(database, deps)).toEqual({ applied: [], backup: null });
      expect(readdirSync(dir)).toEqual([]);
    });

    it('leaves every table and row as they were when a migration fails, and says how to go back', async () => {
      await previousReleaseDatabase();
      const before = await dumpTables(database.db);
      const failure = await upgradeDatabase(database, { ...deps, migrations: withFailingMigration }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(UpgradeError);
      const [backup] = listBackups(deps);
      const message = (failure as UpgradeError).message;
      expect(message).toContain('Migration 2099_01_01_0000_fails_halfway failed: the disk is on fire.');
      expect(message).toContain('The database is unchanged');
      expect(message).toContain('run the previous release');
      expect(message).toContain(`A backup was taken before the upgrade at ${join(dir, backup!.name)}`);
      expect(message).toContain(`npm run restore -- ${backup!.name}`);
      // The migration before the failing one is rolled back with it: the previous release's schema.
      expect(await currentMigration(database)).toBe(PREVIOUS);
      expect(await dumpTables(database.db)).toEqual(before);
    });
  });
}
