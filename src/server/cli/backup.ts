import { loadConfig, loadDotEnv } from '../config.ts';
import { backupSqlite, BackupError } from '../db/backup.ts';
import { dumpPostgres, parsePostgresUrl } from '../db/postgres-backup.ts';
import { backupPath } from '../features/backups/backup-folder.ts';
import { formatBytes } from './format-bytes.ts';

const USAGE = 'Usage: npm run backup [-- <file>]';

/**
 * `npm run backup [-- <file>]`: writes a consistent copy of the configured database while the app
 * keeps running, by default into BACKUP_DIR and named as the scheduled backups are, so that
 * `npm run restore` lists it: SQLite to <name>-<time>.db, PostgreSQL through pg_dump to
 * <database>-<time>.dump. Without a pg_dump that can dump the server it says what to run instead
 * and exits with 1, so a scheduled backup never passes for done.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) throw new BackupError(USAGE);
  const config = loadConfig();
  const { database } = config;
  const now = new Date();
  if (database.dialect === 'postgres') {
    const target = parsePostgresUrl(database.connectionString);
    const dump = await dumpPostgres(target, args[0] ?? backupPath(config, now, 'dump'));
    process.stdout.write(`Backed up ${target.database} to ${dump.path} (${formatBytes(dump.bytes)}).\n`);
    return;
  }
  const backup = backupSqlite(database.path, args[0] ?? backupPath(config, now, 'db'));
  process.stdout.write(`Backed up ${database.path} to ${backup.path} (${formatBytes(backup.bytes)}).\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
