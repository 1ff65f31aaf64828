import { loadConfig, loadDotEnv } from '../config.ts';
import { backupSqlite, BackupError } from '../db/backup.ts';
import { backupPostgres, parsePostgresUrl } from '../db/postgres-backup.ts';
import { backupPath } from '../features/backups/backup-folder.ts';
import { formatBytes } from './format-bytes.ts';

const USAGE = 'Usage: npm run backup [-- <file>]';
const EXPORT_NOTE =
  "pg_dump is not installed here, or is older than the server: this is the site's own export of " +
  'every table, which `npm run restore` puts back.';

/**
 * `npm run backup [-- <file>]`: writes a consistent copy of the configured database while the app
 * keeps running, by default into BACKUP_DIR and named as the scheduled backups are, so that
 * `npm run restore` lists it: SQLite to <name>-<time>.db, PostgreSQL through pg_dump to
 * <database>-<time>.dump, or, without a pg_dump that can dump the server, as the site's own export
 * to <database>-<time>.jsonl.gz.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) throw new BackupError(USAGE);
  const config = loadConfig();
  const { database } = config;
  const now = new Date();
  if (database.dialect === 'postgres') {
    const backup = await backupPostgres(
      database.connectionString,
      (extension) => args[0] ?? backupPath(config, now, extension),
      now,
    );
    const name = parsePostgresUrl(database.connectionString).database;
    process.stdout.write(`Backed up ${name} to ${backup.path} (${formatBytes(backup.bytes)}).\n`);
    if (backup.format === 'postgres_export') process.stdout.write(`${EXPORT_NOTE}\n`);
    return;
  }
  const backup = await backupSqlite(database.path, args[0] ?? backupPath(config, now, 'db'));
  process.stdout.write(`Backed up ${database.path} to ${backup.path} (${formatBytes(backup.bytes)}).\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
