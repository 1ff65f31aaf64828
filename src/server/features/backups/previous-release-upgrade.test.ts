import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, testConfig } from '#test/app.ts';
import { createEmptyTestDatabase, testDialects, type TestDatabase } from '#test/databases.ts';
import { onServer } from '#test/postgres-server.ts';
import { PREVIOUS_RELEASE } from '#test/previous-release.ts';
import { restoreSqlite } from '../../db/backup.ts';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../../db/client.ts';
import { currentMigration } from '../../db/migrator.ts';
import { migrations } from '../../db/migrations/index.ts';
import { restorePostgres } from '../../db/postgres-restore.ts';
import type { Database } from '../../db/schema.ts';
import { toBool } from '../../db/values.ts';
import { listBackups } from './backup-folder.ts';
import { upgradeDatabase, type UpgradeDeps } from './safe-upgrade.ts';

/** The previous release's database with a clan's rows in every table (make-previous-release-fixture.ts). */
const fixture = (dialect: Dialect) =>
  readFileSync(new URL(`../../db/fixtures/previous-release.${dialect}.sql`, import.meta.url), 'utf8');

const NOW = new Date('2026-12-08T06:00:00.000Z');

/** Every table's columns, and its rows read through those columns as sorted JSON lines. */
type Contents = Record<string, { columns: string[]; rows: string[] }>;

async function rowsOf(db: Kysely<Database>, table: string, columns: string[]): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)}`.execute(db);
  return rows.map((row) => JSON.stringify(row)).sort();
}

async function contentsOf(db: Kysely<Database>): Promise<Contents> {
  const contents: Contents = {};
  for (const table of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    const columns = table.columns.map((column) => column.name);
    contents[table.name] = { columns, rows: await rowsOf(db, table.name, columns) };
  }
  return contents;
}

/** Every row of every table of `before` is in `db`, read through the columns it had; migrations only add. */
async function expectEveryRow(before: Contents, db: Kysely<Database>): Promise<void> {
  for (const [table, { columns, rows }] of Object.entries(before)) {
    const now = await rowsOf(db, table, columns);
    if (table === 'kysely_migration') expect(now, table).toEqual(expect.arrayContaining(rows));
    else expect(now, table).toEqual(rows);
  }
}

for (const dialect of testDialects) {
  describe(`${dialect}: upgrading a database of the previous release`, () => {
    let database: TestDatabase;
    let restored: TestDatabase | null;
    let dir: string;
    let deps: UpgradeDeps;
    beforeEach(async () => {
      database = await createEmptyTestDatabase(dialect);
      restored = null;
      if (dialect === 'sqlite') {
        const file = new SqliteDatabase(database.url.slice('sqlite:'.length));
        try {
          file.exec(fixture('sqlite'));
          // Loaded without them, as SQLite's dumps are: every reference must still hold.
          expect(file.pragma('foreign_key_check')).toEqual([]);
        } finally {
          file.close();
        }
      } else {
        await onServer(database.url, fixture('postgres'));
      }
      dir = mkdtempSync(join(tmpdir(), 'clan-previous-release-'));
      const config = testConfig({ DATABASE_URL: database.url, BACKUP_DIR: dir });
      deps = {
        database: config.database,
        backups: config.backups,
        clock: createManualClock(NOW.toISOString()),
        log: () => undefined,
      };
    });
    afterEach(async () => {
      await database.destroy();
      await restored?.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps every row of every table, takes the backup first, and the backup holds them all', async () => {
      expect(await currentMigration(database)).toBe(PREVIOUS_RELEASE);
      const before = await contentsOf(database.db);
      // The fixture is a clan's database: no table of it is empty.
      expect(Object.entries(before).filter(([, { rows }]) => rows.length === 0)).toEqual([]);
      expect(Object.keys(before).length).toBeGreaterThan(50);

      const upgrade = await upgradeDatabase(database, deps);
      expect(upgrade.applied).toEqual(Object.keys(migrations).filter((name) => name > PREVIOUS_RELEASE));
      expect(await currentMigration(database)).toBe(Object.keys(migrations).at(-1));
      await expectEveryRow(before, database.db);

      // A spot check of values through this version's reads.
      const zezima = await database.db
        .selectFrom('members')
        .selectAll()
        .where('wom_id', '=', '101')
        .executeTakeFirstOrThrow();
      expect(zezima).toMatchObject({ name: 'Zezima', current_xp: 4_600_000_000, ehb: 1234.5 });
      expect(zezima.created_at).toBe('2026-11-01T12:30:15.250Z');
      const ann = await database.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'Ann')
        .executeTakeFirstOrThrow();
      expect([toBool(ann.discord_mention_opt_in), ann.discord_user_id]).toEqual([false, null]);
      const image = await database.db.selectFrom('dink_images').select('bytes').executeTakeFirstOrThrow();
      expect(Buffer.from(image.bytes).toString('latin1')).toBe('RIFF\u0004\u0000\u0000\u0000WEBP');

      // The backup taken before the upgrade is listed, and restores the previous release's rows.
      expect(upgrade.backup).not.toBeNull();
      expect(listBackups(deps)).toEqual([{ name: basename(upgrade.backup!), at: NOW, kind: 'pre-upgrade' }]);
      restored = await createEmptyTestDatabase(dialect);
      let back: DatabaseHandle;
      if (dialect === 'sqlite') {
        const path = restored.url.slice('sqlite:'.length);
        await restored.close();
        await restoreSqlite(upgrade.backup!, path, NOW);
        back = openSqlite(path);
      } else {
        await restored.close();
        await restorePostgres(restored.url, upgrade.backup!, dir, NOW);
        back = openPostgres(restored.url);
      }
      try {
        await expectEveryRow(before, back.db);
      } finally {
        await back.close();
      }
    }, 60_000);
  });
}
